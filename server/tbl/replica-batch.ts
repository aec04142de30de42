/**
 * The replica door for many rows at once (the offline client's set-up and its large pages): the rows a
 * server sent that the client does not hold yet, inserted as the server has them — at the server's
 * version, no hooks, no history, nothing in the client's own change feed, like `systemReplicate`
 * (./system-write.ts) row by row — but one statement a table (child rows per row). Rows already held
 * are not for this door.
 */
import { sql } from 'kysely';
import { noteWrites } from '../analytic/pending.ts';
import { kysely } from '../db/kysely.ts';
import type { Doc } from '../types.ts';
import { reloadIdentitiesOnCommit } from './identity-tables.ts';
import { getPath } from './rows.ts';
import { writeChildren } from './store/children.ts';
import type { SystemWriteContext } from './system-write.ts';
import { wroteTable } from '../db/lookup-cache.ts';

/** One row to copy: its id, its version on the server and its values. */
export interface ReplicaRow {
  id: string;
  version: number;
  data: Doc;
}

/** At most this many rows in one statement. */
const CHUNK = 500;

/**
 * Inserts the rows of `table` the client does not hold, in the session's workspace, each at its
 * server version (its child rows too). Answers how many were inserted.
 * @example await systemReplicateNew({ em, ctx, session }, 'tbcase', [{ id, version: 3, data: { caseNumber: '000042', … } }]) // 1
 */
export async function systemReplicateNew(x: SystemWriteContext, table: string, rows: ReplicaRow[]): Promise<number> {
  wroteTable(x.em, table);
  if (!rows.length) return 0;
  const def = x.ctx.registry.table(table);
  reloadIdentitiesOnCommit(x.em, x.ctx, table);
  const fields = def.fields.filter((f) => f.kind !== 'none' && f.kind !== 'via');
  const columns = [...new Set(['id', 'version', ...(def.meta.workspace ? ['workspace_id'] : []), ...fields.map((f) => f.column)])];
  const list = sql.join(columns.map((c) => sql.id(c)));
  for (let i = 0; i < rows.length; i += CHUNK) {
    const part = rows.slice(i, i + CHUNK);
    const json = JSON.stringify(
      part.map((r) => {
        const row: Record<string, unknown> = { id: r.id, version: r.version };
        if (def.meta.workspace) row.workspace_id = x.session.workspaceId;
        for (const f of fields) {
          const v = getPath(r.data, f.path);
          row[f.column] = v === undefined || v === '' ? null : v;
        }
        return row;
      }),
    );
    await sql`insert into ${sql.table(table)} (${list}) select ${list} from jsonb_populate_recordset(null::${sql.table(table)}, ${json}::jsonb)`.execute(kysely(x.em));
    if (def.children.length) for (const r of part) await writeChildren(def, x.em, r.id, r.data, true, x.session.lang);
    // the client's own reports read its cases' analytic rows: they follow the copy too (as systemReplicate's)
    await noteWrites(x.em, x.ctx.registry, def, x.session.workspaceId, part.map((r) => ({ rowId: r.id, op: 'create' as const, data: r.data, doc: r.data })));
  }
  return rows.length;
}
