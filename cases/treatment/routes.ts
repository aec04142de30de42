import { t } from '../../engine/i18n.ts';
import { defineRoute, rule, type DeclaredRoute } from '../../server/http/define-route.ts';
import { fail, isUuid } from '../../server/http/errors.ts';
import type { AppContext } from '../../server/types.ts';
import { treatmentView } from './view.ts';

/**
 * The treatment tab's read (the contract is `types.ts`): `GET /api/cases/case/treatment/{caseId}` —
 * CASEMAN, checked by the host; the calendar only with CASE_INTAKEMED, which depends on the reader and is
 * left to `treatmentView`. Its changes — start, undo, period, prescriptions, the month calendar — are
 * declared row actions on their own paths (`actions.ts`).
 *
 * @example GET /api/cases/case/treatment/4f0c… → { started: true, period: {…}, followup: [{ year: 2026, month: 3, version: 2, … }], … }
 */
export function treatmentRoutes(ctx: AppContext): DeclaredRoute[] {
  return [
    defineRoute({
      method: 'GET', path: '/api/cases/case/treatment/:caseId', rule: rule.perm('CASEMAN'),
      summary: "A case's treatment tab: the period, regimen, prescriptions, units and (with CASE_INTAKEMED) the intake calendar",
      answer: { type: 'object', required: ['started'], properties: { started: { type: 'boolean' } } },
      handler: async (c) => {
        const s = c.get('session');
        const id = c.req.param('caseId');
        if (!isUuid(id)) throw fail(400, t(s.lang, 'msg.badId'), 'caseId');
        return c.json(await treatmentView(ctx, s, id.toLowerCase()));
      },
    }),
  ];
}
