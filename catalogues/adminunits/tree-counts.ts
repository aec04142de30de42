import { sql, type Kysely } from 'kysely';
import type { Em } from '../../server/db/orm.ts';
import { kysely } from '../../server/tbl/store.ts';

/** The ids among `ids` that have child units. */
export async function withChildren(em: Em, workspaceId: string, ids: string[]): Promise<Set<string>> {
  if (!ids.length) return new Set();
  const rows = await kysely(em)
    .selectFrom('adminunit')
    .select('parent_id')
    .where('workspace_id', '=', workspaceId)
    .where('parent_id', 'in', ids)
    .groupBy('parent_id')
    .execute();
  return new Set(rows.map((r) => r.parent_id as string));
}

/**
 * How many units have their address in each unit's subtree (the unit itself included). Counted on
 * read rather than stored: the subtree is every admin unit holding the id in one of the path columns
 * p0..p4, so one grouped query answers a whole page of nodes and nothing can drift.
 */
export async function unitCounts(em: Em, workspaceId: string, ids: string[]): Promise<Map<string, number>> {
  if (!ids.length) return new Map();
  const rows = await sql<{ id: string; n: number }>`
    select s.id, count(*)::int as n
      from (select unnest(array[a.p0_id, a.p1_id, a.p2_id, a.p3_id, a.p4_id]) as id
              from unit u join adminunit a on a.id = u.address_admin_unit_id
             where u.workspace_id = ${workspaceId}) s
     where s.id = any(${ids}::uuid[])
     group by s.id`.execute(kysely(em));
  return new Map(rows.rows.map((r) => [r.id, Number(r.n)]));
}

/** The path columns p0..p4: an admin unit's ancestors from the root, itself included. */
export const pathColumns = ['p0_id', 'p1_id', 'p2_id', 'p3_id', 'p4_id'] as const;

/**
 * An area and every area below it, as a subquery of ids: the area's id lies on each descendant's
 * path p0..p4 (its own path included).
 */
export const areaSubtree = (db: Kysely<any>, workspaceId: string, areaId: string) =>
  db
    .selectFrom('adminunit as sub')
    .select('sub.id')
    .where('sub.workspace_id', '=', workspaceId)
    .where((eb) => eb.or(pathColumns.map((c) => eb(`sub.${c}`, '=', areaId))));
