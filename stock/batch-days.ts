/**
 * A batch's movements around a date, as the ledger's date rule needs them (`ledger-dates.ts`): the
 * batch's arrival (its earliest movement) and the net movement of each day after the date — both
 * ranges of the ledger's index on (batch, date): reading them costs the batch's entries after the
 * date (none for today's dispensing), never the unit's millions of rows — and the unit's last stock count.
 */
import { sql, type Kysely } from 'kysely';
import type { Database } from '../server/db/kysely.ts';
import { dateText } from '../engine/date-text.ts';
import { t } from '../engine/i18n.ts';
import { fail, type ApiError } from '../server/http/errors.ts';
import { todayOf } from '../server/http/time-zone.ts';
import type { Session } from '../server/types.ts';
import type { DayMovement } from './ledger-dates.ts';

/**
 * The batch's arrival at its unit (the date of its earliest movement; none yet: undefined) and its net
 * movement per day after `date`.
 * @example await batchDays(db, ws, batchId, '2026-11-01') // { arrived: '2026-10-03', later: [{ date: '2026-11-10', quantity: -15 }] }
 */
export async function batchDays(db: Kysely<Database>, workspaceId: string, batchId: string, date: string): Promise<{ arrived?: string; later: DayMovement[] }> {
  const first = await db.selectFrom('stockmovement').select(sql<string>`date::text`.as('date'))
    .where('workspace_id', '=', workspaceId).where('batch_id', '=', batchId).orderBy('date').limit(1).executeTakeFirst();
  const later = await laterDays(db, workspaceId, [batchId], date);
  return { arrived: first?.date, later: later.get(batchId) ?? [] };
}

/**
 * The net movement per day after `date` of each batch named, by batch id (a batch with none: absent).
 * @example await laterDays(db, ws, [a, b], '2026-11-01') // Map { a => [{ date: '2026-11-10', quantity: -15 }] }
 */
export async function laterDays(db: Kysely<Database>, workspaceId: string, batchIds: string[], date: string): Promise<Map<string, DayMovement[]>> {
  const out = new Map<string, DayMovement[]>();
  if (!batchIds.length) return out;
  const rows = await db.selectFrom('stockmovement').select(['batch_id as batchId', sql<string>`date::text`.as('date'), sql<string>`sum(quantity)`.as('quantity')])
    .where('workspace_id', '=', workspaceId).where('batch_id', 'in', batchIds).where('date', '>', date)
    .groupBy(['batch_id', 'date']).execute();
  for (const r of rows) {
    const list = out.get(r.batchId as string) ?? [];
    list.push({ date: r.date, quantity: Number(r.quantity) });
    out.set(r.batchId as string, list);
  }
  return out;
}

/**
 * The date of the unit's last stock count, if it had one (the index on (unit, date)).
 * @example await lastCountDate(db, ws, unitId) // '2026-10-31'
 */
export async function lastCountDate(db: Kysely<Database>, workspaceId: string, unitId: string): Promise<string | undefined> {
  const r = await db.selectFrom('stockcount').select(sql<string>`date::text`.as('date'))
    .where('workspace_id', '=', workspaceId).where('unit_id', '=', unitId).orderBy('date', 'desc').limit(1).executeTakeFirst();
  return r?.date;
}

/**
 * The refusal of taking more than there is: 'Недостаточно остатка: в наличии N' for today, and for
 * an earlier date 'Недостаточно остатка на dd.MM.yyyy: в наличии N' (what could leave on that day).
 * @example throw notEnoughOn(s, '2026-11-01', 5, 'quantity')
 */
export function notEnoughOn(s: Session, date: string, onHand: number, field: string): ApiError {
  if (date >= todayOf(s)) return fail(400, t(s.lang, 'stock.notEnough', { onHand }), field);
  return fail(400, t(s.lang, 'stock.notEnoughOn', { onHand, date: dateText(date, s.lang) }), field);
}
