/**
 * A unit's supply figures per medicine on a day: stock on hand (batches not expired), on
 * order (its orders not yet received or cancelled), the average monthly consumption (AMC: units
 * dispensed in the three months before the day, ÷ 3) and the forecast of its current patients'
 * prescriptions (cases of the unit on treatment) — from which the order proposal and the early
 * warnings are computed — and which batches a dispensing takes (first expiry first out, expired
 * batches skipped). The rules are the pure functions here (`planning.test.ts`, in the mutation run);
 * each figure is one indexed statement over the unit's rows.
 */
import { sql, type Kysely } from 'kysely';
import { dayOf, isoOf } from '../engine/day-numbers.ts';
import type { Stockorder } from '../engine/generated/index.ts';
import { kysely, type Database } from '../server/db/kysely.ts';
import type { Em } from '../server/db/orm.ts';
import { proposedQuantity, stockOutDate, yearNeeds } from './forecast.ts';
import type { DuePrescription } from './treatment-due.ts';

/** The months of consumption the AMC averages: the 90 days (3 × 30) before the day asked. */
export const AMC_MONTHS = 3;

/**
 * The days whose dispensings make the AMC on `date`: from 90 days before it (included) to the day
 * before it (`to` excluded: the day asked is not over).
 * @example amcWindow('2026-11-29') // { from: '2026-08-31', to: '2026-11-29' }
 */
export function amcWindow(date: string): { from: string; to: string } {
  return { from: isoOf(dayOf(date) - AMC_MONTHS * 30), to: date };
}

/**
 * The average monthly consumption from the units dispensed in the AMC's window.
 * @example monthlyConsumption(90) // 30
 */
export const monthlyConsumption = (dispensed: number): number => dispensed / AMC_MONTHS;

/** The states in which an order's items are on their way to the unit: placed, authorised or sent, not yet received or cancelled. */
export const ON_ORDER_STATES: NonNullable<Stockorder['state']>[] = ['NEW', 'AUTHORIZED', 'SENT'];

/**
 * Whether an order in `state` counts as on order: from when it is placed until it is received or cancelled.
 * @example isOnOrder('SENT') // true
 */
export const isOnOrder = (state: string): boolean => (ON_ORDER_STATES as string[]).includes(state);

/** A batch a dispensing may take from: when it expires, and how many units it may give on the day. */
export interface FefoBatch {
  id: string;
  batchNumber: string;
  expiryDate: string;
  /** The units the batch may give on the dispensing's date (`availableOn`). */
  available: number;
}

/**
 * The batches a dispensing on `date` takes from, in the order it takes them: only those usable that
 * day (a batch is usable through its expiry date) and holding stock then, the first to expire first
 * (then by batch number, then id: a fixed order).
 * @example firstExpiryFirstOut([{ batchNumber: 'OLD', expiryDate: '2026-11-01', available: 5 }, { batchNumber: 'B', expiryDate: '2027-01-31', available: 9 }, { batchNumber: 'A', expiryDate: '2026-12-31', available: 3 }], '2026-11-29') // [A, B]
 */
export function firstExpiryFirstOut<B extends FefoBatch>(batches: B[], date: string): B[] {
  const cmp = (x: string, y: string) => (x < y ? -1 : x > y ? 1 : 0);
  return batches.filter((b) => b.expiryDate >= date && b.available > 0)
    .sort((a, b) => cmp(a.expiryDate, b.expiryDate) || cmp(a.batchNumber, b.batchNumber) || cmp(a.id, b.id));
}

/**
 * How much to take from each batch, in the order given: all a batch may give before the next, until
 * `quantity` is reached; `short` is what the batches could not give.
 * @example takeInOrder([{ available: 3 }, { available: 10 }], 5) // { taken: [[b1, 3], [b2, 2]], short: 0 }
 * @example takeInOrder([{ available: 3 }], 5) // { taken: [[b1, 3]], short: 2 }
 */
export function takeInOrder<B extends { available: number }>(batches: B[], quantity: number): { taken: [B, number][]; short: number } {
  const taken: [B, number][] = [];
  let left = quantity;
  for (const b of batches) {
    const take = Math.min(left, b.available);
    if (take > 0) taken.push([b, take]);
    left -= take;
  }
  return { taken, short: Math.max(0, left) };
}

