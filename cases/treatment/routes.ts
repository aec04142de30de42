import type { Hono } from 'hono';
import { t } from '../../engine/i18n.ts';
import type { AppContext, Env } from '../../server/types.ts';
import { fail, isUuid } from '../../server/http/errors.ts';
import { assertPermission } from '../../server/http/middleware.ts';
import { treatmentView } from './view.ts';

/**
 * Registers the treatment tab's read (the contract is
 * `types.ts`): `GET /api/cases/case/treatment/{caseId}` — CASEMAN (the calendar with
 * CASE_INTAKEMED). Its changes — start, undo, period, prescriptions, the month calendar — are
 * declared row actions on the spec's paths (`actions.ts`).
 *
 * @example GET /api/cases/case/treatment/4f0c… → { started: true, period: {…}, followup: [{ year: 2026, month: 3, version: 2, … }], … }
 */
export function treatmentRoutes(app: Hono<Env>, ctx: AppContext): void {
  app.get('/api/cases/case/treatment/:caseId', async (c) => {
    const s = c.get('session');
    assertPermission(s, 'CASEMAN');
    const id = c.req.param('caseId');
    if (!isUuid(id)) throw fail(400, t(s.lang, 'msg.badId'), 'caseId');
    return c.json(await treatmentView(ctx, s, id.toLowerCase()));
  });
}
