/**
 * Adherence of a month of the intake calendar: the doses taken (days recorded
 * DOTS or SELF_ADMIN) out of the planned days that have come — a planned day after today is not yet
 * a missed dose, so a month half gone with every dose taken is 100%, not 50%. Pure, so the server's
 * answer and the calendar's unsaved edits count alike.
 *
 * @example
 *   // planned every day of March 2026, today 15 March, days 1…15 taken
 *   monthAdherence({ year: 2026, month: 3, planned: [1, …, 31], days: [1…15 DOTS] }, '2026-03-15')
 *   // { plannedDays: 15, takenDays: 15, percent: 100 }
 */
import type { DayEntry } from './types.ts';

export interface Adherence {
  /** Planned days up to today. */
  plannedDays: number;
  /** Of the recorded days up to today, those not NOT_TAKEN. */
  takenDays: number;
  /** takenDays / plannedDays as 0–100 (rounded, never above 100); null when no planned day has come. */
  percent: number | null;
}

/**
 * `taken` out of `planned` as a whole percentage, never above 100; null when nothing is planned.
 * @example percentOf(17, 20) // 85
 */
export function percentOf(taken: number, planned: number): number | null {
  return planned > 0 ? Math.min(100, Math.round((taken * 100) / planned)) : null;
}

/**
 * The last day of `year`-`month` that has come by `today` (an ISO date): 0 for a month ahead of
 * today, the month's length for one behind it.
 * @example daysGone(2026, 3, '2026-03-15') // 15
 */
export function daysGone(year: number, month: number, today: string): number {
  const [ty, tm, td] = today.slice(0, 10).split('-').map(Number);
  const key = year * 12 + month;
  const todayKey = ty * 12 + tm;
  if (key > todayKey) return 0;
  return key === todayKey ? td : 31;
}

/**
 * A month's adherence as of `today` (an ISO date): only the planned and recorded days up to today count.
 * @example monthAdherence({ year: 2026, month: 3, planned: [2, 3, 4], days: [{ day: 2, status: 'DOTS' }] }, '2026-03-02')
 *   // { plannedDays: 1, takenDays: 1, percent: 100 }
 */
export function monthAdherence(m: { year: number; month: number; planned: number[]; days: DayEntry[] }, today: string): Adherence {
  const through = daysGone(m.year, m.month, today);
  const plannedDays = m.planned.filter((d) => d <= through).length;
  const takenDays = m.days.filter((d) => d.day <= through && d.status !== 'NOT_TAKEN').length;
  return { plannedDays, takenDays, percent: percentOf(takenDays, plannedDays) };
}
