/**
 * The adherence calendar's rules, pure so they are tested apart from the page:
 * a click on a day with another status than the chosen one sets it, on a day with the same status
 * clears it; 'select all' sets every allowed day; adherence is the days not NOT_TAKEN (a recorded
 * DOTS or SELF_ADMIN day) out of the planned days that have come (the server's rule, re-exported).
 *
 * @example
 *   clickDay([{ day: 3, status: 'DOTS' }], 3, 'DOTS')      // []            (same status: cleared)
 *   clickDay([{ day: 3, status: 'DOTS' }], 3, 'NOT_TAKEN') // [{ day: 3, status: 'NOT_TAKEN' }]
 *   selectAll([], { from: 1, to: 3 }, 'DOTS')              // days 1, 2, 3 as DOTS
 */
import { daysInMonth } from '../../../engine/day-numbers.ts';
import type { DayEntry, DayStatus } from '../../../cases/treatment/types.ts';

export type { DayEntry, DayStatus };
export const DAY_STATUSES: DayStatus[] = ['DOTS', 'SELF_ADMIN', 'NOT_TAKEN'];

/** First and last day of a month that may be marked (both included). */
export interface DayRange {
  from: number;
  to: number;
}

const byDay = (a: DayEntry, b: DayEntry) => a.day - b.day;

/** The days after a click on `day` with `chosen` picked: set when it differs, cleared when the same. */
export function clickDay(days: DayEntry[], day: number, chosen: DayStatus): DayEntry[] {
  const current = days.find((d) => d.day === day);
  const rest = days.filter((d) => d.day !== day);
  if (current?.status === chosen) return rest;
  return [...rest, { day, status: chosen }].sort(byDay);
}

/** The days after 'select all': every day of `range` gets `chosen`; days outside it are kept. */
export function selectAll(days: DayEntry[], range: DayRange, chosen: DayStatus): DayEntry[] {
  const kept = days.filter((d) => d.day < range.from || d.day > range.to);
  const filled: DayEntry[] = [];
  for (let day = range.from; day <= range.to; day++) filled.push({ day, status: chosen });
  return [...kept, ...filled].sort(byDay);
}

/**
 * The days of a calendar month that may be marked: those of the treatment in that month
 * (`iniDay`…`endDay`), up to today (intake is recorded, not foretold); null when none.
 * `today` is an ISO date.
 */
export function allowedRange(month: { year: number; month: number; iniDay: number; endDay: number }, today: string): DayRange | null {
  const [ty, tm, td] = today.split('-').map(Number);
  const key = month.year * 12 + month.month;
  const todayKey = ty * 12 + tm;
  if (key > todayKey) return null;
  const last = Math.min(month.endDay, daysInMonth(month.year, month.month), key === todayKey ? td : 31);
  const first = Math.max(1, month.iniDay);
  return first <= last ? { from: first, to: last } : null;
}

/** Whether `day` is inside `range`. */
export const inRange = (range: DayRange | null, day: number) => !!range && day >= range.from && day <= range.to;

export { monthAdherence, percentOf, type Adherence } from '../../../cases/treatment/adherence.ts';

/** Whether two day lists hold the same statuses. */
export function sameDays(a: DayEntry[], b: DayEntry[]): boolean {
  if (a.length !== b.length) return false;
  const sa = [...a].sort(byDay);
  const sb = [...b].sort(byDay);
  return sa.every((d, i) => d.day === sb[i].day && d.status === sb[i].status);
}
