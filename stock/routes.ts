import type { Hono } from 'hono';
import { t } from '../engine/i18n.ts';
import { kysely } from '../server/db/kysely.ts';
import { jsonBody } from '../server/http/body.ts';
import { fail, isUuid } from '../server/http/errors.ts';
import { assertPermission } from '../server/http/middleware.ts';
import type { AppContext, Env } from '../server/types.ts';
import { initialOpen, unitStock } from './batches.ts';
import { adjustBatch } from './adjust.ts';
import { dispense, writeOffExpired } from './dispense.ts';
import { checkStockBody } from './body.ts';
import { TableStore } from '../server/tbl/store.ts';
import type { AppContext as Ctx, Session } from '../server/types.ts';
import type { Em } from '../server/db/orm.ts';
import { dispenseForCase, type CaseDispenseBody } from './case-dispense.ts';
import { caseDispensings, caseDue } from './treatment-due.ts';
import { assertUnitInView, unitInView } from './unit-view.ts';
import { stockCard } from './card.ts';
import { lastCountDate } from './batch-days.ts';
import { todayOf } from '../server/http/time-zone.ts';
import { unitAlerts, viewAlerts } from './alerts.ts';
import { orderProposal } from './planning.ts';
import { orderDocument } from './order-document.ts';
import type { Context } from 'hono';

/** The `name` query parameter as a date (default: the user's today); 400 on it when not a date. */
function dateParam(c: Context<Env>, name: string): string {
  const s = c.get('session');
  const v = c.req.query(name) ?? todayOf(s);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(v) || Number.isNaN(Date.parse(v))) throw fail(400, t(s.lang, 'stock.badDate'), name);
  return v;
}

/** The path's unit in the reader's view (INVENTORY); its id. */
async function unitParam(c: Context<Env>, em: Em): Promise<string> {
  const s = c.get('session');
  assertPermission(s, 'INVENTORY');
  const unitId = c.req.param('unitId') ?? '';
  if (!isUuid(unitId)) throw fail(400, t(s.lang, 'msg.badId'), 'unitId');
  await assertUnitInView(em, s, unitId.toLowerCase(), 'read');
  return unitId.toLowerCase();
}

/** The case id of the path, in the session's view (`write`: locked, one dispensing of a case at a time); 404 else. */
async function caseInView(ctx: Ctx, em: Em, s: Session, raw: string, mode: 'read' | 'write'): Promise<string> {
  if (!isUuid(raw)) throw fail(400, t(s.lang, 'msg.badId'), 'caseId');
  const id = raw.toLowerCase();
  const row = await TableStore.of(ctx.registry, ctx.registry.table('tbcase'), em, s, mode).read(id, { lock: mode === 'write' });
  if (!row) throw fail(404, t(s.lang, 'msg.notFound'), 'caseId');
  return id;
}

/**
 * The stock calls beside the ledger's table API (`/api/tbl/stockmovement`, `/api/tbl/stockbatch`):
 * - `GET /api/stock/unit/{unitId}` (INVENTORY): the unit's stock on hand by medicine and batch, and whether
 *   its initial inventory may still be entered (`initialOpen`), and the date of its last stock count (`lastCount`);
 * - `POST /api/stock/dispense` (DISP_PAC): a dispensing to a patient, batches first expiry first out;
 * - `POST /api/stock/adjust` (STOCK_ADJ): an adjustment or write-off of a batch picked from the unit's (adjust.ts);
 * - `POST /api/stock/writeoff` (STOCK_ADJ): the unit's expired batches written off;
 * - `GET /api/stock/case/{caseId}?to=` (INVENTORY): the case's dispensings, and per medicine the
 *   units taken up to `to` (default today), dispensed and due;
 * - `POST /api/stock/case/{caseId}/dispense` (DISP_PAC): the medicines chosen, or every one due, each as
 *   far as the unit's stock goes, and what could not be given (case-dispense.ts);
 * - `GET /api/stock/batch/{batchId}/card` (INVENTORY): the batch's stock card, its running balance (card.ts);
 * - `GET /api/stock/unit/{unitId}/proposal?date=` (INVENTORY): the order proposal (planning.ts);
 * - `GET /api/stock/order/{orderId}` (INVENTORY, the order in the reader's view as its table reads it):
 *   the order's requisition and delivery note, by name (order-document.ts);
 * - `GET /api/stock/unit/{unitId}/alerts?date=` and `GET /api/stock/alerts?date=` (INVENTORY): the
 *   early warnings of a unit and of the reader's view (alerts.ts).
 * @example GET /api/stock/unit/4f0c… → { medicines: [{ productName: 'HRZE …', onHand: 120, batches: [...] }] }
 */
