/**
 * What a unit's current patients will take: each prescription plans its dose units on the
 * weekdays of its frequency between its dates (cases/treatment/plan.ts WEEKDAYS); the units planned
 * per medicine per day make the order forecast and the stock-out date.
 */
import { addMonths, dayOf, isoOf, weekday } from '../engine/day-numbers.ts';
import { WEEKDAYS } from '../cases/treatment/plan.ts';
import type { DuePrescription } from './treatment-due.ts';

/**
 * The dose units planned of each medicine per day from `from` to `to` (ISO dates, included): by
 * medicine id, an array indexed by day from `from`.
 * @example dailyNeeds([{ productId: 'h', iniDate: '2026-03-02', endDate: '2026-03-03', doseUnit: 4, frequency: 7 }], '2026-03-01', '2026-03-03') // Map { 'h' => [0, 4, 4] }
 */
export function dailyNeeds(prescriptions: DuePrescription[], from: string, to: string): Map<string, number[]> {
  const first = dayOf(from);
  const length = dayOf(to) - first + 1;
  const out = new Map<string, number[]>();
  for (const p of prescriptions) {
    const days = out.get(p.productId) ?? Array.from({ length }, () => 0);
    out.set(p.productId, days);
    const weekdays = new Set(WEEKDAYS[p.frequency] ?? WEEKDAYS[7]);
    for (let d = Math.max(first, dayOf(p.iniDate)); d <= Math.min(first + length - 1, dayOf(p.endDate)); d++) if (weekdays.has(weekday(d))) days[d - first] += p.doseUnit;
  }
  return out;
}

/**
 * The units planned of each medicine per day for the year from `date` (the stock-out horizon): the
 * unit page and the workspace dashboard read the same days.
 * @example yearNeeds(prescriptions, '2026-03-01').get('h')!.length // 365
 */
export const yearNeeds = (prescriptions: DuePrescription[], date: string) => dailyNeeds(prescriptions, date, isoOf(dayOf(addMonths(date, 12)) - 1));

/**
 * The first day the stock on hand does not cover: the day whose need takes the running total past
 * `onHand` (ISO date), counting from `from`; undefined when it lasts through the days given.
 * @example stockOutDate(10, [4, 4, 4], '2026-03-01') // '2026-03-03' (4 + 4 + 4 > 10)
 */
export function stockOutDate(onHand: number, needs: number[], from: string): string | undefined {
  let used = 0;
  for (let i = 0; i < needs.length; i++) {
    used += needs[i];
    if (used > onHand) return isoOf(dayOf(from) + i);
  }
  return undefined;
}

/**
 * An order's proposed quantity: max(0, max stock − on hand − on order), where max stock is
 * `maxMonths` months of `monthly` need, rounded up to whole units.
 * @example proposedQuantity(30, 6, 100, 20) // 60 = 6 × 30 − 100 − 20
 */
export function proposedQuantity(monthly: number, maxMonths: number, onHand: number, onOrder: number): number {
  return Math.max(0, Math.ceil(maxMonths * monthly - onHand - onOrder - 1e-9));
}
