import { t } from '../engine/i18n.ts';
import { kysely } from '../server/db/kysely.ts';
import type { Em } from '../server/db/orm.ts';
import { ApiError, fail } from '../server/http/errors.ts';
import { TableWriter } from '../server/tbl/write.ts';
import type { Stockmovement } from '../engine/generated/index.ts';
import type { AppContext, Session } from '../server/types.ts';
import { batchById, type BatchRow } from './batches.ts';
import { documentWrites, type MovementDocument } from './ledger.ts';

/** One movement a dispensing or write-off wrote. */
export interface WrittenMovement {
  id: string;
  batchId: string;
  batchNumber: string;
  expiryDate: string;
  quantity: number;
}

/** What a movement says beyond its batch: its type, date, signed quantity and, by type, the case or reason. */
export type MovementValues = Pick<Stockmovement, 'type' | 'date' | 'quantity'> & Partial<Pick<Stockmovement, 'caseId' | 'reason' | 'note'>>;

/**
 * A movement of `quantity` (signed) out of or into a batch, through the table writer (history, feed, the ledger's hook).
 * @example await writeMovement(ctx, s, em, unitId, batch, { type: 'DISPENSING', date, caseId, quantity: -30 })
 */
export async function writeMovement(ctx: AppContext, s: Session, em: Em, unitId: string, b: BatchRow, values: MovementValues): Promise<WrittenMovement> {
  const doc = { unitId, productId: b.productId, sourceId: b.sourceId, batchNumber: b.batchNumber, manufacturer: b.manufacturer, expiryDate: b.expiryDate, ...values };
  const id = await new TableWriter(ctx, ctx.registry.table('stockmovement'), s).create(doc, undefined, em);
  return { id, batchId: b.id, batchNumber: b.batchNumber, expiryDate: b.expiryDate, quantity: values.quantity };
}


/** Where a document's batches go: out of `unitId` (TRANSFER_OUT, batches that must be there) or into it. */
export interface BatchMove {
  unitId: string;
  type: 'TRANSFER_OUT' | 'TRANSFER_IN';
  date: string;
  /** The message key when a batch is not at `unitId` (going out). */
  notHere: string;
}

/**
 * Moves a document's batches (`[{batchId, quantity}]`) out of or into a unit as movements carrying the
 * document's id, each refusal named by its row under `field` (`items.1.quantity`).
 * @example await moveBatches({ em, ctx, session }, { transferId }, 'items', transfer.items, { unitId, type: 'TRANSFER_OUT', date, notHere: 'stock.batchNotAtUnit' })
 */
export async function moveBatches(x: { em: Em; ctx: AppContext; session: Session }, doc: MovementDocument, field: string, items: { batchId: string; quantity: number }[], to: BatchMove): Promise<void> {
  documentWrites.set(x.em, doc);
  try {
    for (const [i, item] of items.entries()) {
      const batch = await batchById(kysely(x.em), x.session.workspaceId, item.batchId);
      if (!batch || (to.type === 'TRANSFER_OUT' && batch.unitId !== to.unitId)) throw fail(400, t(x.session.lang, to.notHere), `${field}.${i}.batchId`);
      const quantity = to.type === 'TRANSFER_OUT' ? -item.quantity : item.quantity;
      await asRowField(`${field}.${i}`, () => writeMovement(x.ctx, x.session, x.em, to.unitId, batch, { type: to.type, date: to.date, quantity }));
    }
  } finally {
    documentWrites.delete(x.em);
  }
}

/**
 * Names a row's refusal by the document's fields: its date is the document's `date` (the step's), its
 * batch's expiry the row's `batchId`, anything else the row's own field (`items.1.quantity`).
 */
async function asRowField<T>(row: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (e) {
    if (!(e instanceof ApiError)) throw e;
    const field = (f: string | null | undefined) => (f === 'date' ? 'date' : f === 'expiryDate' ? `${row}.batchId` : f ? `${row}.${f}` : row);
    throw new ApiError(e.status, e.errors.map((x) => ({ ...x, field: field(x.field) })), e.result);
  }
}
