/**
 * What a report reader may see: the session workspace, narrowed by the reader's view (spec 000
 * §3.2, §6: the user's access scope). Every administrator report applies this one rule, naming only
 * which of its columns hold the entry's user, unit and area:
 * - the administrator flag or a workspace view (`WORKSPACE`): the whole workspace;
 * - an area view (`ADMINUNIT`, the area of the reader's unit): entries whose area lies in that area's
 *   subtree or whose unit is one of the units there, and entries of users whose unit is there;
 * - a unit view (`UNIT`): entries of the reader's unit, and entries of that unit's users;
 * - no view that resolves (no unit): nothing.
 * A user "is" in a unit when their workspace user (`userws`) of the session workspace names it now.
 */
import { sql, type ExpressionBuilder, type Kysely, type SelectQueryBuilder, type SqlBool } from 'kysely';
import { areaSubtree } from '../../catalogues/adminunits/tree-counts.ts';
import type { Session } from '../../server/http/context.ts';

export type ReportView = { kind: 'workspace' } | { kind: 'area'; areaId: string } | { kind: 'unit'; unitId: string } | { kind: 'none' };

/** The reader's scope from their session. */
export function reportView(s: Session): ReportView {
  if (s.administrator || s.view === 'WORKSPACE') return { kind: 'workspace' };
  if (s.view === 'ADMINUNIT' && s.adminUnitId) return { kind: 'area', areaId: s.adminUnitId };
  if (s.unitId) return { kind: 'unit', unitId: s.unitId };
  return { kind: 'none' };
}

/** The columns of a report's table that place an entry: its user (an account id), unit and area when it has them. */
export interface PlacedBy {
  user: string;
  unit?: string;
  area?: string;
}

/** The ids of the units in scope (area or unit view). */
function unitsInScope(db: Kysely<any>, s: Session, v: { kind: 'area'; areaId: string } | { kind: 'unit'; unitId: string }) {
  const q = db.selectFrom('unit as su').select('su.id').where('su.workspace_id', '=', s.workspaceId);
  return v.kind === 'unit' ? q.where('su.id', '=', v.unitId) : q.where('su.address_admin_unit_id', 'in', areaSubtree(db, s.workspaceId, v.areaId));
}

/** The account ids of the session workspace's users whose unit is in scope. */
function usersInScope(db: Kysely<any>, s: Session, v: { kind: 'area'; areaId: string } | { kind: 'unit'; unitId: string }) {
  return db.selectFrom('userws as suw').select('suw.user_id').where('suw.workspace_id', '=', s.workspaceId).where('suw.unit_id', 'in', unitsInScope(db, s, v));
}

/**
 * The condition that keeps only what the reader may see of a report's rows, or `undefined` when
 * they see the whole workspace (the caller still limits rows to the session workspace).
 */
export function viewCondition(db: Kysely<any>, s: Session, cols: PlacedBy): ((eb: ExpressionBuilder<any, any>) => any) | undefined {
  const v = reportView(s);
  if (v.kind === 'workspace') return undefined;
  if (v.kind === 'none') return () => sql<SqlBool>`false`;
  return (eb) => {
    const any = [eb(cols.user, 'in', usersInScope(db, s, v))];
    if (cols.unit) any.push(eb(cols.unit, 'in', unitsInScope(db, s, v)));
    if (cols.area && v.kind === 'area') any.push(eb(cols.area, 'in', areaSubtree(db, s.workspaceId, v.areaId)));
    return eb.or(any);
  };
}

/** `q` limited to what the reader may see (see the module's comment). */
export function limitToView<Q extends SelectQueryBuilder<any, any, any>>(q: Q, db: Kysely<any>, s: Session, cols: PlacedBy): Q {
  const cond = viewCondition(db, s, cols);
  return cond ? (q.where(cond) as Q) : q;
}

/** Whether the reader sees the whole workspace (the administrator flag or a workspace view). */
export const seesWholeWorkspace = (s: Session) => reportView(s).kind === 'workspace';
