/**
 * The door for rows made in bulk by SQL before any client existed: the demo register's generators
 * (`cases/demo.ts`) write thousands of rows set-based, beside the writer. This feeds each such row
 * of a workspace — one that has no change row yet — as a create at its version, so a client reading
 * the feed from the start receives the whole register, as if every row had been written through the
 * writer. No history entry: nobody made them.
 */
import { sql } from 'kysely';
import type { TableDef } from '../../engine/types.ts';
import { kyselyByName } from '../db/kysely.ts';
import type { Em } from '../db/orm.ts';
import type { AppContext } from '../types.ts';
import { changedValues } from '../feed/changed-values.ts';
import { recordChanges } from '../feed/record.ts';
import { isSynchronised } from '../feed/types.ts';
import { systemSession } from '../auth/system-session.ts';
import { rowToDoc } from './rows.ts';
import { loadChildren } from './store/children.ts';

/**
 * Feeds the workspace's rows of every synchronised table that the change log does not know yet;
 * answers how many rows it fed. Call it once, after generating.
 * @example await feedGenerated(ctx, workspaceId) // 7412
 */
export async function feedGenerated(ctx: AppContext, workspaceId: string): Promise<number> {
  let fed = 0;
  for (const def of ctx.registry.tables.values()) {
    if (!isSynchronised(def)) continue;
    fed += await ctx.orm.em.fork().transactional((em) => feedTable(em, ctx, def, workspaceId));
  }
  return fed;
}

async function feedTable(em: Em, ctx: AppContext, def: TableDef, workspaceId: string): Promise<number> {
  const rows = await kyselyByName(em)
    .selectFrom(`${def.name} as t`)
    .selectAll('t')
    .where('t.workspace_id', '=', workspaceId)
    .where(({ not, exists, selectFrom }) =>
      not(exists(selectFrom('changelog as c').select(sql`1`.as('x')).where('c.workspace_id', '=', workspaceId).where('c.table_name', '=', def.name).whereRef('c.row_id', '=', 't.id'))))
    .orderBy('t.id')
    .execute();
  if (!rows.length) return 0;
  const docs = rows.map((r) => ({ id: String(r.id), ...rowToDoc(def.fields, r) }));
  await loadChildren(def, em, docs);
  const changes = rows.map((r, i) => {
    const { id: _id, ...doc } = docs[i];
    return { rowId: String(r.id), op: 'create' as const, version: Number(r.version), data: changedValues(undefined, doc), doc };
  });
  await recordChanges(em, ctx.registry, def, systemSession(workspaceId, ''), changes);
  return rows.length;
}
