/**
 * Early warning: batches expiring within the workspace's `monthsToAlertExpiredMedicines`
 * (or expired, still held), medicines below `minStockOnHand` or above `maxStockOnHand` months of
 * consumption (stock on hand ÷ AMC; none without consumption), and the day each medicine runs out by
 * the current patients' plan. For a unit (its page) and for the reader's whole view (the dashboard:
 * per unit, the same warnings from three grouped statements over the view).
 */
import { sql, type Kysely } from 'kysely';
import { addMonths } from '../engine/day-numbers.ts';
import { kysely, type Database } from '../server/db/kysely.ts';
import type { Em } from '../server/db/orm.ts';
import { readerView, unitsInView } from '../server/scope/view.ts';
import type { Session } from '../server/types.ts';
import { stockOutDate, yearNeeds } from './forecast.ts';
import { amcWindow, currentPrescriptions, monthlyConsumption, supplySettings, unitPlanning, type SupplySettings, type UnitPrescription } from './planning.ts';

/** A batch held that expires soon (or has expired). */
export interface ExpiryAlert {
  batchId: string;
  productName: string;
  batchNumber: string;
  expiryDate: string;
  quantity: number;
  expired: boolean;
}

/** Whether `months` of stock (on hand ÷ AMC) is below the minimum, above the maximum, or neither. */
export const stockLevel = (months: number, s: SupplySettings): 'LOW' | 'HIGH' | undefined =>
  months < s.minStockOnHand ? 'LOW' : months > s.maxStockOnHand ? 'HIGH' : undefined;

const expiringQuery = (db: Kysely<Database>, workspaceId: string, until: string) =>
  db.selectFrom('stockbatch as b').where('b.workspace_id', '=', workspaceId).where('b.quantity', '>', 0).where('b.expiry_date', '<=', until);

/**
 * A unit's warnings on `date`.
 * @example await unitAlerts(em, ws, unitId, '2026-11-26') // { expiring: [...], levels: [{ level: 'LOW', months: 1.5, … }], stockOut: [{ date: '2027-01-10', … }] }
 */
export async function unitAlerts(em: Em, workspaceId: string, unitId: string, date: string) {
  const settings = await supplySettings(em, workspaceId);
  const until = addMonths(date, settings.monthsToAlertExpiredMedicines);
  const expiring = (await expiringQuery(kysely(em), workspaceId, until).innerJoin('product as p', 'p.id', 'b.product_id')
    .select(['b.id as batchId', 'p.name as productName', 'b.batch_number as batchNumber', sql<string>`b.expiry_date::text`.as('expiryDate'), 'b.quantity'])
    .where('b.unit_id', '=', unitId).orderBy('b.expiry_date').orderBy('b.batch_number').limit(500).execute())
    .map((r) => ({ ...r, quantity: Number(r.quantity), expired: r.expiryDate < date })) as ExpiryAlert[];
  const unit = await kysely(em).selectFrom('unit').select('num_days_order').where('id', '=', unitId).executeTakeFirstOrThrow();
  const planning = await unitPlanning(em, workspaceId, unitId, date, Number(unit.num_days_order ?? 120));
  const levels = planning.filter((m) => m.amc > 0).map((m) => ({ productId: m.productId, productName: m.productName, onHand: m.onHand, amc: m.amc, months: m.onHand / m.amc, level: stockLevel(m.onHand / m.amc, settings) })).filter((m) => m.level);
  const stockOut = planning.filter((m) => m.stockOutDate).map((m) => ({ productId: m.productId, productName: m.productName, onHand: m.onHand, date: m.stockOutDate! }));
  return { date, settings, expiring, levels, stockOut };
}

/** A medicine's stock-out date at a unit by its current patients' plan. */
export interface StockOut {
  productId: string;
  productName: string;
  date: string;
}

/** A unit of the reader's view with a warning (the dashboard's line). */
export interface UnitWarnings {
  unitId: string;
  unitName: string;
  /** Batches held that expire within the alert months (or have expired). */
  expiring: number;
  low: number;
  high: number;
  /** Medicines the current patients' plan runs out of within a year, soonest first. */
  stockOut: StockOut[];
}

