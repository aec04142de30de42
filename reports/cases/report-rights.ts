/**
 * Who may change a saved report. Reading a shared report is one right (CASEMAN: the
 * report's figures are computed within the reader's view wherever it was saved); changing one —
 * saving it, rewriting it, deleting it — is another: DATA_ANALISYS, and the report's place in the
 * writer's view (`server/scope/view.ts` `writerView`: a unit doctor their unit, an area coordinator
 * who acts for the area's units that area and below it). A report of the whole workspace, and any
 * report the workspace's dashboards show, is the workspace's: only a writer whose view is the whole
 * workspace changes it. A rewrite needs both the stored place and the new one.
 */
import type { Kysely } from 'kysely';
import type { Database } from '../../server/db/kysely.ts';
import { t } from '../../engine/i18n.ts';
import { fail } from '../../server/http/errors.ts';
import { areaSubtree } from '../../server/scope/area.ts';
import { unitsInView, writerView, type ReaderView } from '../../server/scope/view.ts';
import type { Session } from '../../server/types.ts';
import type { Scope } from './saved.ts';

/** Where a report belongs: its scope and place, and whether the dashboards show it. */
export interface ReportPlace {
  scope: Scope;
  scopeId?: string | null;
  dashboard?: boolean;
}

/**
 * What the rule needs to look up beyond the writer's view, answered by `placeInView`:
 * `workspace` — the report is the workspace's (its scope, or a dashboard's); `unit`/`area` — the place.
 * @example placeNeed({ scope: 'UNIT', scopeId: 'u1' }) // { kind: 'unit', id: 'u1' }
 */
export function placeNeed(r: ReportPlace): { kind: 'workspace' } | { kind: 'unit' | 'area'; id: string } {
  if (r.dashboard || r.scope === 'WORKSPACE' || !r.scopeId) return { kind: 'workspace' };
  return { kind: r.scope === 'UNIT' ? 'unit' : 'area', id: r.scopeId };
}

/**
 * Whether a writer whose view is `v` may change a report at the place `need` needs, without a
 * database: a whole-workspace writer always, nobody else a workspace report; a unit writer only their
 * unit's reports. An area writer's unit or area is answered by the database (undefined).
 * @example decideWithoutDb({ kind: 'unit', unitId: 'u1' }, { kind: 'area', id: 'a1' }) // false
 */
export function decideWithoutDb(v: ReaderView, need: ReturnType<typeof placeNeed>): boolean | undefined {
  if (v.kind === 'workspace') return true;
  if (need.kind === 'workspace' || v.kind === 'none') return false;
  if (v.kind === 'unit') return need.kind === 'unit' && need.id === v.unitId;
  return undefined;
}

/**
 * Refuses (403 on `field`) a change of a report at `place` by `s` unless the place is in their
 * writer's view, and a report of the workspace or its dashboards unless that view is the workspace.
 * @example await assertReportWritable(db, session, { scope: 'UNIT', scopeId: unitId, dashboard: false })
 */
export async function assertReportWritable(db: Kysely<Database>, s: Session, place: ReportPlace, field = 'scopeId'): Promise<void> {
  const v = writerView(s);
  const need = placeNeed(place);
  let ok = decideWithoutDb(v, need);
  if (ok === undefined && v.kind === 'area' && need.kind !== 'workspace') {
    const found =
      need.kind === 'unit'
        ? await unitsInView(db, s.workspaceId, v).where('su.id', '=', need.id).executeTakeFirst()
        : await areaSubtree(db, s.workspaceId, v.areaId).where('sub.id', '=', need.id).executeTakeFirst();
    ok = !!found;
  }
  if (!ok) throw fail(403, t(s.lang, need.kind === 'workspace' ? 'casereport.workspaceOnly' : 'casereport.placeOutsideView'), need.kind === 'workspace' && place.dashboard ? 'dashboard' : field);
}
