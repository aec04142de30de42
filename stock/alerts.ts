/**
 * Early warning (issue 25): batches expiring within the workspace's `monthsToAlertExpiredMedicines`
 * (or expired, still held), medicines below `minStockOnHand` or above `maxStockOnHand` months of
 * consumption (stock on hand ÷ AMC; none without consumption), and the day each medicine runs out by
 * the current patients' plan. For a unit (its page) and for the reader's whole view (the dashboard:
 * per unit, expiring batches and stock levels in two grouped statements; the stock-out date is a
 * unit's).
 */
import { sql, type Kysely } from 'kysely';
import { addMonths, dayOf, isoOf } from '../cases/treatment/dates.ts';
import { kysely } from '../server/db/kysely.ts';
import type { Em } from '../server/db/orm.ts';
import { readerView, unitsInView } from '../server/scope/view.ts';
import type { Session } from '../server/types.ts';
import { AMC_DAYS, supplySettings, unitPlanning, type SupplySettings } from './planning.ts';

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

const expiringQuery = (db: Kysely<any>, workspaceId: string, until: string) =>
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

/**
 * The reader's units with a warning on `date`: per unit, the batches expiring (or expired) and the
 * medicines below and above their months of stock.
 * @example await viewAlerts(em, session, '2026-11-26') // [{ unitId, unitName: 'Бишкекский …', expiring: 2, low: 1, high: 0 }]
 */
export async function viewAlerts(em: Em, s: Session, date: string) {
  const settings = await supplySettings(em, s.workspaceId);
  const db = kysely(em);
  const v = readerView(s);
  if (v.kind === 'none') return [];
  const inView = <Q extends { where: (...a: any[]) => Q }>(q: Q, col: string): Q => (v.kind === 'workspace' ? q : q.where(col, 'in', unitsInView(db, s.workspaceId, v)));
  const expiring = await inView(expiringQuery(db, s.workspaceId, addMonths(date, settings.monthsToAlertExpiredMedicines)).select(['b.unit_id', sql<string>`count(*)`.as('n')]).groupBy('b.unit_id'), 'b.unit_id').execute();
  const onHand = await inView(db.selectFrom('stockbatch').select(['unit_id', 'product_id', sql<string>`sum(quantity)`.as('n')])
    .where('workspace_id', '=', s.workspaceId).where('quantity', '>', 0).where('expiry_date', '>=', date).groupBy(['unit_id', 'product_id']), 'unit_id').execute();
  const used = await inView(db.selectFrom('stockmovement').select(['unit_id', 'product_id', sql<string>`-sum(quantity)`.as('n')])
    .where('workspace_id', '=', s.workspaceId).where('type', '=', 'DISPENSING').where('date', '>=', isoOf(dayOf(date) - AMC_DAYS)).where('date', '<', date)
    .groupBy(['unit_id', 'product_id']), 'unit_id').execute();
  const units = new Map<string, { expiring: number; low: number; high: number }>();
  const of = (u: string) => units.get(u) ?? units.set(u, { expiring: 0, low: 0, high: 0 }).get(u)!;
  for (const r of expiring) of(r.unit_id).expiring = Number(r.n);
  const held = new Map(onHand.map((r) => [`${r.unit_id} ${r.product_id}`, Number(r.n)]));
  for (const r of used) {
    const level = stockLevel((held.get(`${r.unit_id} ${r.product_id}`) ?? 0) / (Number(r.n) / (AMC_DAYS / 30)), settings);
    if (level === 'LOW') of(r.unit_id).low++;
    if (level === 'HIGH') of(r.unit_id).high++;
  }
  const ids = [...units.keys()];
  const names = ids.length ? new Map((await db.selectFrom('unit').select(['id', 'name']).where('id', 'in', ids).execute()).map((r) => [r.id as string, r.name as string])) : new Map();
  return ids.map((unitId) => ({ unitId, unitName: names.get(unitId) ?? '', ...units.get(unitId)! })).sort((a, b) => a.unitName.localeCompare(b.unitName));
}
