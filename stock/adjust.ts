/**
 * An adjustment or write-off of a batch the unit holds (`POST /api/stock/adjust`,
 * `schemas/forms/stock_adjust.json`): the user picks the batch from the unit's list (`unit-batches`: medicine,
 * batch, manufacturer, expiry, stock on hand) instead of retyping its number, manufacturer and expiry;
 * the movement is written through the ledger like any other (`ledger.ts`: its permission, sign, dates,
 * the balance).
 */
import { sql } from 'kysely';
import { dateText } from '../engine/date-text.ts';
import type { Stockmovement } from '../engine/generated/index.ts';
import { t } from '../engine/i18n.ts';
import { kysely } from '../server/db/kysely.ts';
import { ApiError, fail, isUuid } from '../server/http/errors.ts';
import type { AppContext, OptionProvider, Session } from '../server/types.ts';
import { batchById } from './batches.ts';
import { writeMovement, type WrittenMovement } from './movements.ts';
import { unitInView, assertUnitInView } from './unit-view.ts';
import { writeTransaction } from '../server/tbl/retry.ts';

/** An adjustment as {@link adjustBatch} takes it, checked (`schemas/forms/stock_adjust.json`). */
export interface Adjustment {
  unitId: string;
  batchId: string;
  type: 'ADJUSTMENT' | 'EXPIRED';
  reason?: Stockmovement['reason'];
  note?: string;
  date: string;
  quantity: number;
}

/**
 * Writes the adjustment (ADJUSTMENT with its reason, or EXPIRED) of the batch chosen at the unit; a batch
 * not at the unit is 400 on `batchId`, and the ledger's refusal of the batch's expiry names `batchId` too.
 * @example await adjustBatch(ctx, s, { unitId, batchId, type: 'ADJUSTMENT', reason: 'DAMAGED', date: '2026-11-29', quantity: -3 }) // { batchNumber: 'A1', quantity: -3, … }
 */
export async function adjustBatch(ctx: AppContext, s: Session, doc: Adjustment): Promise<WrittenMovement> {
  return writeTransaction(ctx, async (em) => {
    await assertUnitInView(em, s, doc.unitId, 'write');
    const batch = await batchById(kysely(em), s.workspaceId, doc.batchId);
    if (!batch || batch.unitId !== doc.unitId) throw fail(400, t(s.lang, 'stock.noBatch'), 'batchId');
    const { type, reason, note, date, quantity } = doc;
    try {
      return await writeMovement(ctx, s, em, doc.unitId, batch, { type, reason, note, date, quantity });
    } catch (e) {
      if (!(e instanceof ApiError)) throw e;
      throw new ApiError(e.status, e.errors.map((x) => (x.field === 'expiryDate' ? { ...x, field: 'batchId' } : x)), e.result);
    }
  }, 'stock adjustment');
}

/**
 * `x-options: "unit-batches"` (params `{unitId}`): the batches a unit of the reader's view holds,
 * first the medicine's name then expiry, each labelled with what tells it apart on the shelf —
 * 'HRZE 75/150/400/275 · A1 · Lupin · до 31.01.2027 · остаток 40'. A unit outside the view: none.
 */
export const unitBatches: OptionProvider = async ({ em, session, params }) => {
  if (!isUuid(params.unitId) || !(await unitInView(em, session, String(params.unitId).toLowerCase(), 'read'))) return [];
  const rows = await kysely(em).selectFrom('stockbatch as b').innerJoin('product as p', 'p.id', 'b.product_id')
    .select(['b.id as value', 'p.short_name as medicine', 'b.batch_number as batchNumber', 'b.manufacturer', sql<string>`b.expiry_date::text`.as('expiryDate'), 'b.quantity'])
    .where('b.workspace_id', '=', session.workspaceId).where('b.unit_id', '=', String(params.unitId).toLowerCase()).where('b.quantity', '>', 0)
    .orderBy('p.short_name').orderBy('b.expiry_date').orderBy('b.batch_number').limit(1000).execute();
  const until = t(session.lang, 'stock.until');
  const left = t(session.lang, 'stock.onHandShort');
  return rows.map((r) => ({
    value: r.value as string,
    label: [r.medicine, r.batchNumber, r.manufacturer, `${until} ${dateText(r.expiryDate, session.lang)}`, `${left} ${r.quantity}`].join(' · '),
  }));
};
unitBatches.params = { type: 'object', additionalProperties: false, properties: { unitId: { type: 'string', format: 'uuid' } } };

