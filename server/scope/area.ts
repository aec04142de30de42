import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { Database } from '../db/kysely.ts';
import { areaPathColumns } from '../../engine/area-path.ts';

/**
 * An area and every area below it, as a subquery of ids: the area's id lies on each descendant's
 * path p0..p4 (its own path included).
 * @example q.where('u.address_admin_unit_id', 'in', areaSubtree(db, workspaceId, areaId))
 */
export const areaSubtree = (db: Kysely<Database>, workspaceId: string, areaId: string) =>
  db
    .selectFrom('adminunit as sub')
    .select('sub.id')
    .where('sub.workspace_id', '=', workspaceId)
    .where((eb) => eb.or(areaPathColumns.map((c) => eb(`sub.${c}`, '=', areaId))));

/**
 * The ids on the path of the admin unit aliased `alias`, as an SQL array (root first, itself included):
 * unnested, one row per area the unit lies in.
 * @example sql`select unnest(${areaPathArray('a')}) as id from adminunit a`
 */
export const areaPathArray = (alias: string): RawBuilder<string[]> => sql<string[]>`array[${sql.join(areaPathColumns.map((c) => sql.ref(`${alias}.${c}`)))}]`;
