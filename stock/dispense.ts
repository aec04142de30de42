import { t } from '../engine/i18n.ts';
import { kysely } from '../server/db/kysely.ts';
import type { Em } from '../server/db/orm.ts';
import { fail } from '../server/http/errors.ts';
import type { AppContext, Session } from '../server/types.ts';
import type { StockDispense } from '../engine/generated/index.ts';
import { dateText } from '../engine/date-text.ts';
import { batchById, expiredBatches, fefoBatches, type UsableBatch } from './batches.ts';
import { batchDays, notEnoughOn } from './batch-days.ts';
import { arrivalRefusal } from './ledger-dates.ts';
import { takeInOrder } from './planning.ts';
import { writeMovement, type WrittenMovement } from './movements.ts';
import { assertUnitInView } from './unit-view.ts';
import { writeTransaction } from '../server/tbl/retry.ts';

/**
 * Dispenses a medicine to a patient (`schemas/forms/stock_dispense.json`, checked by the route): from the batch named
 * (`batchId`, the user's override) or else from the unit's usable batches first expiry first out,
 * as several movements when one batch does not hold enough — all in one transaction, the batches
 * locked in that order, or none when the unit holds too little on the date (400 on `quantity` with
 * what it could give: 'Недостаточно остатка: в наличии N').
 * @example await dispense(ctx, s, { unitId, caseId, productId, quantity: 30, date: '2026-11-26' }) // [{ batchNumber: 'A1', quantity: -30, … }]
 */
export async function dispense(ctx: AppContext, s: Session, doc: Dispensing): Promise<WrittenMovement[]> {
  return writeTransaction(ctx, async (em) => {
    await assertUnitInView(em, s, doc.unitId, 'write');
    return dispenseWithin(ctx, s, em, doc);
  }, 'stock dispense');
}

/** A dispensing as {@link dispense} takes it, checked: the form `schemas/forms/stock_dispense.json` declares it. */
export type Dispensing = StockDispense;

/**
 * {@link dispense} inside a transaction already open (the unit's write view checked by the caller):
 * all of it or nothing (400 on `quantity` with what the unit could give on the date).
 * @example await dispenseWithin(ctx, s, em, { unitId, caseId, productId, quantity: 30, date })
 */
export async function dispenseWithin(ctx: AppContext, s: Session, em: Em, doc: Dispensing): Promise<WrittenMovement[]> {
  const { batches, plan } = await dispensingPlan(s, em, doc);
  if (plan.short) throw notEnoughOn(s, doc.date, batches.reduce((n, b) => n + b.available, 0), 'quantity');
  return writeDispensing(ctx, s, em, doc, plan.taken);
}

/** What a dispensing of one medicine gives when the unit holds less than asked: the movements, and the units not given. */
export interface PartialDispensing {
  movements: WrittenMovement[];
  given: number;
  short: number;
}

/**
 * {@link dispense} of what the unit can give, inside a transaction already open: every unit of the
 * quantity asked that its batches may give on the date, first expiry first out; `short` is the rest.
 * @example await dispenseAvailable(ctx, s, em, { unitId, caseId, productId, quantity: 30, date }) // { given: 20, short: 10, movements: [...] }
 */
export async function dispenseAvailable(ctx: AppContext, s: Session, em: Em, doc: Dispensing): Promise<PartialDispensing> {
  const { plan } = await dispensingPlan(s, em, doc);
  const movements = await writeDispensing(ctx, s, em, doc, plan.taken);
  return { movements, given: doc.quantity - plan.short, short: plan.short };
}

/**
 * The batches a dispensing may take from (locked) and what it takes of each: the unit's usable batches
 * first expiry first out, or the batch named — refused when it is not the unit's batch of the medicine
 * (400 on `batchId`), has expired on the date (on `batchId`) or had not arrived by then (on `date`).
 */
async function dispensingPlan(s: Session, em: Em, doc: Dispensing) {
  const db = kysely(em);
  let batches = await fefoBatches(db, s.workspaceId, doc.unitId, doc.productId, doc.date);
  if (doc.batchId) {
    const chosen = await batchById(db, s.workspaceId, doc.batchId);
    if (!chosen || chosen.unitId !== doc.unitId || chosen.productId !== doc.productId) throw fail(400, t(s.lang, 'stock.noBatch'), 'batchId');
    if (chosen.expiryDate < doc.date) throw fail(400, t(s.lang, 'stock.expiredOut'), 'batchId');
    const { arrived } = await batchDays(db, s.workspaceId, chosen.id, doc.date);
    const early = arrivalRefusal({ type: 'DISPENSING', date: doc.date }, arrived);
    if (early) throw fail(400, t(s.lang, early.key, { date: dateText(early.vars!.date, s.lang) }), early.field);
    batches = batches.filter((b) => b.id === doc.batchId);
  }
  return { batches, plan: takeInOrder(batches, doc.quantity) };
}

/** The dispensing's movements, one per batch taken from. */
async function writeDispensing(ctx: AppContext, s: Session, em: Em, doc: Dispensing, taken: [UsableBatch, number][]): Promise<WrittenMovement[]> {
  const out: WrittenMovement[] = [];
  for (const [b, take] of taken) out.push(await writeMovement(ctx, s, em, doc.unitId, b, { type: 'DISPENSING', date: doc.date, caseId: doc.caseId, quantity: -take }));
  return out;
}

/** A write-off of the expired batches, checked (`schemas/forms/stock_writeoff.json`). */
export interface WriteOff {
  unitId: string;
  date: string;
}

/**
 * Writes off every batch of the unit expired on `date` (expiry date before it) that still holds
 * stock: one EXPIRED movement of its whole stock per batch (STOCK_ADJ). Answers the movements.
 * @example await writeOffExpired(ctx, s, { unitId, date: '2026-11-26' }) // [{ batchNumber: 'OLD', quantity: -12, … }]
 */
export async function writeOffExpired(ctx: AppContext, s: Session, doc: WriteOff): Promise<WrittenMovement[]> {
  return writeTransaction(ctx, async (em) => {
    await assertUnitInView(em, s, doc.unitId, 'write');
    const out: WrittenMovement[] = [];
    for (const b of await expiredBatches(kysely(em), s.workspaceId, doc.unitId, doc.date)) {
      out.push(await writeMovement(ctx, s, em, doc.unitId, b, { type: 'EXPIRED', date: doc.date, quantity: -b.quantity }));
    }
    return out;
  }, 'stock write-off');
}
