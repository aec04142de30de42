import type { HooksOn } from '../../server/types.ts';
import { areaPathColumns } from '../../engine/area-path.ts';

/**
 * Units are listed by area (`{type, adminUnitId}`): `adminUnitId` selects the units
 * whose address lies in that area or anywhere below it — the area's id is on every descendant's
 * path p0..p4.
 */
export const unitHooks: HooksOn<'unit'> = {
  filters: {
    adminUnitId: {
      schema: { type: 'string', format: 'uuid' },
      apply: (q, areaId: string, session) =>
        q.where('t.address_admin_unit_id', 'in', (eb: any) =>
          eb
            .selectFrom('adminunit as a')
            .select('a.id')
            .where('a.workspace_id', '=', session.workspaceId)
            .where((w: any) => w.or(areaPathColumns.map((c) => w(`a.${c}`, '=', areaId)))),
        ),
    },
  },
};
