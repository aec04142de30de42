/**
 * Change tracking for the offline client. Every write of a synchronised table (a workspace table
 * served by the API, unless `x-table.sync: false`) appends to the workspace's change log in the
 * transaction of the write: a sequence number, the table, the row id, the operation, the row's new
 * version and the raw changed values. The number comes from the workspace's counter row
 * (`changeseq`), incremented in the same transaction: its row lock makes numbers follow commit
 * order, so "what changed since N" never skips a change that committed late. A delete also leaves
 * a tombstone: the id is never reused.
 */
import { sql } from 'kysely';
import type { TableDef } from '../../engine/types.ts';
import type { Em } from '../db/orm.ts';
import type { Session, Doc } from '../types.ts';
import { kysely } from '../db/kysely.ts';

export type ChangeOp = 'create' | 'update' | 'delete';

/** Whether writes of the table are tracked. */
export const isSynchronised = (def: TableDef): boolean => def.meta.workspace === true && def.meta.api !== false && def.meta.sync !== false;

/**
 * The stored values that differ between two versions of a document, by top-level field
 * (a child table's rows count as one value).
 * @example changedValues({ name: 'A', code: 1 }, { name: 'B', code: 1 }) // { name: 'B' }
 */
export function changedValues(prev: Doc | undefined, next: Doc): Doc {
  const out: Doc = {};
  for (const [k, v] of Object.entries(next)) {
    if (k === 'id' || k === 'version' || k === 'updatedAt') continue;
    if (!prev || JSON.stringify(prev[k]) !== JSON.stringify(v)) out[k] = v ?? null;
  }
  if (prev) for (const k of Object.keys(prev)) if (!(k in next) && !['id', 'version', 'updatedAt'].includes(k)) out[k] = null;
  return out;
}

/** Takes the workspace's next change number (locks its counter row until the transaction ends). */
async function nextSeq(em: Em, workspaceId: string): Promise<number> {
  const r = await sql<{ seq: number }>`
    insert into changeseq (id, workspace_id, seq) values (${crypto.randomUUID()}, ${workspaceId}, 1)
    on conflict (workspace_id) do update set seq = changeseq.seq + 1, updated_at = now()
    returning seq`.execute(kysely(em));
  return Number(r.rows[0].seq);
}

/**
 * Appends one change of a row to the log (and, for a delete, its tombstone); call it inside the
 * transaction of the change.
 * @example await recordChange(em, def, session, { rowId: id, op: 'update', version: 3, data: { name: 'B' } })
 */
export async function recordChange(em: Em, def: TableDef, s: Session, c: { rowId: string; op: ChangeOp; version: number; data?: Doc }): Promise<void> {
  if (!isSynchronised(def)) return;
  const seq = await nextSeq(em, s.workspaceId);
  await kysely(em)
    .insertInto('changelog')
    .values({
      id: crypto.randomUUID(),
      workspace_id: s.workspaceId,
      seq,
      table_name: def.name,
      row_id: c.rowId,
      op: c.op,
      row_version: c.version,
      data: c.data ? JSON.stringify(c.data) : null,
      user_id: s.userId || null,
      changed_at: new Date(),
    })
    .execute();
  if (c.op === 'delete') {
    await kysely(em)
      .insertInto('tombstone')
      .values({ id: crypto.randomUUID(), workspace_id: s.workspaceId, table_name: def.name, row_id: c.rowId, row_version: c.version, deleted_at: new Date() })
      .execute();
  }
}

/** Whether a row id was deleted before (a create may not bring it back). */
export async function isTombstoned(em: Em, rowId: string): Promise<boolean> {
  return !!(await kysely(em).selectFrom('tombstone').select('id').where('row_id', '=', rowId).executeTakeFirst());
}
