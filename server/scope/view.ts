/**
 * The reader's view (the user's access scope) — the one rule of who sees what
 * inside a workspace. Table rows (`rows.ts`), option lookups, global search and the administrator
 * reports all narrow by it:
 * - the administrator flag or a workspace view (`WORKSPACE`): the whole workspace;
 * - an area view (`ADMINUNIT`, the area of the reader's unit): the units whose address lies in that
 *   area's subtree;
 * - a unit view (`UNIT`): the reader's unit;
 * - no view that resolves (no unit): nothing.
 * Writing is narrower: without `playOtherUnits` (and without the administrator flag) a user changes
 * only what belongs to their own unit.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../db/kysely.ts';
import { areaSubtree } from './area.ts';
import type { Session } from '../types.ts';

export type ReaderView = { kind: 'workspace' } | { kind: 'area'; areaId: string } | { kind: 'unit'; unitId: string } | { kind: 'none' };
export type LimitedView = Extract<ReaderView, { kind: 'area' | 'unit' }>;

/**
 * The reader's view from their session.
 * @example readerView({ view: 'UNIT', unitId: 'u1', administrator: false, … }) // { kind: 'unit', unitId: 'u1' }
 */
export function readerView(s: Session): ReaderView {
  if (s.administrator || s.view === 'WORKSPACE') return { kind: 'workspace' };
  if (s.view === 'ADMINUNIT' && s.adminUnitId) return { kind: 'area', areaId: s.adminUnitId };
  if (s.unitId) return { kind: 'unit', unitId: s.unitId };
  return { kind: 'none' };
}

/**
 * The view that limits what the user may change: their read view, or only their own unit when they
 * may not act for other units (`playOtherUnits` off, not an administrator).
 * @example writerView({ view: 'WORKSPACE', unitId: 'u1', playOtherUnits: false, … }) // { kind: 'unit', unitId: 'u1' }
 */
export function writerView(s: Session): ReaderView {
  const v = readerView(s);
  if (s.administrator || s.playOtherUnits || v.kind === 'none') return v;
  return s.unitId ? { kind: 'unit', unitId: s.unitId } : { kind: 'none' };
}

/** Whether the view is the whole workspace (the administrator flag or a workspace view). */
export const seesWholeWorkspace = (s: Session) => readerView(s).kind === 'workspace';

// Stryker disable all: query builders, run against the database by tests/api/row-scope.test.ts (not by the pure tests beside this file)
/**
 * The ids of the session workspace's units inside a limited view, as a subquery.
 * @example q.where('t.owner_unit_id', 'in', unitsInView(db, s.workspaceId, { kind: 'area', areaId }))
 */
export function unitsInView(db: Kysely<Database>, workspaceId: string, v: LimitedView) {
  const q = db.selectFrom('unit as su').select('su.id').where('su.workspace_id', '=', workspaceId);
  return v.kind === 'unit' ? q.where('su.id', '=', v.unitId) : q.where('su.address_admin_unit_id', 'in', areaSubtree(db, workspaceId, v.areaId));
}

/** The account ids of the workspace's users whose unit lies inside a limited view, as a subquery. */
export function usersInView(db: Kysely<Database>, workspaceId: string, v: LimitedView) {
  return db.selectFrom('userws as suw').select('suw.user_id').where('suw.workspace_id', '=', workspaceId).where('suw.unit_id', 'in', unitsInView(db, workspaceId, v));
}
// Stryker restore all
