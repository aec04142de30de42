import type { Kysely } from 'kysely';

/** The path columns p0..p4 of an admin unit: its ancestors from the root, itself included. */
export const pathColumns = ['p0_id', 'p1_id', 'p2_id', 'p3_id', 'p4_id'] as const;

/**
 * An area and every area below it, as a subquery of ids: the area's id lies on each descendant's
 * path p0..p4 (its own path included).
 * @example q.where('u.address_admin_unit_id', 'in', areaSubtree(db, workspaceId, areaId))
 */
export const areaSubtree = (db: Kysely<any>, workspaceId: string, areaId: string) =>
  db
    .selectFrom('adminunit as sub')
    .select('sub.id')
    .where('sub.workspace_id', '=', workspaceId)
    .where((eb) => eb.or(pathColumns.map((c) => eb(`sub.${c}`, '=', areaId))));