/** One medicine's figures at a unit. */
export interface MedicinePlanning {
  productId: string;
  productName: string;
  onHand: number;
  onOrder: number;
  /** Units dispensed per month, over the last three months (`amcWindow`). */
  amc: number;
  /** Units the current patients' prescriptions plan from the day for `days` days. */
  forecast: number;
  /** The same, per month (30 days). */
  forecastMonthly: number;
  /** The day the stock on hand stops covering the current patients' plan (within a year), if it does. */
  stockOutDate?: string;
}

/** What the ledger and the prescriptions say of one medicine at a unit, read in one statement each. */
export interface MedicineFacts {
  productId: string;
  productName: string;
  /** Units held in batches usable on the day. */
  onHand: number;
  /** Units of its orders still on order (`isOnOrder`). */
  onOrder: number;
  /** Units dispensed in the AMC's window (`amcWindow`). */
  dispensed: number;
  /** The units the current patients' prescriptions plan per day for the year from the day (`yearNeeds`), if any. */
  needs?: number[];
}

/**
 * A medicine's figures on `date` with the forecast over `days` days: the AMC, the units planned over
 * the first `days` of the year's needs and per month (30 days), and the stock-out date by them.
 * @example medicinePlanning({ productId, productName: 'HRZE', onHand: 100, onOrder: 20, dispensed: 90, needs: [4, 4, …] }, 60, '2026-11-29') // { amc: 30, forecast: 220, forecastMonthly: 110, stockOutDate: '2026-12-24', … }
 */
export function medicinePlanning(f: MedicineFacts, days: number, date: string): MedicinePlanning {
  const needs = f.needs ?? [];
  const forecast = needs.slice(0, days).reduce((a, b) => a + b, 0);
  return {
    productId: f.productId, productName: f.productName, onHand: f.onHand, onOrder: f.onOrder,
    amc: monthlyConsumption(f.dispensed), forecast, forecastMonthly: forecast / (days / 30),
    stockOutDate: needs.length ? stockOutDate(f.onHand, needs, date) : undefined,
  };
}

/** A medicine of an order proposal: the figures and the quantity proposed from each basis, side by side. */
export interface ProposalLine extends MedicinePlanning {
  /** max(0, max months × AMC − on hand − on order). */
  byConsumption: number;
  /** max(0, max months × the forecast per month − on hand − on order). */
  byForecast: number;
}

/**
 * A medicine's line of the order proposal: its figures and the quantity that fills `maxMonths` months
 * of stock by its consumption (the AMC) and by its patients' forecast per month, each less what is
 * on hand and on order (`proposedQuantity`).
 * @example proposalLine({ onHand: 100, onOrder: 20, amc: 30, forecastMonthly: 110, … }, 6) // { byConsumption: 60, byForecast: 540, … }
 */
export function proposalLine(m: MedicinePlanning, maxMonths: number): ProposalLine {
  return {
    ...m,
    byConsumption: proposedQuantity(m.amc, maxMonths, m.onHand, m.onOrder),
    byForecast: proposedQuantity(m.forecastMonthly, maxMonths, m.onHand, m.onOrder),
  };
}

// Stryker disable all: database reads, run by the stock API tests (tests/api/stock-*.test.ts); the rules are the functions above
/** The workspace's supply settings (months). */
export interface SupplySettings {
  monthsToAlertExpiredMedicines: number;
  minStockOnHand: number;
  maxStockOnHand: number;
}

/** The workspace's settings for expiry alerts and min/max stock. */
export async function supplySettings(em: Em, workspaceId: string): Promise<SupplySettings> {
  const r = await kysely(em).selectFrom('workspace').select(['months_to_alert_expired_medicines as e', 'min_stock_on_hand as mi', 'max_stock_on_hand as ma']).where('id', '=', workspaceId).executeTakeFirstOrThrow();
  return { monthsToAlertExpiredMedicines: Number(r.e), minStockOnHand: Number(r.mi), maxStockOnHand: Number(r.ma) };
}

/** A prescription of a current patient, with the unit treating them. */
export interface UnitPrescription extends DuePrescription {
  unitId: string;
}

/**
 * The prescriptions of the workspace's cases on treatment that run on or after `date`, each with its
 * case's unit: what the current patients will take (narrow it by `c.owner_unit_id`).
 * @example await currentPrescriptions(db, ws, '2026-11-26').where('c.owner_unit_id', '=', unitId).execute()
 */
