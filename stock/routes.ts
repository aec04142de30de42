import type { Context } from 'hono';
import { t } from '../engine/i18n.ts';
import type { JsonSchema } from '../engine/types.ts';
import { kysely } from '../server/db/kysely.ts';
import type { Em } from '../server/db/orm.ts';
import { defineRoute, rule, type DeclaredRoute } from '../server/http/define-route.ts';
import { fail, isUuid } from '../server/http/errors.ts';
import { todayOf } from '../server/http/time-zone.ts';
import { TableStore } from '../server/tbl/store.ts';
import type { AppContext, Env, Session } from '../server/types.ts';
import { adjustBatch, type Adjustment } from './adjust.ts';
import { unitAlerts, viewAlerts } from './alerts.ts';
import { lastCountDate } from './batch-days.ts';
import { initialOpen, unitStock } from './batches.ts';
import { stockCard } from './card.ts';
import { dispenseForCase, type CaseDispenseBody } from './case-dispense.ts';
import { dispense, writeOffExpired, type Dispensing, type WriteOff } from './dispense.ts';
import { orderDocument } from './order-document.ts';
import { orderProposal } from './planning.ts';
import { caseDispensings, caseDue } from './treatment-due.ts';
import { assertUnitInView, unitInView } from './unit-view.ts';
import { writeTransaction } from '../server/tbl/retry.ts';

/** The `name` query parameter as a date (default: the user's today); 400 on it when not a date. */
function dateParam(c: Context<Env>, name: string): string {
  const s = c.get('session');
  const v = c.req.query(name) ?? todayOf(s);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(v) || Number.isNaN(Date.parse(v))) throw fail(400, t(s.lang, 'stock.badDate'), name);
  return v;
}

/** The path's id parameter `name` as a lower-case uuid; 400 on it when not one. */
function idParam(c: Context<Env>, name: string): string {
  const raw = c.req.param(name) ?? '';
  if (!isUuid(raw)) throw fail(400, t(c.get('session').lang, 'msg.badId'), name);
  return raw.toLowerCase();
}

/** The path's unit, in the reader's view (404 else); its id. */
async function unitParam(c: Context<Env>, em: Em): Promise<string> {
  const unitId = idParam(c, 'unitId');
  await assertUnitInView(em, c.get('session'), unitId, 'read');
  return unitId;
}

/**
 * A handler answering what `read` finds for the path's unit (in the reader's view, 404 else) on the
 * `?date=` (default the user's today, 400 when not a date).
 * @example handler: unitOnDate(ctx, orderProposal) // GET /api/stock/unit/{unitId}/proposal?date=2026-03-01
 */
function unitOnDate(ctx: AppContext, read: (em: Em, workspaceId: string, unitId: string, date: string) => Promise<unknown>) {
  return async (c: Context<Env>) => {
    const em = ctx.orm.em.fork();
    const unitId = await unitParam(c, em);
    return c.json(await read(em, c.get('session').workspaceId, unitId, dateParam(c, 'date')));
  };
}

/** The path's case, in the session's view (`write`: locked, one dispensing of a case at a time); 404 else. */
async function caseInView(ctx: AppContext, em: Em, s: Session, id: string, mode: 'read' | 'write'): Promise<string> {
  const row = await TableStore.of(ctx.registry, ctx.registry.table('tbcase'), em, s, mode).read(id, { lock: mode === 'write' });
  if (!row) throw fail(404, t(s.lang, 'msg.notFound'), 'caseId');
  return id;
}

const list: JsonSchema = { type: 'array', items: { type: 'object' } };
const movements: JsonSchema = { type: 'object', required: ['movements'], properties: { movements: list } };
const unitId = '8c5e2a40-2f4c-4a52-9d3e-1f6b7c8d9e01';
const productId = '5b0d9c8e-7a6f-4e3d-8c2b-1a0f9e8d7c61';

