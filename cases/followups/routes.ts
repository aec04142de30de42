import type { Context } from 'hono';
import { t } from '../../engine/i18n.ts';
import type { Registry } from '../../engine/registry.ts';
import type { Em } from '../../server/db/orm.ts';
import type { AppContext, Env, Session } from '../../server/types.ts';
import { fail, isUuid } from '../../server/http/errors.ts';
import { caseLatest } from './latest.ts';
import { caseFollowups } from './list.ts';
import { followupTypes } from './types.ts';
import { defineRoute, rule, type DeclaredRoute } from '../../server/http/define-route.ts';

/**
 * `GET /api/cases/case/followups/{caseId}`: the case's follow-up exams the session
 * may read, as a list of {@link FollowupItem}s. Needs `CASEMAN` (reading the case); each exam type
 * also needs its own permission, else it is left out. 404 for a case outside the session's view.
 * Beside it, `…/{caseId}/types` (the add menu and filter: {@link followupTypes}) and `…/{caseId}/latest`
 * (the case's derived latest results in words: {@link caseLatest}), with the same checks.
 *
 * @example GET /api/cases/case/followups/4f0c…  →  [{ type: 'EXAM_XRAY', table: 'examxray', name: 'Рентгенография', monthOfTreatment: 2, month: 'Месяц 2', data: {…} }]
 */
export function followupRoutes(ctx: AppContext): DeclaredRoute[] {
  /** The same checks for each route of a case: CASEMAN, a uuid, the case in the session's view (else 404). */
  const ofCase =
    (read: (em: Em, registry: Registry, s: Session, caseId: string) => Promise<object | undefined>) =>
    async (c: Context<Env>) => {
      const s = c.get('session');
      const caseId = c.req.param('caseId') ?? '';
      if (!isUuid(caseId)) throw fail(400, t(s.lang, 'msg.badId'), 'caseId');
      const result = await read(ctx.orm.em.fork(), ctx.registry, s, caseId);
      if (!result) throw fail(404, t(s.lang, 'msg.notFound'), 'caseId');
      return c.json(result);
    };
  const CASEMAN = rule.perm('CASEMAN'); // reading cases (tbcase's x-table.permission)
  return [
    defineRoute({ method: 'GET', path: '/api/cases/case/followups/:caseId', rule: CASEMAN, summary: "A case's follow-up exams of the types the reader may read", handler: ofCase(caseFollowups) }),
    /** The types of the add menu and the type filter: `[{type, table, name, canChange}]` (types.ts). */
    defineRoute({ method: 'GET', path: '/api/cases/case/followups/:caseId/types', rule: CASEMAN, summary: 'The follow-up exam types the reader may read (and add)', handler: ofCase(followupTypes) }),
    /** The case's derived columns the session may see, in words (latest.ts): the case header's latest results. */
    defineRoute({ method: 'GET', path: '/api/cases/case/followups/:caseId/latest', rule: CASEMAN, summary: "A case's latest derived results (weight, HIV, smear, Xpert, culture)", handler: ofCase(caseLatest) }),
  ];
}
