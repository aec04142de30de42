/**
 * What the offline synchronisation shows a reader, as the server answers it and the browser reads it
 * (types only, one declaration for both sides): a conflict of the log, a local change not yet sent, a
 * local change the server refused.
 */

/** A field an offline client changed that the server had changed too, as a reader sees it (server/sync/conflicts.ts). */
export interface SyncConflict {
  id: string;
  table: string;
  rowId: string;
  rootId: string | null;
  field: string;
  /** The field's title in the reader's language. */
  fieldTitle: string;
  server: unknown;
  client: unknown;
  /** Both values as the reader reads them: labels for codes, names for references, dd.MM.yyyy dates (null: none). */
  serverText: string | null;
  clientText: string | null;
  /** Who changed the field on the client, and when. */
  userName: string | null;
  changedAt: string | null;
  /** Who changed the field on the server (the change that made the server's value), and when. */
  serverUserName: string | null;
  serverChangedAt: string | null;
  resolved: boolean;
  /** Which value the user who resolved it kept. */
  kept: 'server' | 'client' | null;
  resolvedByName: string | null;
  resolvedAt: string | null;
  /** Whether the reader may keep one of the values (they may edit the row). */
  mayResolve: boolean;
}

/** The server's reasons for refusing a change (a field and a message; field null: the whole change). */
export type SyncRefusal = { field: string | null; msg: string }[];

/** A local change the server refused, kept on the client with its reason (server/sync/client/state.ts keeps more). */
export interface RejectedChangeView {
  changeId: string;
  table: string;
  id: string;
  op: 'create' | 'update' | 'delete';
  errors: SyncRefusal;
  at: string;
}

/** One local change not yet sent, as the sync page lists it (server/sync/client/unsent.ts). */
export interface UnsentChange {
  table: string;
  tableTitle: string;
  id: string;
  op: 'create' | 'update' | 'delete';
  /** The case the row belongs to (a case's exam: the case), null for a row of no case (a patient). */
  caseId: string | null;
  caseNumber: string | null;
  /** The titles of the fields the change carries (for an update: the fields changed). */
  fields: string[];
  userName: string | null;
  at: string;
  /** The server's reasons, for a change it refused. */
  errors?: SyncRefusal;
}
