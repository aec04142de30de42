import { sql } from 'kysely';
import type { Em } from '../../server/db/orm.ts';
import { kysely } from '../../server/db/kysely.ts';
import { areaPathArray } from '../../server/scope/area.ts';

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
      from (select unnest(${areaPathArray('a')}) as id
              from unit u join adminunit a on a.id = u.address_admin_unit_id
             where u.workspace_id = ${workspaceId}) s
     where s.id = any(${ids}::uuid[])
     group by s.id`.execute(kysely(em));
  return new Map(rows.rows.map((r) => [r.id, Number(r.n)]));
}

