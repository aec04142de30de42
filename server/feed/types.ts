/**
 * The change feed's types (docs/sync-feed.md): what the writer tells it of a change, who changed,
 * and which tables it follows. Every door of the writer (server/tbl) records through server/feed,
 * which imports nothing of the offline synchronisation (server/sync) that reads it.
 */
import type { TableDef } from '../../engine/types.ts';
import type { Doc } from '../types.ts';

export type ChangeOp = 'create' | 'update' | 'delete' | 'left';

/** Who changed: the workspace of the rows and the acting user (none for the system). A `Session` is one. */
export interface Writer {
  workspaceId: string;
  userId?: string | null;
}

/** One change of a row, as the writer tells it. */
export interface Change {
  rowId: string;
  op: 'create' | 'update' | 'delete';
  /** The row's version after the change (a delete: the deleted version + 1). */
  version: number;
  /** The changed values (`changedValues`); a create: all of them. */
  data?: Doc;
  /** The stored document before the change (updates and deletes): where the row was placed. */
  prev?: Doc;
  /** The stored document after the change (creates and updates): where the row is placed now. */
  doc?: Doc;
}

/** Whether writes of the table are tracked. */
export const isSynchronised = (def: TableDef): boolean => def.meta.workspace === true && def.meta.api !== false && def.meta.sync !== false;
