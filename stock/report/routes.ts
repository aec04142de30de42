import type { Hono } from 'hono';
import { jsonBody } from '../../server/http/body.ts';
import { assertPermission } from '../../server/http/middleware.ts';
import type { AppContext, Env } from '../../server/types.ts';
import { checkStockBody } from '../body.ts';
import { leadtimeReport, type LeadtimeRequest } from './leadtime.ts';
import { movementsReport, type MovementsRequest } from './movements.ts';

/**
 * The stock reports, each body checked by its declared form before any SQL:
 * - `POST /api/stock/report/movements` (REP_MOVEMENTS, `schemas/forms/stock_report_movements.json`) → the
 *   movements table (`movements.ts`), laid out as a case report's indicator;
 * - `POST /api/stock/report/leadtime` (REP_ORDER_LEADTIME, `schemas/forms/stock_report_leadtime.json`) → the
 *   orders received in the period with their steps' days and averages (`leadtime.ts`).
 * @example POST /api/stock/report/movements {scope: 'WORKSPACE', iniDate, endDate, rowVariables: ['medicine'], columnVariables: ['movementType']}
 */
export function stockReportRoutes(app: Hono<Env>, ctx: AppContext): void {
  app.post('/api/stock/report/movements', async (c) => {
    const s = c.get('session');
    assertPermission(s, 'REP_MOVEMENTS');
    const doc = checkStockBody(ctx, s, 'stock_report_movements', await jsonBody(c));
    return c.json({ indicator: await movementsReport(ctx, ctx.orm.em.fork(), s, doc as unknown as MovementsRequest) });
  });
  app.post('/api/stock/report/leadtime', async (c) => {
    const s = c.get('session');
    assertPermission(s, 'REP_ORDER_LEADTIME');
    const doc = checkStockBody(ctx, s, 'stock_report_leadtime', await jsonBody(c));
    return c.json(await leadtimeReport(ctx.orm.em.fork(), s, doc as unknown as LeadtimeRequest));
  });
}