/**
 * The reader's units with a warning on `date`: per unit, the batches expiring (or expired), the
 * medicines below and above their months of stock and each medicine's stock-out date. Three
 * statements over the view, none per unit: the batches held (one pass: expiring, and on hand by
 * medicine), the dispensings of the AMC's 90 days (an index-only range of the ledger's (workspace,
 * date, type, unit, medicine, …) index — the ledger's millions of rows are never summed whole), and
 * the current patients' prescriptions; the stock-out dates are the unit page's rule (`yearNeeds`).
 * @example await viewAlerts(em, session, '2026-11-26') // [{ unitId, unitName: 'Бишкекский …', expiring: 2, low: 1, high: 0, stockOut: [{ productName: 'HR', date: '2027-01-10' }] }]
 */
export async function viewAlerts(em: Em, s: Session, date: string): Promise<UnitWarnings[]> {
  const settings = await supplySettings(em, s.workspaceId);
  const db = kysely(em);
  const v = readerView(s);
  if (v.kind === 'none') return [];
  const inView = <Q extends { where: (...a: any[]) => Q }>(q: Q, col: string): Q => (v.kind === 'workspace' ? q : q.where(col, 'in', unitsInView(db, s.workspaceId, v)));
  const until = addMonths(date, settings.monthsToAlertExpiredMedicines);
  const held = await inView(db.selectFrom('stockbatch').select(['unit_id', 'product_id',
    sql<string>`count(*) filter (where expiry_date <= ${until})`.as('expiring'), sql<string>`coalesce(sum(quantity) filter (where expiry_date >= ${date}), 0)`.as('onHand')])
    .where('workspace_id', '=', s.workspaceId).where('quantity', '>', 0).groupBy(['unit_id', 'product_id']), 'unit_id').execute();
  const used = await inView(db.selectFrom('stockmovement').select(['unit_id', 'product_id', sql<string>`-sum(quantity)`.as('n')])
    .where('workspace_id', '=', s.workspaceId).where('date', '>=', amcWindow(date).from).where('date', '<', amcWindow(date).to).where('type', '=', 'DISPENSING')
    .groupBy(['unit_id', 'product_id']), 'unit_id').execute();
  const prescriptions = (await inView(currentPrescriptions(db, s.workspaceId, date), 'c.owner_unit_id').execute()) as UnitPrescription[];

  const units = new Map<string, Omit<UnitWarnings, 'unitId' | 'unitName'>>();
  const of = (u: string) => units.get(u) ?? units.set(u, { expiring: 0, low: 0, high: 0, stockOut: [] }).get(u)!;
  const onHand = new Map<string, number>();
  for (const r of held) {
    if (Number(r.expiring)) of(r.unit_id).expiring += Number(r.expiring);
    onHand.set(`${r.unit_id} ${r.product_id}`, Number(r.onHand));
  }
  for (const r of used) {
    const level = stockLevel((onHand.get(`${r.unit_id} ${r.product_id}`) ?? 0) / monthlyConsumption(Number(r.n)), settings);
    if (level === 'LOW') of(r.unit_id).low++;
    if (level === 'HIGH') of(r.unit_id).high++;
  }
  const byUnit = new Map<string, UnitPrescription[]>();
  for (const p of prescriptions) (byUnit.get(p.unitId) ?? byUnit.set(p.unitId, []).get(p.unitId)!).push(p);
  for (const [unitId, ps] of byUnit) {
    for (const [productId, needs] of yearNeeds(ps, date)) {
      const out = stockOutDate(onHand.get(`${unitId} ${productId}`) ?? 0, needs, date);
      if (out) of(unitId).stockOut.push({ productId, productName: '', date: out });
    }
  }
  const ids = [...units.keys()];
  if (!ids.length) return [];
  const products = [...new Set([...units.values()].flatMap((u) => u.stockOut.map((o) => o.productId)))];
  const named = (table: 'unit' | 'product', keys: string[]) => (keys.length ? db.selectFrom(table).select(['id', 'name']).where('id', 'in', keys).execute() : []);
  const names = new Map([...await named('unit', ids), ...await named('product', products)].map((r) => [r.id as string, r.name as string]));
  return ids.map((unitId) => {
    const u = units.get(unitId)!;
    const stockOut = u.stockOut.map((o) => ({ ...o, productName: names.get(o.productId) ?? '' })).sort((a, b) => a.date.localeCompare(b.date) || a.productName.localeCompare(b.productName));
    return { unitId, unitName: names.get(unitId) ?? '', ...u, stockOut };
  }).sort((a, b) => a.unitName.localeCompare(b.unitName));
}
