/**
 * The writer's batch door: many rows of one table in one statement (automatic tags' links, a case's
 * manual tags; imports and stock movements later). Like the system door (./system-write.ts) it runs
 * no form validation or hooks — the caller computed the rows — and names its cause; like every write
 * it gives each row its version (1 for a new row, the deleted version + 1 for a delete) and feeds the
 * change log (server/feed/record.ts) in the caller's transaction. The history follows the cause:
 * nothing for `'derived'` rows or for rows a declared action writes beside its own (`'action'`: the
 * action's entry tells them), one entry for the whole batch when it carries out a user's command.
 */
import { sql } from 'kysely';
import type { TableDef } from '../../engine/types.ts';
import { kysely, kyselyByName } from '../db/kysely.ts';
import { reloadIdentitiesOnCommit } from './identity-tables.ts';
import type { Doc } from '../types.ts';
import { changedValues } from '../feed/changed-values.ts';
import { recordChanges } from '../feed/record.ts';
import { getPath, rowToDoc } from './rows.ts';
import { logCommand, type SystemCause, type SystemWriteContext } from './system-write.ts';
import { wroteTable } from '../db/lookup-cache.ts';

/** The stored columns a batch writes: plain fields only (a table with child rows is written row by row). */
function columnsOf(def: TableDef) {
  if (def.children.length) throw new Error(`batch write of ${def.name}: a table with child rows is written by the table writer`);
  return def.fields.filter((f) => f.kind !== 'none' && f.kind !== 'via');
}

/**
 * Inserts `docs` (each with its `id`) into `table` in the session's workspace, in one statement; a
 * row whose id or unique key is taken (another transaction made it meanwhile) is skipped. Each row
 * made is fed as a create of version 1. Answers the ids made.
 * @example await batchInsert({ em, ctx, session }, 'casetag', [{ id, caseId, tagId }], 'derived') // [id]
 */
export async function batchInsert(x: SystemWriteContext, table: string, docs: (Doc & { id: string })[], cause: SystemCause): Promise<string[]> {
  wroteTable(x.em, table);
  if (!docs.length) return [];
  const def = x.ctx.registry.table(table);
  reloadIdentitiesOnCommit(x.em, x.ctx, table);
  const fields = columnsOf(def);
  const columns = [...new Set(['id', ...(def.meta.workspace ? ['workspace_id'] : []), ...fields.map((f) => f.column)])];
  const json = JSON.stringify(
    docs.map((d) => {
      const row: Record<string, unknown> = {};
      for (const f of fields) {
        const v = getPath(d, f.path);
        row[f.column] = v === undefined || v === '' ? null : v;
      }
      return { ...row, id: d.id, ...(def.meta.workspace ? { workspace_id: x.session.workspaceId } : {}) };
    }),
  );
  const list = sql.join(columns.map((c) => sql.id(c)));
  const made = await sql<{ id: string }>`insert into ${sql.table(table)} (${list})
    select ${list} from jsonb_populate_recordset(null::${sql.table(table)}, ${json}::jsonb)
    on conflict do nothing returning id`.execute(kysely(x.em));
  const ids = new Set(made.rows.map((r) => String(r.id)));
  const fed = docs.filter((d) => ids.has(d.id));
  await recordChanges(x.em, x.ctx.registry, def, x.session, fed.map((d) => ({ rowId: d.id, op: 'create' as const, version: 1, data: changedValues(undefined, withoutId(d)) })));
  if (fed.length) await logCommand(x, table, fed[0].id, cause);
  return [...ids];
}

/**
 * Deletes the rows `ids` of `table` in the session's workspace: locked and read, fed as deletes
 * (with the rows their delete cascades to) while they are still there, then deleted in one
 * statement. Rows already gone are skipped. Answers the documents deleted.
 * @example await batchDelete({ em, ctx, session }, 'casetag', [linkId], 'action') // [{ id: linkId, caseId, tagId }]
 */
export async function batchDelete(x: SystemWriteContext, table: string, ids: string[], cause: SystemCause): Promise<(Doc & { id: string })[]> {
  wroteTable(x.em, table);
  if (!ids.length) return [];
  const def = x.ctx.registry.table(table);
  reloadIdentitiesOnCommit(x.em, x.ctx, table);
  const fields = columnsOf(def);
  const db = kyselyByName(x.em);
  const list = `{${[...new Set(ids)].join(',')}}`;
  let q = db
    .selectFrom(table)
    .select(['id', 'version', ...fields.map((f) => f.column)])
    .where('id', '=', sql<string>`any(${list}::uuid[])`);
  if (def.meta.workspace) q = q.where('workspace_id', '=', x.session.workspaceId);
  const rows = await q.orderBy('id').forUpdate().execute();
  if (!rows.length) return [];
  const prev = rows.map((r) => ({ id: String(r.id), ...rowToDoc(fields, r, { hidden: true }) }));
  // fed before the delete: the feed places the rows and lists what their delete cascades to
  await recordChanges(x.em, x.ctx.registry, def, x.session, rows.map((r, i) => ({ rowId: String(r.id), op: 'delete' as const, version: Number(r.version) + 1, prev: prev[i] })));
  await db.deleteFrom(table).where('id', '=', sql<string>`any(${`{${prev.map((d) => d.id).join(',')}}`}::uuid[])`).execute();
  await logCommand(x, table, prev[0].id, cause);
  return prev;
}

const withoutId = ({ id: _id, ...doc }: Doc) => doc;