export const currentPrescriptions = (db: Kysely<Database>, workspaceId: string, date: string) =>
  db.selectFrom('prescription as p').innerJoin('tbcase as c', 'c.id', 'p.case_id')
    .select(['c.owner_unit_id as unitId', 'p.product_id as productId', sql<string>`p.ini_date::text`.as('iniDate'), sql<string>`p.end_date::text`.as('endDate'), 'p.dose_unit as doseUnit', 'p.frequency'])
    .where('c.workspace_id', '=', workspaceId).where('c.state', '=', 'ONTREATMENT').where('p.end_date', '>=', date);

/** Sums by medicine id. */
const byProduct = (rows: { product_id: string; n: unknown }[]) => new Map(rows.map((r) => [r.product_id, Number(r.n)]));

/**
 * The unit's figures per medicine on `date`, the forecast over `days` days (the unit's `numDaysOrder`).
 * @example await unitPlanning(em, ws, unitId, '2026-11-26', 120) // [{ productName: 'HRZE …', onHand: 100, onOrder: 20, amc: 30, forecast: 480, … }]
 */
export async function unitPlanning(em: Em, workspaceId: string, unitId: string, date: string, days: number): Promise<MedicinePlanning[]> {
  const db = kysely(em);
  const onHand = byProduct(await db.selectFrom('stockbatch').select(['product_id', sql`sum(quantity)`.as('n')])
    .where('workspace_id', '=', workspaceId).where('unit_id', '=', unitId).where('expiry_date', '>=', date).where('quantity', '>', 0).groupBy('product_id').execute());
  const onOrder = byProduct(await db.selectFrom('stockorder as o').innerJoin('stockorder_items as i', 'i.parent_id', 'o.id').select(['i.product_id', sql`sum(i.quantity)`.as('n')])
    .where('o.workspace_id', '=', workspaceId).where('o.unit_id', '=', unitId).where('o.state', 'in', ON_ORDER_STATES).groupBy('i.product_id').execute());
  const consumed = amcWindow(date);
  const dispensed = byProduct(await db.selectFrom('stockmovement').select(['product_id', sql`-sum(quantity)`.as('n')])
    .where('workspace_id', '=', workspaceId).where('unit_id', '=', unitId).where('type', '=', 'DISPENSING')
    .where('date', '>=', consumed.from).where('date', '<', consumed.to).groupBy('product_id').execute());
  const prescriptions = (await currentPrescriptions(db, workspaceId, date).where('c.owner_unit_id', '=', unitId).execute()) as DuePrescription[];
  const year = yearNeeds(prescriptions, date);
  const ids = [...new Set([...onHand.keys(), ...onOrder.keys(), ...dispensed.keys(), ...year.keys()])];
  if (!ids.length) return [];
  const names = new Map((await db.selectFrom('product').select(['id', 'name']).where('id', 'in', ids).execute()).map((r) => [r.id as string, r.name as string]));
  return ids.map((productId) => medicinePlanning({
    productId, productName: names.get(productId) ?? '', onHand: onHand.get(productId) ?? 0, onOrder: onOrder.get(productId) ?? 0,
    dispensed: dispensed.get(productId) ?? 0, needs: year.get(productId),
  }, days, date)).sort((a, b) => a.productName.localeCompare(b.productName));
}

/**
 * The order proposal of a unit on `date`: per medicine, what fills `maxStockOnHand` months of stock
 * by its consumption and by its patients' forecast over the unit's `numDaysOrder` days.
 * @example await orderProposal(em, ws, unitId, '2026-11-26') // { numDaysOrder: 120, maxStockOnHand: 6, lines: [{ byConsumption: 60, byForecast: 540, … }] }
 */
export async function orderProposal(em: Em, workspaceId: string, unitId: string, date: string) {
  const unit = await kysely(em).selectFrom('unit').select('num_days_order').where('id', '=', unitId).executeTakeFirstOrThrow();
  const days = Number(unit.num_days_order ?? 120);
  const { maxStockOnHand } = await supplySettings(em, workspaceId);
  const lines = (await unitPlanning(em, workspaceId, unitId, date, days)).map((m) => proposalLine(m, maxStockOnHand));
  return { date, numDaysOrder: days, maxStockOnHand, lines };
}
