/**
 * The stock ledger's rule: a movement (`schemas/tables/stockmovement.json`) is appended, never
 * changed or deleted; its type says who may write it, which way its quantity goes and which dates
 * fit; and it is added to its batch's stock on hand (`stockbatch`) in the movement's own
 * transaction through the writer's balance door, which refuses a change that would take the batch
 * below zero. So stock on hand is always the sum of its movements and never negative, whichever
 * door (the generic table API, a dispensing, a write-off) wrote the movement, and concurrent
 * dispensings of one batch wait for each other on its row.
 */
import { t } from '../engine/i18n.ts';
import type { Stockmovement } from '../engine/generated/index.ts';
import { sql } from 'kysely';
import { kysely } from '../server/db/kysely.ts';
import { fail, type ApiError } from '../server/http/errors.ts';
import { hasPermission } from '../server/http/middleware.ts';
import { assertWritable } from '../server/scope/writable.ts';
import { checkRefs } from '../server/tbl/prepare.ts';
import { systemAddTo } from '../server/tbl/system-write.ts';
import type { HooksOn, ModuleHooks, SaveContext } from '../server/types.ts';
import { dateText } from '../engine/date-text.ts';
import { batchDays, lastCountDate, notEnoughOn } from './batch-days.ts';
import { initialOpen } from './batches.ts';
import { arrivalRefusal, availableOn, countRefusal, expiryRefusal } from './ledger-dates.ts';

export type MovementType = Stockmovement['type'];

/** The permission each movement type needs (the INVENTORY tree of `engine/permissions-tree.json`). */
export const MOVEMENT_PERMISSION: Record<MovementType, string> = {
  INITIAL: 'INVENTORY_INIT',
  RECEIPT: 'RECEIV',
  DISPENSING: 'DISP_PAC',
  ADJUSTMENT: 'STOCK_ADJ',
  EXPIRED: 'STOCK_ADJ',
  TRANSFER_OUT: 'NEW_TRANSFER',
  TRANSFER_IN: 'TRANSF_REC',
};

/** Which way each type moves stock: +1 in, −1 out, 0 either (an adjustment). */
const DIRECTION: Record<MovementType, 1 | -1 | 0> = {
  INITIAL: 1, RECEIPT: 1, TRANSFER_IN: 1, DISPENSING: -1, EXPIRED: -1, TRANSFER_OUT: -1, ADJUSTMENT: 0,
};

/** The fields that name a batch: a unit's stock of one medicine's batch from one source. */
export const BATCH_KEY = ['unitId', 'productId', 'sourceId', 'batchNumber', 'manufacturer', 'expiryDate'] as const;

/** The document a transfer's movements belong to: a transfer between units, or an order's shipment. */
export interface MovementDocument {
  transferId?: string;
  orderId?: string;
}

/**
 * The document whose movements a transaction is writing (stock/transfers.ts, stock/orders.ts), by the
 * transaction's entity manager: TRANSFER_OUT / TRANSFER_IN movements are made only with their
 * document — never typed alone — and carry its id; the document's own step checked its permission
 * (NEW_TRANSFER, TRANSF_REC, TRANSF_CANCEL, SEND_ORDER, RECEIV_ORDER).
 */
export const documentWrites = new WeakMap<object, MovementDocument>();

const refuse = (x: SaveContext<any>, field: string | null, key: string, vars: Record<string, unknown> = {}) => fail(400, t(x.session.lang, key, vars), field);

/** What a movement may not be, whatever adds it: its permission, direction, dates and place in the unit's history. */
async function movementRefusal(x: SaveContext<Stockmovement>): Promise<ApiError | undefined> {
  const m = x.doc;
  const doc = documentWrites.get(x.em);
  if ((m.type === 'TRANSFER_IN' || m.type === 'TRANSFER_OUT') !== !!doc) return refuse(x, 'type', 'stock.byTransferOnly');
  if (!doc && !hasPermission(x.session, MOVEMENT_PERMISSION[m.type])) return fail(403, t(x.session.lang, 'msg.forbidden'), 'type');
  m.transferId = doc?.transferId;
  m.orderId = doc?.orderId;
  const dir = DIRECTION[m.type];
  if (m.quantity === 0) return refuse(x, 'quantity', 'stock.zero');
  if (dir === 1 && m.quantity < 0) return refuse(x, 'quantity', 'stock.signIn');
  if (dir === -1 && m.quantity > 0) return refuse(x, 'quantity', 'stock.signOut');
  const expiry = expiryRefusal(m);
  if (expiry) return refuse(x, expiry.field, expiry.key);
  if (m.type === 'INITIAL' && !(await initialOpen(kysely(x.em), x.session.workspaceId, m.unitId))) return refuse(x, 'type', 'stock.initialAfterMovements');
  return undefined;
}

