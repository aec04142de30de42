import type { Hono } from 'hono';
import type { AppContext, Env } from '../../server/types.ts';
import { assertPermission } from '../../server/http/middleware.ts';
import { idParam } from '../../server/tbl/access.ts';
import { caseView } from './view.ts';
import { suspectFollowupForm } from './suspect-form.ts';

/**
 * The case page's calls (spec 001 §7): `GET /api/tbl/case/{id}` — the case with its patient, units,
 * tags and the patient's cases ({@link caseView}; CASEMAN, 404 outside the view). The other
 * `/api/tbl/case/…` paths are the generic table API (`case` is `tbcase`'s `x-table.alias`); the
 * workflow's paths are aliases of its declared actions (cases/workflow).
 * `GET /api/cases/case/suspectfollowup/initform/{TB|DRTB|NTM}` — the suspect follow-up dialog's form.
 *
 * @example GET /api/tbl/case/4f0c…  →  {id, state, diagnosisType, patient: {name, lastName, gender…}, ownerUnit: {id, name, adminUnit}, tags: [], allCases: […]}
 */
export function caseViewRoutes(app: Hono<Env>, ctx: AppContext): void {
  app.get('/api/tbl/case/:id', async (c) => {
    const s = c.get('session');
    assertPermission(s, ctx.registry.table('tbcase').meta.permission);
    return c.json(await caseView(ctx, s, idParam(c)));
  });

  app.get('/api/cases/case/suspectfollowup/initform/:classification', (c) => {
    const s = c.get('session');
    assertPermission(s, ctx.registry.table('tbcase').meta.permission);
    return c.json(suspectFollowupForm(ctx.registry, s, c.req.param('classification')));
  });
}
