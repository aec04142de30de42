import { defineRoute, rule, type DeclaredRoute } from '../../server/http/define-route.ts';
import type { AppContext } from '../../server/types.ts';
import { leadtimeReport, type LeadtimeRequest } from './leadtime.ts';
import { movementsReport, type MovementsRequest } from './movements.ts';

/**
 * The stock reports, each body declared by the report screen's form and checked by the host before any SQL:
 * - `POST /api/stock/report/movements` (REP_MOVEMENTS, `schemas/forms/stock_report_movements.json`) → the
 *   movements table (`movements.ts`), laid out as a case report's indicator;
 * - `POST /api/stock/report/leadtime` (REP_ORDER_LEADTIME, `schemas/forms/stock_report_leadtime.json`) → the
 *   orders received in the period with their steps' days and averages (`leadtime.ts`).
 * @example POST /api/stock/report/movements {scope: 'WORKSPACE', iniDate, endDate, rowVariables: ['medicine'], columnVariables: ['movementType']}
 */
export function stockReportRoutes(ctx: AppContext): DeclaredRoute[] {
  return [
    defineRoute<'/api/stock/report/movements', MovementsRequest>({
      method: 'POST', path: '/api/stock/report/movements', rule: rule.perm('REP_MOVEMENTS'), summary: 'The movements report: units moved in a period, by one or two row and column variables',
      body: 'stock_report_movements', example: { scope: 'WORKSPACE', iniDate: '2026-09-01', endDate: '2026-10-31', rowVariables: ['medicine'], columnVariables: ['movementType'] },
      answer: { type: 'object', required: ['indicator'], properties: { indicator: { type: 'object' } } },
      handler: async (c, { body }) => c.json({ indicator: await movementsReport(ctx, ctx.orm.em.fork(), c.get('session'), body) }),
    }),
    defineRoute<'/api/stock/report/leadtime', LeadtimeRequest>({
      method: 'POST', path: '/api/stock/report/leadtime', rule: rule.perm('REP_ORDER_LEADTIME'), summary: "The order lead-time report: the orders received in a period, their steps' days and averages",
      body: 'stock_report_leadtime', example: { scope: 'WORKSPACE', iniDate: '2026-09-01', endDate: '2026-10-31' },
      answer: { type: 'object' },
      handler: async (c, { body }) => c.json(await leadtimeReport(ctx.orm.em.fork(), c.get('session'), body)),
    }),
  ];
}
