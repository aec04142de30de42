/**
 * When a movement may be dated, the pure rule the ledger's hook applies (`ledger.ts`):
 * a batch's movement may not be dated after the batch expired (only its write-off is), nor — unless
 * it brings the batch in — before the batch arrived at the unit; and what leaves on a day may not
 * take any later day's balance below zero (`availableOn`); nor be dated before the unit's last stock
 * count (`countRefusal`). So the stock card by date (`card.ts`) never shows a balance below zero,
 * whatever order the movements were typed in.
 */
import type { Stockmovement } from '../engine/generated/index.ts';

type MovementType = Stockmovement['type'];

/** The types that bring a batch into a unit: they may be its first movement. */
const ARRIVING: MovementType[] = ['INITIAL', 'RECEIPT', 'TRANSFER_IN'];

/** A refusal of a movement's date: the field it names and the message key with its values. */
export interface DateRefusal {
  field: 'date' | 'expiryDate';
  key: string;
  vars?: Record<string, string>;
}

/**
 * Why a movement's date does not fit its batch's expiry, or undefined. A batch is usable through its
 * expiry date and expired from the next day: then it may only be written off (EXPIRED), or be found on
 * the shelf (INITIAL, the unit's first inventory) or arrive by a transfer already on its way
 * (TRANSFER_IN) — the stock is there, to be written off; it is not received (RECEIPT) nor moved
 * otherwise; and its write-off is refused before it expired.
 * @example expiryRefusal({ type: 'DISPENSING', date: '2026-07-01', expiryDate: '2026-06-30' }) // { field: 'expiryDate', key: 'stock.expiredOut' }
 */
export function expiryRefusal(m: { type: MovementType; date: string; expiryDate: string }): DateRefusal | undefined {
  const expired = m.expiryDate < m.date;
  if (m.type === 'EXPIRED') return expired ? undefined : { field: 'expiryDate', key: 'stock.notExpired' };
  if (!expired || m.type === 'INITIAL' || m.type === 'TRANSFER_IN') return undefined;
  return { field: 'expiryDate', key: m.type === 'RECEIPT' ? 'stock.expiredIn' : 'stock.expiredOut' };
}

/**
 * Why a movement may not be dated before its batch arrived at the unit, or undefined: only what brings
 * the batch in (INITIAL, RECEIPT, TRANSFER_IN) may be dated before the batch's earliest movement
 * there (`arrived`; none for a batch new to the unit).
 * @example arrivalRefusal({ type: 'DISPENSING', date: '1900-01-01' }, '2024-03-01') // { field: 'date', key: 'stock.beforeArrival', vars: { date: '2024-03-01' } }
 */
export function arrivalRefusal(m: { type: MovementType; date: string }, arrived: string | undefined): DateRefusal | undefined {
  if (ARRIVING.includes(m.type) || !arrived || m.date >= arrived) return undefined;
  return { field: 'date', key: 'stock.beforeArrival', vars: { date: arrived } };
}

/**
 * Why a movement may not be dated before the unit's last stock count, or undefined: the count fixed every
 * batch's stock on its day, so nothing is dated before it (its own adjustments are dated on it).
 * @example countRefusal('2026-11-01', '2026-11-15') // { field: 'date', key: 'stock.beforeCount', vars: { date: '2026-11-15' } }
 */
export function countRefusal(date: string, lastCount: string | undefined): DateRefusal | undefined {
  if (!lastCount || date >= lastCount) return undefined;
  return { field: 'date', key: 'stock.beforeCount', vars: { date: lastCount } };
}

/** A day's net movement of a batch (+ in, − out). */
export interface DayMovement {
  date: string;
  quantity: number;
}

/**
 * How many units may leave a batch on a day: its stock on hand now less the most that later days
 * still take out of it. The batch's balance at the end of a day d is what it holds now less what
 * moves after d; a movement on `date` lowers every balance from `date` on, so it may take at most the
 * lowest of them. `later` are the batch's movements dated after `date` (any order, a day may repeat);
 * none (the usual dispensing of today): all of it.
 * @example availableOn(20, [{ date: '2026-11-10', quantity: -15 }]) // 5 — on hand 20 now, 15 go out on the 10th
 * @example availableOn(20, [{ date: '2026-11-10', quantity: 10 }]) // 10 — on the day before, the 10 received later were not there
 */
export function availableOn(onHandNow: number, later: DayMovement[]): number {
  const byDate = new Map<string, number>();
  for (const m of later) byDate.set(m.date, (byDate.get(m.date) ?? 0) + m.quantity);
  const days = [...byDate.keys()].sort();
  // moved after the day asked, then after each later day in turn: the most still to come off what is held now
  let after = later.reduce((n, m) => n + m.quantity, 0);
  let most = after; // the last day leaves it at 0, so `most` is never below 0
  for (const d of days) {
    after -= byDate.get(d)!;
    most = Math.max(most, after);
  }
  return Math.max(0, onHandNow - most);
}

/**
 * A batch's balance at the end of a day: what it holds now less what moved after that day.
 * @example balanceOn(20, [{ date: '2026-11-10', quantity: -15 }]) // 35 — on a day before the 10th
 */
export function balanceOn(onHandNow: number, later: DayMovement[]): number {
  return later.reduce((n, m) => n - m.quantity, onHandNow);
}
