/**
 * A unit's supply figures per medicine on a day (issue 25): stock on hand (batches not expired), on
 * order (its orders not yet received or cancelled), the average monthly consumption (AMC: units
 * dispensed in the 90 days before the day, ÷ 3) and the forecast of its current patients'
 * prescriptions (cases of the unit on treatment) — from which the order proposal and the early
 * warnings are computed. Each figure is one indexed statement over the unit's rows.
 */
import { sql, type Kysely } from 'kysely';
import { dayOf, isoOf } from '../cases/treatment/dates.ts';
import { kysely } from '../server/db/kysely.ts';
import type { Em } from '../server/db/orm.ts';
import { proposedQuantity, stockOutDate, yearNeeds } from './forecast.ts';
import type { DuePrescription } from './treatment-due.ts';

/** The days of consumption the AMC averages, as months. */
export const AMC_DAYS = 90;
const AMC_MONTHS = 3;

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
export const currentPrescriptions = (db: Kysely<any>, workspaceId: string, date: string) =>
  db.selectFrom('prescription as p').innerJoin('tbcase as c', 'c.id', 'p.case_id')
    .select(['c.owner_unit_id as unitId', 'p.product_id as productId', sql<string>`p.ini_date::text`.as('iniDate'), sql<string>`p.end_date::text`.as('endDate'), 'p.dose_unit as doseUnit', 'p.frequency'])
    .where('c.workspace_id', '=', workspaceId).where('c.state', '=', 'ONTREATMENT').where('p.end_date', '>=', date);

/** Sums by medicine id. */
const byProduct = (rows: { product_id: string; n: unknown }[]) => new Map(rows.map((r) => [r.product_id, Number(r.n)]));

/** One medicine's figures at a unit. */
export interface MedicinePlanning {
  productId: string;
  productName: string;
  onHand: number;
  onOrder: number;
  /** Units dispensed per month, over the last 90 days. */
  amc: number;
  /** Units the current patients' prescriptions plan from the day for `days` days. */
  forecast: number;
  /** The same, per month (30 days). */
  forecastMonthly: number;
  /** The day the stock on hand stops covering the current patients' plan (within a year), if it does. */
  stockOutDate?: string;
}

/**
 * The unit's figures per medicine on `date`, the forecast over `days` days (the unit's `numDaysOrder`).
 * @example await unitPlanning(em, ws, unitId, '2026-11-26', 120) // [{ productName: 'HRZE …', onHand: 100, onOrder: 20, amc: 30, forecast: 480, … }]
 */
export async function unitPlanning(em: Em, workspaceId: string, unitId: string, date: string, days: number): Promise<MedicinePlanning[]> {
  const db = kysely(em);
  const onHand = byProduct(await db.selectFrom('stockbatch').select(['product_id', sql`sum(quantity)`.as('n')])
    .where('workspace_id', '=', workspaceId).where('unit_id', '=', unitId).where('expiry_date', '>=', date).where('quantity', '>', 0).groupBy('product_id').execute());
  const onOrder = byProduct(await db.selectFrom('stockorder as o').innerJoin('stockorder_items as i', 'i.parent_id', 'o.id').select(['i.product_id', sql`sum(i.quantity)`.as('n')])
    .where('o.workspace_id', '=', workspaceId).where('o.unit_id', '=', unitId).where('o.state', 'in', ['NEW', 'AUTHORIZED', 'SENT']).groupBy('i.product_id').execute());
  const dispensed = byProduct(await db.selectFrom('stockmovement').select(['product_id', sql`-sum(quantity)`.as('n')])
    .where('workspace_id', '=', workspaceId).where('unit_id', '=', unitId).where('type', '=', 'DISPENSING')
    .where('date', '>=', isoOf(dayOf(date) - AMC_DAYS)).where('date', '<', date).groupBy('product_id').execute());
  const prescriptions = (await currentPrescriptions(db, workspaceId, date).where('c.owner_unit_id', '=', unitId).execute()) as DuePrescription[];
  const year = yearNeeds(prescriptions, date);
  const ids = [...new Set([...onHand.keys(), ...onOrder.keys(), ...dispensed.keys(), ...year.keys()])];
  if (!ids.length) return [];
  const names = new Map((await db.selectFrom('product').select(['id', 'name']).where('id', 'in', ids).execute()).map((r) => [r.id as string, r.name as string]));
  return ids.map((productId) => {
    const needs = year.get(productId) ?? [];
    const forecast = needs.slice(0, days).reduce((a, b) => a + b, 0);
    const stock = onHand.get(productId) ?? 0;
    return {
      productId, productName: names.get(productId) ?? '', onHand: stock, onOrder: onOrder.get(productId) ?? 0,
      amc: (dispensed.get(productId) ?? 0) / AMC_MONTHS, forecast, forecastMonthly: forecast / (days / 30),
      stockOutDate: needs.length ? stockOutDate(stock, needs, date) : undefined,
    };
  }).sort((a, b) => a.productName.localeCompare(b.productName));
}

/** A medicine of an order proposal: the figures and the quantity proposed from each basis, side by side. */
export interface ProposalLine extends MedicinePlanning {
  /** max(0, max months × AMC − on hand − on order). */
  byConsumption: number;
  /** max(0, max months × the forecast per month − on hand − on order). */
  byForecast: number;
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
  const lines: ProposalLine[] = (await unitPlanning(em, workspaceId, unitId, date, days)).map((m) => ({
    ...m,
    byConsumption: proposedQuantity(m.amc, maxStockOnHand, m.onHand, m.onOrder),
    byForecast: proposedQuantity(m.forecastMonthly, maxStockOnHand, m.onHand, m.onOrder),
  }));
  return { date, numDaysOrder: days, maxStockOnHand, lines };
}
