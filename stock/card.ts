/**
 * A batch's stock card (`GET /api/stock/batch/{batchId}/card`): the batch as the unit holds it
 * and its movements in date order, each with the batch's running balance after it — what a pharmacist
 * checks a shelf against. The movements of one batch are a range of the ledger's index on (batch, date)
 * — tens to a few thousand rows, never the unit's millions — and the running balance is one window sum
 * over them in the database. Within a day what comes in is listed before what goes out, so the day's
 * balance is never shown below zero between them (the ledger keeps every day's end at zero or more:
 * `ledger-dates.ts`).
 */
import { sql, type Kysely } from 'kysely';
import type { Database } from '../server/db/kysely.ts';

/** The most recent movements a card lists; the balance of those before them is carried forward. */
export const CARD_ROWS = 500;

/** The card's order: by date, a day's arrivals before its departures, then as they were written. */
const ORDER = sql`(order by m.date, (m.quantity > 0) desc, m.created_at, m.id rows between unbounded preceding and current row)`;

/** The batch a card is about. */
export interface CardBatch {
  id: string;
  unitId: string;
  unitName: string;
  productName: string;
  sourceName: string;
  batchNumber: string;
  manufacturer: string;
  expiryDate: string;
  quantity: number;
}

/** A line of the card: a movement and the batch's balance after it. */
export interface CardLine {
  id: string;
  date: string;
  type: string;
  reason: string | null;
  /** The other unit of a transfer or an order's shipment; none for a movement of the unit alone. */
  otherUnit: string | null;
  quantity: number;
  balance: number;
}

/** A batch's stock card: the batch, the balance carried from movements not listed, and the lines. */
export interface StockCard {
  batch: CardBatch;
  /** The balance before the first line (the movements older than the last {@link CARD_ROWS}). */
  carried: number;
  /** How many older movements that balance sums. */
  earlier: number;
  lines: CardLine[];
}

/**
 * The stock card of a batch of the workspace (undefined: no such batch): its last {@link CARD_ROWS}
 * movements in date order with the running balance, in one statement over the batch's movements.
 * @example await stockCard(db, ws, batchId) // { batch: { batchNumber: 'A1', quantity: 30, … }, carried: 0, earlier: 0, lines: [{ date: '2026-11-01', type: 'RECEIPT', quantity: 40, balance: 40 }, …] }
 */
export async function stockCard(db: Kysely<Database>, workspaceId: string, batchId: string): Promise<StockCard | undefined> {
  const batch = await db.selectFrom('stockbatch as b').innerJoin('product as p', 'p.id', 'b.product_id').innerJoin('source as s', 's.id', 'b.source_id').innerJoin('unit as u', 'u.id', 'b.unit_id')
    .select(['b.id', 'b.unit_id as unitId', 'u.name as unitName', 'p.name as productName', 's.short_name as sourceName', 'b.batch_number as batchNumber', 'b.manufacturer',
      sql<string>`b.expiry_date::text`.as('expiryDate'), 'b.quantity'])
    .where('b.workspace_id', '=', workspaceId).where('b.id', '=', batchId).executeTakeFirst();
  if (!batch) return undefined;
  const ordered = db.selectFrom('stockmovement as m')
    .leftJoin('stocktransfer as t', 't.id', 'm.transfer_id')
    .leftJoin('stockorder as o', 'o.id', 'm.order_id')
    .select(['m.id', sql<string>`m.date::text`.as('date'), 'm.type', 'm.reason', 'm.quantity',
      // the unit on the other side: of a transfer, the sender or the receiver; of an order, the supplier or the orderer
      sql<string | null>`case when m.transfer_id is not null then (case when t.unit_from_id = m.unit_id then t.unit_to_id else t.unit_from_id end)
        when m.order_id is not null then (case when o.unit_id = m.unit_id then o.supplier_id else o.unit_id end) end`.as('otherUnitId'),
      sql<string>`sum(m.quantity) over ${ORDER}`.as('balance'), sql<string>`row_number() over ${ORDER}`.as('n'), sql<string>`count(*) over ()`.as('total')])
    .where('m.workspace_id', '=', workspaceId).where('m.batch_id', '=', batchId);
  const rows = await db.selectFrom(ordered.as('c')).leftJoin('unit as ou', 'ou.id', 'c.otherUnitId')
    .select(['c.id', 'c.date', 'c.type', 'c.reason', 'c.quantity', 'c.balance', 'c.n', 'c.total', 'ou.name as otherUnit'])
    .where(sql<boolean>`c.n > c.total - ${CARD_ROWS}`).orderBy('c.n').execute();
  const lines = rows.map((r) => ({ id: r.id, date: r.date, type: r.type, reason: r.reason ?? null, otherUnit: r.otherUnit ?? null, quantity: Number(r.quantity), balance: Number(r.balance) })) as CardLine[];
  const first = lines[0];
  return {
    batch: { ...batch, quantity: Number(batch.quantity) } as CardBatch,
    carried: first ? first.balance - first.quantity : 0,
    earlier: rows.length ? Number(rows[0].n) - 1 : 0,
    lines,
  };
}