/**
 * The stock calls beside the ledger's table API (`/api/tbl/stockmovement`, `/api/tbl/stockbatch`),
 * each read within the reader's view (a unit, case, batch or order outside it: 404). The host checks
 * the permission and the body — each declared by its form file (`schemas/forms/stock_*.json`, the dialog
 * renders the same), with its date bounds — before the handler runs:
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
export function stockRoutes(ctx: AppContext): DeclaredRoute[] {
  return [
    defineRoute({
      method: 'GET', path: '/api/stock/unit/:unitId', rule: rule.perm('INVENTORY'), summary: "A unit's stock on hand by medicine and batch",
      answer: { type: 'object', required: ['medicines', 'initialOpen'], properties: { medicines: list, initialOpen: { type: 'boolean' }, lastCount: { type: ['string', 'null'] } } },
      handler: async (c) => {
        const em = ctx.orm.em.fork();
        const unitId = await unitParam(c, em);
        const db = kysely(em);
        const ws = c.get('session').workspaceId;
        return c.json({ medicines: await unitStock(db, ws, unitId), initialOpen: await initialOpen(db, ws, unitId), lastCount: await lastCountDate(db, ws, unitId) });
      },
    }),
    defineRoute({
      method: 'GET', path: '/api/stock/batch/:batchId/card', rule: rule.perm('INVENTORY'), summary: "A batch's stock card: its movements with the running balance",
      answer: { type: 'object' },
      handler: async (c) => {
        const s = c.get('session');
        const em = ctx.orm.em.fork();
        const card = await stockCard(kysely(em), s.workspaceId, idParam(c, 'batchId'));
        // a batch of a unit outside the reader's view is not told apart from none
        if (!card || !(await unitInView(em, s, card.batch.unitId, 'read'))) throw fail(404, t(s.lang, 'msg.notFound'), 'batchId');
        return c.json(card);
      },
    }),
    defineRoute({
      method: 'GET', path: '/api/stock/unit/:unitId/proposal', rule: rule.perm('INVENTORY'), summary: "A unit's order proposal on a date (`?date=`, default today)",
      answer: { type: 'object' },
      handler: unitOnDate(ctx, orderProposal),
    }),
    defineRoute({
      method: 'GET', path: '/api/stock/order/:orderId', rule: rule.perm('INVENTORY'), summary: "An order's requisition and delivery note",
      answer: { type: 'object' },
      handler: async (c) => {
        const s = c.get('session');
        const id = idParam(c, 'orderId');
        const em = ctx.orm.em.fork();
        // an order outside the reader's view (neither its unit's nor its supplier's) is not told apart from none
        const visible = await TableStore.of(ctx.registry, ctx.registry.table('stockorder'), em, s, 'read').read(id);
        const doc = visible ? await orderDocument(kysely(em), s.workspaceId, id) : undefined;
        if (!doc) throw fail(404, t(s.lang, 'msg.notFound'), 'orderId');
        return c.json(doc);
      },
    }),
    defineRoute({
      method: 'GET', path: '/api/stock/unit/:unitId/alerts', rule: rule.perm('INVENTORY'), summary: "A unit's early warnings on a date (`?date=`, default today)",
      answer: { type: 'object' },
      handler: unitOnDate(ctx, unitAlerts),
    }),
    defineRoute({
      method: 'GET', path: '/api/stock/alerts', rule: rule.perm('INVENTORY'), summary: "The early warnings of the units in the reader's view (`?date=`, default today)",
      answer: { type: 'object', required: ['date', 'units'], properties: { date: { type: 'string', format: 'date' }, units: list } },
      handler: async (c) => {
        const s = c.get('session');
        const date = dateParam(c, 'date');
        return c.json({ date, units: await viewAlerts(ctx.orm.em.fork(), s, date) });
      },
    }),
    defineRoute<'/api/stock/dispense', Dispensing>({
      method: 'POST', path: '/api/stock/dispense', rule: rule.perm('DISP_PAC'), summary: 'A dispensing to a patient, batches first expiry first out',
      body: 'stock_dispense', example: { unitId, caseId: '4f0c2a40-2f4c-4a52-9d3e-1f6b7c8d9e02', productId, quantity: 30, date: '2026-11-26' }, answer: movements,
      handler: async (c, { body }) => c.json({ movements: await dispense(ctx, c.get('session'), body) }),
    }),
    defineRoute<'/api/stock/adjust', Adjustment>({
      method: 'POST', path: '/api/stock/adjust', rule: rule.perm('STOCK_ADJ'), summary: 'An adjustment or write-off of a batch the unit holds',
      body: 'stock_adjust', example: { unitId, batchId: productId, type: 'ADJUSTMENT', reason: 'DAMAGED', date: '2026-11-26', quantity: -3 },
      answer: { type: 'object', required: ['movement'], properties: { movement: { type: 'object' } } },
      handler: async (c, { body }) => c.json({ movement: await adjustBatch(ctx, c.get('session'), body) }),
    }),
    defineRoute<'/api/stock/writeoff', WriteOff>({
      method: 'POST', path: '/api/stock/writeoff', rule: rule.perm('STOCK_ADJ'), summary: "The unit's batches expired on the date written off",
      body: 'stock_writeoff', example: { unitId, date: '2026-11-26' }, answer: movements,
      handler: async (c, { body }) => c.json({ movements: await writeOffExpired(ctx, c.get('session'), body) }),
    }),
    defineRoute({
      method: 'GET', path: '/api/stock/case/:caseId', rule: rule.perm('INVENTORY'), summary: "A case's dispensings and, per medicine, the units taken up to `?to=` (default today), dispensed and due",
      answer: { type: 'object', required: ['to', 'due', 'dispensings'], properties: { to: { type: 'string', format: 'date' }, due: list, dispensings: list } },
      handler: async (c) => {
        const s = c.get('session');
        const to = dateParam(c, 'to');
        const em = ctx.orm.em.fork();
        const caseId = await caseInView(ctx, em, s, idParam(c, 'caseId'), 'read');
        return c.json({ to, due: await caseDue(em, s.workspaceId, caseId, to), dispensings: await caseDispensings(em, s.workspaceId, caseId) });
      },
    }),
    defineRoute<'/api/stock/case/:caseId/dispense', CaseDispenseBody>({
      method: 'POST', path: '/api/stock/case/:caseId/dispense', rule: rule.perm('DISP_PAC'), summary: 'A dispensing for a case: the medicines chosen, or every one due, each as far as the stock goes',
      body: 'stock_casedispense', example: { unitId, date: '2026-11-26', items: [{ productId, quantity: 12 }] },
      answer: { type: 'object', required: ['movements', 'notGiven'], properties: { movements: list, notGiven: list } },
      handler: async (c, { body }) => {
        const s = c.get('session');
        const id = idParam(c, 'caseId');
        return c.json(await writeTransaction(ctx, async (em) => {
          const caseId = await caseInView(ctx, em, s, id, 'write');
          await assertUnitInView(em, s, body.unitId, 'write');
          return dispenseForCase(ctx, s, em, caseId, body);
        }, 'stock case dispense'));
      },
    }),
  ];
}
