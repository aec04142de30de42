/**
 * A unit's stock count (inventory) (`schemas/tables/stockcount.json`): `POST /api/tbl/stockcount
 * {unitId, date, items: [{batchId, counted}]}` (STOCK_ADJ) counts every batch the unit holds on the date
 * (`count-lines.ts`); each line records the ledger's stock on hand that day and the difference, and a
 * difference becomes an ADJUSTMENT (reason COUNT) of the batch on the count's date through the ledger
 * (`movementId`). The unit's batches are locked first, in the dispensings' order, so the stock counted
 * is the stock adjusted; a count is not dated before the unit's last, and no movement of the unit is
 * dated before it afterwards (`ledger.ts`). A count is never changed or deleted.
 */
import { sql, type Kysely } from 'kysely';
import { dateText } from '../engine/date-text.ts';
import { t } from '../engine/i18n.ts';
import type { Stockcount } from '../engine/generated/index.ts';
import { kysely, type Database } from '../server/db/kysely.ts';
import { ApiError, fail } from '../server/http/errors.ts';
import type { HooksOn, ModuleHooks, SaveContext } from '../server/types.ts';
import { lastCountDate, laterDays } from './batch-days.ts';
import type { BatchRow } from './batches.ts';
import { countLines, type HeldBatch } from './count-lines.ts';
import { balanceOn, countRefusal } from './ledger-dates.ts';
import { writeMovement } from './movements.ts';
import { assertUnitInView } from './unit-view.ts';

/** The unit's batches, locked in the dispensings' order (expiry, number, id), with their balance at the end of `date`. */
async function heldOn(db: Kysely<Database>, workspaceId: string, unitId: string, date: string): Promise<(BatchRow & HeldBatch)[]> {
  const rows = (await db.selectFrom('stockbatch')
    .select(['id', 'product_id as productId', 'source_id as sourceId', 'batch_number as batchNumber', 'manufacturer', sql<string>`expiry_date::text`.as('expiryDate'), 'quantity'])
    .where('workspace_id', '=', workspaceId).where('unit_id', '=', unitId)
    .orderBy('expiry_date').orderBy('batch_number').orderBy('id').forUpdate().execute()).map((r) => ({ ...r, quantity: Number(r.quantity) })) as BatchRow[];
  const later = await laterDays(db, workspaceId, rows.map((r) => r.id), date);
  return rows.map((r) => ({ ...r, onHand: balanceOn(r.quantity, later.get(r.id) ?? []) }));
}

/** A refusal of the line's adjustment named by the count's fields: its quantity is the line's count, its expiry the line's batch. */
function lineField(field: string | null, i: number): string {
  if (field === 'date') return 'date';
  if (field === 'expiryDate') return `items.${i}.batchId`;
  return `items.${i}.counted`;
}

const count: HooksOn<'stockcount'> = {
  async beforeSave(x: SaveContext<Stockcount>) {
    if (!x.isNew) throw fail(400, t(x.session.lang, 'stock.countAppendOnly'));
    const s = x.session;
    const doc = x.doc;
    await assertUnitInView(x.em, s, doc.unitId, 'write');
    const db = kysely(x.em);
    const held = await heldOn(db, s.workspaceId, doc.unitId, doc.date);
    const early = countRefusal(doc.date, await lastCountDate(db, s.workspaceId, doc.unitId));
    if (early) throw fail(400, t(s.lang, early.key, { date: dateText(early.vars!.date, s.lang) }), early.field);
    const { lines, refusals } = countLines(doc.items, new Map(held.map((b) => [b.id, b])), doc.date);
    if (refusals.length) throw new ApiError(400, refusals.map((r) => ({ field: r.field, msg: t(s.lang, r.key, r.vars ?? {}) })));
    const byId = new Map(held.map((b) => [b.id, b]));
    const note = `${t(s.lang, 'stock.countNote')} ${dateText(doc.date, s.lang)}`;
    for (const [i, line] of lines.entries()) {
      Object.assign(doc.items[i], { onHand: line.onHand, difference: line.difference, movementId: undefined });
      if (!line.difference) continue;
      try {
        const written = await writeMovement(x.ctx, s, x.em, doc.unitId, byId.get(line.batchId)!, { type: 'ADJUSTMENT', reason: 'COUNT', note, date: doc.date, quantity: line.difference });
        doc.items[i].movementId = written.id;
      } catch (e) {
        if (!(e instanceof ApiError)) throw e;
        throw new ApiError(e.status, e.errors.map((r) => ({ ...r, field: lineField(r.field, i) })), e.result);
      }
    }
  },
  beforeDelete({ session }) {
    throw fail(400, t(session.lang, 'stock.countAppendOnly'));
  },
};

/** The stock count's hooks (`DomainModule.hooks`). */
export const countHooks: ModuleHooks = { stockcount: count };
