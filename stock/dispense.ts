import { t } from '../engine/i18n.ts';
import { checkStockBody } from './body.ts';
import { kysely } from '../server/db/kysely.ts';
import type { Em } from '../server/db/orm.ts';
import { fail } from '../server/http/errors.ts';
import type { AppContext, Doc, Session } from '../server/types.ts';
import { expiredBatches, fefoBatches } from './batches.ts';
import { writeMovement, type WrittenMovement } from './movements.ts';
import { assertUnitInView } from './unit-view.ts';

/**
 * How much to take from each batch, in the order given (first expiry first out): all of a batch
 * before the next, until `quantity` is reached; undefined when the batches hold less.
 * @example takeInOrder([{ quantity: 3 }, { quantity: 10 }], 5) // [[b1, 3], [b2, 2]]
 */
export function takeInOrder<B extends { quantity: number }>(batches: B[], quantity: number): [B, number][] | undefined {
  const out: [B, number][] = [];
  let left = quantity;
  for (const b of batches) {
    if (left <= 0) break;
    const take = Math.min(left, b.quantity);
    out.push([b, take]);
    left -= take;
  }
  return left > 0 ? undefined : out;
}

/**
 * Dispenses a medicine to a patient (`schemas/stock_dispense.json`, DISP_PAC): from the batch named
 * (`batchId`, the user's override) or else from the unit's usable batches first expiry first out,
 * as several movements when one batch does not hold enough — all in one transaction, the batches
 * locked in that order, or none when the unit holds too little (400 on `quantity` with what it holds).
 * @example await dispense(ctx, s, { unitId, caseId, productId, quantity: 30, date: '2026-11-26' }) // [{ batchNumber: 'A1', quantity: -30, … }]
 */
export async function dispense(ctx: AppContext, s: Session, body: Doc): Promise<WrittenMovement[]> {
  const doc = checkStockBody(ctx, s, 'stock_dispense', body);
  return ctx.orm.em.fork().transactional(async (em) => {
    await assertUnitInView(em, s, doc.unitId, 'write');
    return dispenseWithin(ctx, s, em, doc as Dispensing);
  });
}

/** A dispensing as {@link dispense} takes it, checked. */
export interface Dispensing {
  unitId: string;
  caseId: string;
  productId: string;
  quantity: number;
  date: string;
  batchId?: string;
}

/**
 * {@link dispense} inside a transaction already open (the unit's write view checked by the caller).
 * @example await dispenseWithin(ctx, s, em, { unitId, caseId, productId, quantity: 30, date })
 */
export async function dispenseWithin(ctx: AppContext, s: Session, em: Em, doc: Dispensing): Promise<WrittenMovement[]> {
  let batches = await fefoBatches(kysely(em), s.workspaceId, doc.unitId, doc.productId, doc.date);
  if (doc.batchId) {
    batches = batches.filter((b) => b.id === doc.batchId);
    if (!batches.length) throw fail(400, t(s.lang, 'stock.noBatch'), 'batchId');
  }
  const plan = takeInOrder(batches, doc.quantity);
  if (!plan) throw fail(400, t(s.lang, 'stock.notEnough', { onHand: batches.reduce((n, b) => n + b.quantity, 0) }), 'quantity');
  const out: WrittenMovement[] = [];
  for (const [b, take] of plan) out.push(await writeMovement(ctx, s, em, doc.unitId, b, { type: 'DISPENSING', date: doc.date, caseId: doc.caseId, quantity: -take }));
  return out;
}

/**
 * Writes off every batch of the unit expired on `date` (expiry date before it) that still holds
 * stock: one EXPIRED movement of its whole stock per batch (STOCK_ADJ). Answers the movements.
 * @example await writeOffExpired(ctx, s, { unitId, date: '2026-11-26' }) // [{ batchNumber: 'OLD', quantity: -12, … }]
 */
export async function writeOffExpired(ctx: AppContext, s: Session, body: Doc): Promise<WrittenMovement[]> {
  const doc = checkStockBody(ctx, s, 'stock_writeoff', body);
  return ctx.orm.em.fork().transactional(async (em) => {
    await assertUnitInView(em, s, doc.unitId, 'write');
    const out: WrittenMovement[] = [];
    for (const b of await expiredBatches(kysely(em), s.workspaceId, doc.unitId, doc.date)) {
      out.push(await writeMovement(ctx, s, em, doc.unitId, b, { type: 'EXPIRED', date: doc.date, quantity: -b.quantity }));
    }
    return out;
  });
}
