/**
 * An order as its paper documents show it (`GET /api/stock/order/{orderId}`): the requisition —
 * the ordering unit, its supplier and authorizer, the date, the state and each step's date, the medicines
 * and quantities ordered — and, once sent, the delivery note: each batch shipped with its medicine,
 * number, manufacturer, expiry and source, and the quantity. Names are read with the order in three
 * statements (the order, its items, its shipment), each line in the order it was entered.
 */
import { sql, type Kysely } from 'kysely';
import type { Database } from '../server/db/kysely.ts';

/** A medicine ordered. */
export interface OrderDocumentItem {
  productName: string;
  quantity: number;
}

/** A batch shipped for the order (the supplier's batch). */
export interface OrderDocumentShipped {
  productName: string;
  batchNumber: string;
  manufacturer: string;
  expiryDate: string;
  sourceName: string;
  quantity: number;
}

/** The order's requisition and delivery note. */
export interface OrderDocument {
  id: string;
  date: string;
  state: string;
  unitName: string;
  supplierName: string | null;
  authorizerName: string | null;
  authorizedDate: string | null;
  sentDate: string | null;
  receivedDate: string | null;
  cancelledDate: string | null;
  items: OrderDocumentItem[];
  shipped: OrderDocumentShipped[];
}

const dateText = (column: string) => sql<string | null>`${sql.ref(column)}::text`;

/**
 * The order of the workspace with its items and shipment, by name (undefined: no such order). The
 * caller checks the reader may see it.
 * @example await orderDocument(db, ws, orderId) // { unitName: 'Бишкекский …', items: [{ productName: 'HR …', quantity: 100 }], shipped: [{ batchNumber: 'NC-1', … }] }
 */
export async function orderDocument(db: Kysely<Database>, workspaceId: string, orderId: string): Promise<OrderDocument | undefined> {
  const order = await db.selectFrom('stockorder as o').innerJoin('unit as u', 'u.id', 'o.unit_id')
    .leftJoin('unit as su', 'su.id', 'o.supplier_id').leftJoin('unit as au', 'au.id', 'o.authorizer_id')
    .select(['o.id', dateText('o.date').as('date'), 'o.state', 'u.name as unitName', 'su.name as supplierName', 'au.name as authorizerName',
      dateText('o.authorized_date').as('authorizedDate'), dateText('o.sent_date').as('sentDate'),
      dateText('o.received_date').as('receivedDate'), dateText('o.cancelled_date').as('cancelledDate')])
    .where('o.workspace_id', '=', workspaceId).where('o.id', '=', orderId).executeTakeFirst();
  if (!order) return undefined;
  const items = await db.selectFrom('stockorder_items as i').innerJoin('product as p', 'p.id', 'i.product_id')
    .select(['p.name as productName', 'i.quantity']).where('i.parent_id', '=', orderId).orderBy('i.idx').execute();
  const shipped = await db.selectFrom('stockorder_shipped as s').innerJoin('stockbatch as b', 'b.id', 's.batch_id')
    .innerJoin('product as p', 'p.id', 'b.product_id').innerJoin('source as so', 'so.id', 'b.source_id')
    .select(['p.name as productName', 'b.batch_number as batchNumber', 'b.manufacturer', dateText('b.expiry_date').as('expiryDate'), 'so.short_name as sourceName', 's.quantity'])
    .where('s.parent_id', '=', orderId).where('b.workspace_id', '=', workspaceId).orderBy('s.idx').execute();
  return {
    ...(order as Omit<OrderDocument, 'items' | 'shipped'>),
    items: items.map((i) => ({ productName: i.productName as string, quantity: Number(i.quantity) })),
    shipped: shipped.map((s) => ({ ...(s as OrderDocumentShipped), quantity: Number(s.quantity) })),
  };
}