/** What the batch could give on the movement's date, read without waiting (for the refusal's message): its stock now, less what later days take. */
async function onHandOn(x: SaveContext<Stockmovement>): Promise<number> {
  const db = kysely(x.em);
  let q = db.selectFrom('stockbatch').select(['id', 'quantity']).where('workspace_id', '=', x.session.workspaceId);
  for (const k of BATCH_KEY) q = q.where(sql.ref(x.ctx.registry.table('stockbatch').fields.find((f) => f.key === k)!.column), '=', x.doc[k]);
  const batch = await q.executeTakeFirst();
  if (!batch) return 0;
  const { later } = await batchDays(db, x.session.workspaceId, batch.id as string, x.doc.date);
  return availableOn(Number(batch.quantity), later);
}

/**
 * Refuses a movement dated before the unit's last stock count, or before its batch arrived at the unit, or taking out on its date more than
 * the batch may give then without a later day's balance going below zero (`availableOn`), the batch
 * holding `before` before it. Reads the unit's last count, the batch's earliest movement and those
 * dated after the movement.
 */
async function assertDateFits(x: SaveContext<Stockmovement>, batchId: string, before: number): Promise<void> {
  const m = x.doc;
  const db = kysely(x.em);
  const counted = countRefusal(m.date, await lastCountDate(db, x.session.workspaceId, m.unitId));
  if (counted) throw refuse(x, counted.field, counted.key, { date: dateText(counted.vars!.date, x.session.lang) });
  const { arrived, later } = await batchDays(db, x.session.workspaceId, batchId, m.date);
  const early = arrivalRefusal(m, arrived);
  if (early) throw refuse(x, early.field, early.key, { date: dateText(early.vars!.date, x.session.lang) });
  if (m.quantity < 0 && -m.quantity > availableOn(before, later)) throw notEnoughOn(x.session, m.date, availableOn(before, later), 'quantity');
}

const movement: HooksOn<'stockmovement'> = {
  async beforeSave(x) {
    if (!x.isNew) throw refuse(x, null, 'stock.appendOnly');
    const refused = await movementRefusal(x);
    if (refused) throw refused;
    // the references and the unit's boundary before the batch's row is made or locked (the writer
    // checks them again after this hook: a refusal there rolls the batch back with the movement)
    await checkRefs(x.em, x.ctx, x.def, x.doc, x.session);
    await assertWritable(x.em, x.ctx.registry, x.def, x.doc, x.session);
    const key = Object.fromEntries(BATCH_KEY.map((k) => [k, x.doc[k]]));
    const batch = await systemAddTo(x, 'stockbatch', key, 'quantity', x.doc.quantity, 'derived');
    if (!batch) throw notEnoughOn(x.session, x.doc.date, await onHandOn(x), 'quantity');
    // the batch's row is locked now: its other movements are read as they stand
    await assertDateFits(x, batch.id, batch.value - x.doc.quantity);
    x.doc.batchId = batch.id;
    x.doc.balance = batch.value;
  },
  beforeDelete({ session }) {
    throw fail(400, t(session.lang, 'stock.appendOnly'));
  },
};

const batch: HooksOn<'stockbatch'> = {
  beforeSave({ session }) {
    throw fail(400, t(session.lang, 'stock.batchByMovements'));
  },
  beforeDelete({ session }) {
    throw fail(400, t(session.lang, 'stock.batchByMovements'));
  },
};

/** The ledger's hooks, by table (`DomainModule.hooks`). */
export const ledgerHooks: ModuleHooks = { stockmovement: movement, stockbatch: batch };
