import type { AppContext } from '../../server/types.ts';
import { idParam } from '../../server/tbl/access.ts';
import { caseView } from './view.ts';
import { suspectFollowupForm } from './suspect-form.ts';
import { defineRoute, rule, type DeclaredRoute } from '../../server/http/define-route.ts';

/**
 * The case page's calls: `GET /api/tbl/case/{id}` — the case with its patient, units,
 * tags and the patient's cases ({@link caseView}; CASEMAN, 404 outside the view). The other
 * `/api/tbl/case/…` paths are the generic table API (`case` is `tbcase`'s `x-table.alias`); the
 * workflow's paths are aliases of its declared actions (cases/workflow).
 * `GET /api/cases/case/suspectfollowup/initform/{TB|DRTB|NTM}` — the suspect follow-up dialog's form.
 *
 * @example GET /api/tbl/case/4f0c…  →  {id, state, diagnosisType, patient: {name, lastName, gender…}, ownerUnit: {id, name, adminUnit}, tags: [], allCases: […]}
 */
export function caseViewRoutes(ctx: AppContext): DeclaredRoute[] {
  return [
  defineRoute({ method: 'GET', path: '/api/tbl/case/:id', rule: rule.perm('CASEMAN'), summary: "The case page's case: the row with its patient, units, tags and the patient's cases", handler: async (c) => {
    const s = c.get('session');
    return c.json(await caseView(ctx, s, idParam(c)));
  } }),

  defineRoute({ method: 'GET', path: '/api/cases/case/suspectfollowup/initform/:classification', rule: rule.perm('CASEMAN'), summary: "The suspect follow-up dialog's form for a classification", handler: (c) => {
    const s = c.get('session');
    return c.json(suspectFollowupForm(ctx.registry, s, c.req.param('classification')));
  } }),
  ];
}
