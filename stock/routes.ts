import type { Hono } from 'hono';
import { t } from '../engine/i18n.ts';
import { kysely } from '../server/db/kysely.ts';
import { jsonBody } from '../server/http/body.ts';
import { fail, isUuid } from '../server/http/errors.ts';
import { assertPermission } from '../server/http/middleware.ts';
import type { AppContext, Env } from '../server/types.ts';
import { unitStock } from './batches.ts';
import { dispense, writeOffExpired } from './dispense.ts';
import { assertUnitInView } from './unit-view.ts';

/**
 * The stock calls beside the ledger's table API (`/api/tbl/stockmovement`, `/api/tbl/stockbatch`):
 * - `GET /api/stock/unit/{unitId}` (INVENTORY): the unit's stock on hand by medicine and batch;
 * - `POST /api/stock/dispense` (DISP_PAC): a dispensing to a patient, batches first expiry first out;
 * - `POST /api/stock/writeoff` (STOCK_ADJ): the unit's expired batches written off.
 * @example GET /api/stock/unit/4f0c… → { medicines: [{ productName: 'HRZE …', onHand: 120, batches: [...] }] }
 */
export function stockRoutes(app: Hono<Env>, ctx: AppContext): void {
  app.get('/api/stock/unit/:unitId', async (c) => {
    const s = c.get('session');
    assertPermission(s, 'INVENTORY');
    const unitId = c.req.param('unitId');
    if (!isUuid(unitId)) throw fail(400, t(s.lang, 'msg.badId'), 'unitId');
    const em = ctx.orm.em.fork();
    await assertUnitInView(em, s, unitId.toLowerCase(), 'read');
    return c.json({ medicines: await unitStock(kysely(em), s.workspaceId, unitId.toLowerCase()) });
  });
  app.post('/api/stock/dispense', async (c) => {
    const s = c.get('session');
    assertPermission(s, 'DISP_PAC');
    return c.json({ movements: await dispense(ctx, s, await jsonBody(c)) });
  });
  app.post('/api/stock/writeoff', async (c) => {
    const s = c.get('session');
    assertPermission(s, 'STOCK_ADJ');
    return c.json({ movements: await writeOffExpired(ctx, s, await jsonBody(c)) });
  });
}
