import { sql, type Kysely } from 'kysely';
import type { Database } from '../server/db/kysely.ts';
import { laterDays } from './batch-days.ts';
import { availableOn } from './ledger-dates.ts';
import { firstExpiryFirstOut, type FefoBatch } from './planning.ts';

/** A batch as the stock screens and the dispensing read it. */
export interface BatchRow {
  id: string;
  productId: string;
  sourceId: string;
  batchNumber: string;
  manufacturer: string;
  expiryDate: string;
  quantity: number;
}

const batchColumns = [
  'id', 'product_id as productId', 'source_id as sourceId', 'batch_number as batchNumber', 'manufacturer',
  sql<string>`expiry_date::text`.as('expiryDate'), 'quantity',
] as const;

/** A batch a dispensing may take from, with what it may give on the dispensing's date. */
export type UsableBatch = BatchRow & FefoBatch;

/**
 * The unit's batches of a medicine a dispensing on `date` takes from, in the order it takes them
 * (`firstExpiryFirstOut`: usable that day, holding stock then, first expiry first), each with the units
 * it may give on that date (`availableOn`: all it holds for today; on an earlier day, what no later
 * day still needs). Every batch of the medicine holding stock is locked for the caller's transaction
 * in the order of expiry — so two dispensings of the same medicine take the batches' locks in the same
 * order and never deadlock, and each sees what the other left.
 * @example await fefoBatches(db, ws, unitId, productId, '2026-11-26') // [{ batchNumber: 'A1', expiryDate: '2027-01-31', quantity: 40, available: 40 }, …]
 */
export async function fefoBatches(db: Kysely<Database>, workspaceId: string, unitId: string, productId: string, date: string): Promise<UsableBatch[]> {
  const rows = (await db.selectFrom('stockbatch').select(batchColumns)
    .where('workspace_id', '=', workspaceId).where('unit_id', '=', unitId).where('product_id', '=', productId).where('quantity', '>', 0)
    .orderBy('expiry_date').orderBy('batch_number').orderBy('id')
    .forUpdate().execute()).map((r) => ({ ...r, quantity: Number(r.quantity) })) as BatchRow[];
  const later = await laterDays(db, workspaceId, rows.map((r) => r.id), date);
  return firstExpiryFirstOut(rows.map((r) => ({ ...r, available: availableOn(r.quantity, later.get(r.id) ?? []) })), date);
}

/**
 * The unit's batches holding stock, expired on `date` (expiry date before it), locked for a write-off.
 * @example await expiredBatches(db, ws, unitId, '2026-11-26') // [{ batchNumber: 'OLD', quantity: 12, … }]
 */
export async function expiredBatches(db: Kysely<Database>, workspaceId: string, unitId: string, date: string): Promise<BatchRow[]> {
  const rows = await db.selectFrom('stockbatch').select(batchColumns)
    .where('workspace_id', '=', workspaceId).where('unit_id', '=', unitId)
    .where('expiry_date', '<', date).where('quantity', '>', 0)
    .orderBy('expiry_date').orderBy('id').forUpdate().execute();
  return rows.map((r) => ({ ...r, quantity: Number(r.quantity) })) as BatchRow[];
}

/**
 * A batch of the workspace by id (any unit), or undefined.
 * @example await batchById(db, ws, item.batchId) // { unitId, batchNumber: 'A1', quantity: 40, … }
 */
export async function batchById(db: Kysely<Database>, workspaceId: string, id: string): Promise<(BatchRow & { unitId: string }) | undefined> {
  const r = await db.selectFrom('stockbatch').select([...batchColumns, 'unit_id as unitId']).where('workspace_id', '=', workspaceId).where('id', '=', id).executeTakeFirst();
  return r ? ({ ...r, quantity: Number(r.quantity) } as BatchRow & { unitId: string }) : undefined;
}

/** A medicine's stock at a unit: its total and its batches holding stock, first expiry first. */
export interface MedicineStock {
  productId: string;
  productName: string;
  onHand: number;
  batches: (BatchRow & { sourceName: string })[];
}

/**
 * The unit's stock on hand by medicine (each with its batches holding stock, first expiry first),
 * read from the batches' balances — never from the movements, however many there are.
 * @example await unitStock(db, ws, unitId) // [{ productName: 'HRZE …', onHand: 120, batches: [...] }]
 */
export async function unitStock(db: Kysely<Database>, workspaceId: string, unitId: string): Promise<MedicineStock[]> {
  const rows = await db.selectFrom('stockbatch as b')
    .innerJoin('product as p', 'p.id', 'b.product_id')
    .innerJoin('source as s', 's.id', 'b.source_id')
    .select(['b.id', 'b.product_id as productId', 'p.name as productName', 'b.source_id as sourceId', 's.short_name as sourceName', 'b.batch_number as batchNumber',
      'b.manufacturer', sql<string>`b.expiry_date::text`.as('expiryDate'), 'b.quantity'])
    .where('b.workspace_id', '=', workspaceId).where('b.unit_id', '=', unitId).where('b.quantity', '>', 0)
    .orderBy('p.name').orderBy('b.product_id').orderBy('b.expiry_date').orderBy('b.batch_number')
    .execute();
  const out: MedicineStock[] = [];
  for (const r of rows) {
    let m = out.at(-1);
    if (!m || m.productId !== r.productId) out.push((m = { productId: r.productId, productName: r.productName, onHand: 0, batches: [] }));
    const { productName: _, ...batch } = r;
    m.batches.push({ ...batch, quantity: Number(r.quantity) } as MedicineStock['batches'][number]);
    m.onHand += Number(r.quantity);
  }
  return out;
}

/**
 * Whether the unit's initial inventory may still be entered: it has no movement but initial ones
 * (the ledger's rule, `ledger.ts`). One probe of the ledger's index on (unit, type, date).
 * @example await initialOpen(db, ws, unitId) // true for a unit that has not started its stock
 */
export async function initialOpen(db: Kysely<Database>, workspaceId: string, unitId: string): Promise<boolean> {
  const other = await db.selectFrom('stockmovement').select('id')
    .where('workspace_id', '=', workspaceId).where('unit_id', '=', unitId).where('type', '<>', 'INITIAL').limit(1).executeTakeFirst();
  return !other;
}
