// A declared row action (`DomainModule.actions`, server/actions/): what its guard and change see, what
// it answers, its route on the spec's own path. Types only.
import type { Schemas } from '../engine/generated/index.ts';
import type { HistoryDetail } from '../engine/history-detail.ts';
import type { JsonSchema, TableDef } from '../engine/types.ts';
import type { Em } from './db/orm.ts';
import type { AppContext, Doc, Row, SchemaName, Session } from './types.ts';

/** What an action's guard and change see: the row, read and locked inside the action's transaction. */
export interface ActionContext<T extends object = Doc> {
  em: Em;
  ctx: AppContext;
  session: Session;
  def: TableDef;
  id: string;
  /** The row as the API reads it (after the table's `afterRead` hooks). */
  row: Row<T>;
}

/**
 * Why an action is not allowed now: an i18n key (answered 400), or one with its status (a 403 for
 * a refusal that is about who asks rather than the row's state).
 */
export type Refusal = string | { msg: string; status: 400 | 403 | 404 | 409 };

/** What an action changes: a patch of the row (written by the table writer: diff and history), or the row deleted. */
export interface ActionChange<T extends object = Doc> {
  /** Checked against the table's schema by the writer, with the rest of the row. */
  patch?: Partial<T>;
  /** Delete the row (through the table writer: its hooks, sub-records, tombstone; the history entry carries the action's name). */
  delete?: boolean;
  /** Extra lines for the history entry (never a secret). */
  items?: HistoryDetail['items'];
  /** What the call answers besides `success` (`{success: true, result}`): a new row's id, a new version. */
  result?: unknown;
}

/**
 * Another path of an action (the spec's own paths: `GET /api/cases/case/validate/{id}`, `POST
 * /api/cases/case/close {tbcaseId, …}`): the same run as `POST /api/tbl/<table>/<id>/action/<name>`.
 * The row is named by the path's `:id`, else by the body's `idField`; the input is the body (without
 * `idField`), or its `inputField` (`{doc, tbcaseId}`). Mounted as declared routes of rule `actionRoute` (server/actions/routes.ts).
 * @example { method: 'POST', path: '/api/cases/case/close', idField: 'tbcaseId' }
 */
export interface ActionRoute {
  method: 'GET' | 'POST' | 'DELETE';
  path: string;
  idField?: string;
  /** What the spec calls the path's `:id` (`caseId`): the field a bad or unknown id is refused on. */
  idName?: string;
  inputField?: string;
}

/** A change of one row, as an offline client uploads it. */
export type RowOp = 'create' | 'update' | 'delete';

/**
 * A workflow action a domain module declares on the rows of a table (`DomainModule.actions`). The
 * host mounts `POST /api/tbl/<table>/<id>/action/<name>` and lists it in
 * `GET /api/tbl/<table>/<id>/actions`; a run is one transaction: the row locked, the permission,
 * the guard, the input checked by ajv against `input`, then `apply`'s patch written through the
 * table writer, whose history entry carries the action's name (command type `<table>.<name>`).
 *
 * @example
 * const block: ActionOn<'userws'> = {
 *   table: 'userws', name: 'block', permission: 'USERS_EDT',
 *   guard: ({ row }) => (row.active === false ? 'userws.alreadyBlocked' : undefined),
 *   apply: () => ({ patch: { active: false } }),
 * };
 */
export interface RowAction<T extends object = Doc, I extends object = Doc> {
  table: string;
  /** `[a-z][a-zA-Z0-9]*`: the route segment and the history entry's action. */
  name: string;
  /** Who may run it (and see it enabled); a guard may ask more of a particular row (a 403 refusal). */
  permission: string;
  /**
   * The action writes other rows (through the table writer: each its own history entry) and never
   * the row it runs on, which it only locks and guards — a treatment's prescription added to its
   * case: no entry of its own, and no command type.
   */
  rowUnchanged?: true;
  /**
   * Runs on a row the user may read but not change: the unit a transferring case leaves only sees
   * it (`x-table.scope.alsoUnit`), and undoing the transfer is its. The guard decides who may.
   */
  onReadableRow?: true;
  /** Other paths that run it (aliases: the spec's paths), mounted by the host. */
  routes?: ActionRoute[];
  /**
   * The rows it writes that an offline client uploads as row changes (`POST /api/sync/push`: the client
   * runs no action on the server): per table, the operations that the action's `permission` lets an
   * upload make, beside the table's own write permission (server/sync/push.ts `mayPush`).
   * @example uploads: { prescription: ['create', 'update', 'delete'] }
   */
  uploads?: Partial<Record<string, RowOp[]>>;
  /** JSON Schema of the body (an object; titles are i18n keys, errors name them). None: `{}`. */
  input?: JsonSchema;
  /**
   * Instead of `input`: the name of a form-only schema file (`schemas/forms/case_close.json`) that declares
   * the body — ajv checks it (its `x-visible` hidden values dropped first) and the dialog renders the
   * same file (`POST /api/tbl/<form>/form`) — or, for a body that is one of two forms, the
   * {@link FormChoice} that names the form by the body's content.
   * @example form: 'case_close'
   */
  form?: string | FormChoice;
  /**
   * The body completed from the session before its form checks it (what a dialog leaves out because
   * the server knows it: in client mode a treatment's unit is the device's own); may refuse (an ApiError).
   * @example completeInput: ({ session, input }) => ({ ...input, unitId: session.unitId })
   */
  completeInput?(x: { ctx: AppContext; session: Session; input: Partial<I> }): Partial<I>;
  /** `undefined` when the action is allowed on this row now, else why not. Runs for the list too. */
  guard?(x: ActionContext<T>): Promise<Refusal | undefined> | Refusal | undefined;
  /** The change, inside the transaction; may do more (send a mail) and throw an ApiError to refuse. */
  apply(x: ActionContext<T> & { input: I }): Promise<ActionChange<T> | void> | ActionChange<T> | void;
}

/**
 * A body that is one of two form-only schema files, chosen by its content as JSON Schema's own
 * `if`/`then`/`else` says: the body checked against the file `then` names when it passes `if`, else
 * against `else`'s. The run checks the chosen file alone (its messages, its date bounds); the OpenAPI
 * document gives the alias body as the same `if`/`then`/`else` over the two files bundled.
 * @example { if: { required: ['prescriptions'], not: { required: ['regimenId'] } }, then: 'treatstart_individual', else: 'treatstart_standard' }
 */
export interface FormChoice {
  if: JsonSchema;
  then: string;
  else: string;
}

/**
 * An action on the rows of table `K`, typed by its generated type, with input `I` (a form's
 * generated type, e.g. `CaseClose`, checked by ajv before `apply`).
 * @example export const closeCase: ActionOn<'tbcase', CaseClose> = { table: 'tbcase', name: 'close', … };
 */
export type ActionOn<K extends SchemaName, I extends object = Doc> = RowAction<Schemas[K], I> & { table: K };
