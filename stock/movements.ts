import type { Em } from '../server/db/orm.ts';
import { TableWriter } from '../server/tbl/write.ts';
import type { AppContext, Doc, Session } from '../server/types.ts';
import type { BatchRow } from './batches.ts';

/** One movement a dispensing or write-off wrote. */
export interface WrittenMovement {
  id: string;
  batchId: string;
  batchNumber: string;
  expiryDate: string;
  quantity: number;
}

/**
 * A movement of `quantity` (signed) out of or into a batch, through the table writer (history, feed, the ledger's hook).
 * @example await writeMovement(ctx, s, em, unitId, batch, { type: 'DISPENSING', date, caseId, quantity: -30 })
 */
export async function writeMovement(ctx: AppContext, s: Session, em: Em, unitId: string, b: BatchRow, values: Doc): Promise<WrittenMovement> {
  const doc = { unitId, productId: b.productId, sourceId: b.sourceId, batchNumber: b.batchNumber, manufacturer: b.manufacturer, expiryDate: b.expiryDate, ...values };
  const id = await new TableWriter(ctx, ctx.registry.table('stockmovement'), s).create(doc, undefined, em);
  return { id, batchId: b.id, batchNumber: b.batchNumber, expiryDate: b.expiryDate, quantity: values.quantity };
}

