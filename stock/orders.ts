/**
 * Orders (`schemas/tables/stockorder.json`): a unit orders medicines from its supplier — the
 * supplier and the authorizer are the unit's own (`unit.supplierId`, `unit.authorizerId`; no
 * authorizer: the supplier authorises). Each step is a declared action of the order with its
 * permission, its date (not before the order's) and its history entry, allowed only in its turn:
 * NEW —authorize (VAL_ORDER, the authorizer unit)→ AUTHORIZED —send (SEND_ORDER, the supplier: its
 * batches leave it)→ SENT —receiveOrder (RECEIV_ORDER, the ordering unit: the batches arrive)→
 * RECEIVED; cancelOrder (ORDER_CANC, the ordering or the authorizer unit) while NEW or AUTHORIZED.
 */
import { t } from '../engine/i18n.ts';
import type { Stockorder } from '../engine/generated/index.ts';
import { kysely } from '../server/db/kysely.ts';
import { fail } from '../server/http/errors.ts';
import type { ActionContext, ActionOn, HooksOn, ModuleHooks, Refusal, RowAction } from '../server/types.ts';
import { moveBatches } from './movements.ts';
import { unitInView } from './unit-view.ts';

/** Transactions in which an order's own step changes it: no other change is taken. */
const stepWrites = new WeakSet<object>();

const order: HooksOn<'stockorder'> = {
  async beforeSave(x) {
    if (!x.isNew) {
      if (!stepWrites.has(x.em)) throw fail(400, t(x.session.lang, 'stock.orderByActions'));
      return;
    }
    const unit = await kysely(x.em).selectFrom('unit').select(['supplier_id', 'authorizer_id']).where('workspace_id', '=', x.session.workspaceId).where('id', '=', x.doc.unitId).executeTakeFirst();
    if (!unit?.supplier_id) throw fail(400, t(x.session.lang, 'stock.noSupplier'), 'unitId');
    Object.assign(x.doc, { state: 'NEW', supplierId: unit.supplier_id, authorizerId: unit.authorizer_id ?? unit.supplier_id, shipped: [] });
    for (const k of ['authorizedDate', 'sentDate', 'receivedDate', 'cancelledDate'] as const) delete x.doc[k];
  },
  beforeDelete({ session }) {
    throw fail(400, t(session.lang, 'stock.orderByActions'));
  },
};

/** The orders' hooks (`DomainModule.hooks`). */
export const orderHooks: ModuleHooks = { stockorder: order };

type OrderAction = ActionOn<'stockorder', { date: string; shipped?: { batchId: string; quantity: number }[] }>;
type Ctx = ActionContext<Stockorder>;

/** A step's refusal: not in its turn (400, naming the order's state), or not the session's unit to act for (403). */
function stepRefusal(states: Stockorder['state'][], unitOf: (row: Stockorder) => (string | undefined)[], notYours: string) {
  return async ({ row, em, session }: Ctx): Promise<Refusal | undefined> => {
    if (!states.includes(row.state)) return { msg: t(session.lang, 'stock.orderOutOfTurn', { state: t(session.lang, `orderState.${row.state}`) }), status: 400 };
    for (const u of unitOf(row)) if (u && (await unitInView(em, session, u, 'write'))) return undefined;
    return { msg: notYours, status: 403 };
  };
}

/** The step's date, not before the order's. */
function stepDate(x: Ctx & { input: { date: string } }): string {
  if (x.input.date < x.row.date) throw fail(400, t(x.session.lang, 'stock.stepBeforeOrder'), 'date');
  stepWrites.add(x.em);
  return x.input.date;
}

/** `POST /api/tbl/stockorder/{id}/action/authorize {date}` (VAL_ORDER): the authorizer unit authorises a new order. */
export const authorizeOrder: OrderAction = {
  table: 'stockorder', name: 'authorize', permission: 'VAL_ORDER', form: 'stock_stepdate',
  guard: stepRefusal(['NEW'], (r) => [r.authorizerId], 'stock.notAuthorizer'),
  apply: (x) => ({ patch: { state: 'AUTHORIZED', authorizedDate: stepDate(x) } }),
};

/**
 * `POST /api/tbl/stockorder/{id}/action/send {date, shipped: [{batchId, quantity}]}` (SEND_ORDER): the
 * supplier sends batches of the medicines ordered; they leave its stock at once.
 */
export const sendOrder: OrderAction = {
  table: 'stockorder', name: 'send', permission: 'SEND_ORDER', form: 'stockorder_send',
  guard: stepRefusal(['AUTHORIZED'], (r) => [r.supplierId], 'stock.notSupplier'),
  async apply(x) {
    const date = stepDate(x);
    const shipped = x.input.shipped ?? [];
    const ordered = new Set(x.row.items.map((i) => i.productId));
    for (const [i, s] of shipped.entries()) {
      const b = await kysely(x.em).selectFrom('stockbatch').select('product_id').where('workspace_id', '=', x.session.workspaceId).where('id', '=', s.batchId).executeTakeFirst();
      if (b && !ordered.has(b.product_id)) throw fail(400, t(x.session.lang, 'stock.notOrdered'), `shipped.${i}.batchId`);
    }
    await moveBatches(x, { orderId: x.id }, 'shipped', shipped, { unitId: x.row.supplierId!, type: 'TRANSFER_OUT', date, notHere: 'stock.batchNotAtSupplier' });
    return { patch: { state: 'SENT', sentDate: date, shipped } };
  },
};

/** `POST /api/tbl/stockorder/{id}/action/receiveOrder {date}` (RECEIV_ORDER): the ordering unit receives the batches sent. */
export const receiveOrder: OrderAction = {
  table: 'stockorder', name: 'receiveOrder', permission: 'RECEIV_ORDER', form: 'stock_stepdate',
  guard: stepRefusal(['SENT'], (r) => [r.unitId], 'stock.notOrderingUnit'),
  async apply(x) {
    const date = stepDate(x);
    if (x.row.sentDate && date < x.row.sentDate) throw fail(400, t(x.session.lang, 'stock.stepBeforeOrder'), 'date');
    await moveBatches(x, { orderId: x.id }, 'shipped', x.row.shipped ?? [], { unitId: x.row.unitId, type: 'TRANSFER_IN', date, notHere: 'stock.batchNotAtSupplier' });
    return { patch: { state: 'RECEIVED', receivedDate: date } };
  },
};

/** `POST /api/tbl/stockorder/{id}/action/cancelOrder {date}` (ORDER_CANC): cancelled by the ordering or the authorizer unit before it is sent. */
export const cancelOrder: OrderAction = {
  table: 'stockorder', name: 'cancelOrder', permission: 'ORDER_CANC', form: 'stock_stepdate',
  guard: stepRefusal(['NEW', 'AUTHORIZED'], (r) => [r.unitId, r.authorizerId], 'msg.forbidden'),
  apply: (x) => ({ patch: { state: 'CANCELLED', cancelledDate: stepDate(x) } }),
};

/** The order's steps (`DomainModule.actions`). */
export const orderActions = [authorizeOrder, sendOrder, receiveOrder, cancelOrder] as RowAction[];
