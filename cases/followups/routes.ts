import type { Hono } from 'hono';
import { t } from '../../engine/i18n.ts';
import type { AppContext, Env } from '../../server/http/context.ts';
import { fail, isUuid } from '../../server/http/errors.ts';
import { assertPermission } from '../../server/http/middleware.ts';
import { caseFollowups } from './list.ts';

/**
 * `GET /api/cases/case/followups/{caseId}` (spec 001 §7): the case's follow-up exams the session
 * may read, as a list of {@link FollowupItem}s. Needs `CASEMAN` (reading the case); each exam type
 * also needs its own permission, else it is left out. 404 for a case outside the session's view.
 *
 * @example GET /api/cases/case/followups/4f0c…  →  [{ type: 'EXAM_XRAY', table: 'examxray', name: 'Рентгенография', monthOfTreatment: 2, month: 'Месяц 2', data: {…} }]
 */
export function followupRoutes(app: Hono<Env>, ctx: AppContext): void {
  app.get('/api/cases/case/followups/:caseId', async (c) => {
    const s = c.get('session');
    assertPermission(s, ctx.registry.table('tbcase').meta.permission);
    const caseId = c.req.param('caseId');
    if (!isUuid(caseId)) throw fail(400, t(s.lang, 'msg.badId'), 'caseId');
    const items = await caseFollowups(ctx.orm.em.fork(), ctx.registry, s, caseId);
    if (!items) throw fail(404, t(s.lang, 'msg.notFound'), 'caseId');
    return c.json(items);
  });
}