export function stockRoutes(app: Hono<Env>, ctx: AppContext): void {
  app.get('/api/stock/unit/:unitId', async (c) => {
    const em = ctx.orm.em.fork();
    const unitId = await unitParam(c, em);
    const db = kysely(em);
    const ws = c.get('session').workspaceId;
    return c.json({ medicines: await unitStock(db, ws, unitId), initialOpen: await initialOpen(db, ws, unitId), lastCount: await lastCountDate(db, ws, unitId) });
  });
  app.get('/api/stock/batch/:batchId/card', async (c) => {
    const s = c.get('session');
    assertPermission(s, 'INVENTORY');
    const raw = c.req.param('batchId') ?? '';
    if (!isUuid(raw)) throw fail(400, t(s.lang, 'msg.badId'), 'batchId');
    const em = ctx.orm.em.fork();
    const card = await stockCard(kysely(em), s.workspaceId, raw.toLowerCase());
    // a batch of a unit outside the reader's view is not told apart from none
    if (!card || !(await unitInView(em, s, card.batch.unitId, 'read'))) throw fail(404, t(s.lang, 'msg.notFound'), 'batchId');
    return c.json(card);
  });
  app.get('/api/stock/unit/:unitId/proposal', async (c) => {
    const em = ctx.orm.em.fork();
    const unitId = await unitParam(c, em);
    return c.json(await orderProposal(em, c.get('session').workspaceId, unitId, dateParam(c, 'date')));
  });
  app.get('/api/stock/order/:orderId', async (c) => {
    const s = c.get('session');
    assertPermission(s, 'INVENTORY');
    const raw = c.req.param('orderId') ?? '';
    if (!isUuid(raw)) throw fail(400, t(s.lang, 'msg.badId'), 'orderId');
    const id = raw.toLowerCase();
    const em = ctx.orm.em.fork();
    // an order outside the reader's view (neither its unit's nor its supplier's) is not told apart from none
    const visible = await TableStore.of(ctx.registry, ctx.registry.table('stockorder'), em, s, 'read').read(id);
    const doc = visible ? await orderDocument(kysely(em), s.workspaceId, id) : undefined;
    if (!doc) throw fail(404, t(s.lang, 'msg.notFound'), 'orderId');
    return c.json(doc);
  });
  app.get('/api/stock/unit/:unitId/alerts', async (c) => {
    const em = ctx.orm.em.fork();
    const unitId = await unitParam(c, em);
    return c.json(await unitAlerts(em, c.get('session').workspaceId, unitId, dateParam(c, 'date')));
  });
  app.get('/api/stock/alerts', async (c) => {
    const s = c.get('session');
    assertPermission(s, 'INVENTORY');
    const date = dateParam(c, 'date');
    return c.json({ date, units: await viewAlerts(ctx.orm.em.fork(), s, date) });
  });
  app.post('/api/stock/dispense', async (c) => {
    const s = c.get('session');
    assertPermission(s, 'DISP_PAC');
    return c.json({ movements: await dispense(ctx, s, await jsonBody(c)) });
  });
  app.post('/api/stock/adjust', async (c) => {
    const s = c.get('session');
    assertPermission(s, 'STOCK_ADJ');
    return c.json({ movement: await adjustBatch(ctx, s, await jsonBody(c)) });
  });
  app.post('/api/stock/writeoff', async (c) => {
    const s = c.get('session');
    assertPermission(s, 'STOCK_ADJ');
    return c.json({ movements: await writeOffExpired(ctx, s, await jsonBody(c)) });
  });
  app.get('/api/stock/case/:caseId', async (c) => {
    const s = c.get('session');
    assertPermission(s, 'INVENTORY');
    const to = dateParam(c, 'to');
    const em = ctx.orm.em.fork();
    const caseId = await caseInView(ctx, em, s, c.req.param('caseId'), 'read');
    return c.json({ to, due: await caseDue(em, s.workspaceId, caseId, to), dispensings: await caseDispensings(em, s.workspaceId, caseId) });
  });
  app.post('/api/stock/case/:caseId/dispense', async (c) => {
    const s = c.get('session');
    assertPermission(s, 'DISP_PAC');
    const doc = checkStockBody(ctx, s, 'stock_casedispense', await jsonBody(c)) as CaseDispenseBody;
    return c.json(await ctx.orm.em.fork().transactional(async (em) => {
      const caseId = await caseInView(ctx, em, s, c.req.param('caseId'), 'write');
      await assertUnitInView(em, s, doc.unitId, 'write');
      return dispenseForCase(ctx, s, em, caseId, doc);
    }));
  });
}
