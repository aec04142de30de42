/**
 * A TPT course's calendar, pure: the days it plans — every day of the regimen's weeks for
 * a daily regimen, the start's weekday of each week for a weekly one (3HP) —, the days the calendar
 * shows and accepts (the start to the completion deadline: a dose missed may be made up within the
 * time allowed), the doses taken in that time, and the missed doses of the last days, which the
 * unit worklist lists. Months are stored as a treatment's are (`cases/treatment/days.ts`: one
 * character a day, `D`/`S` taken, `N` not taken, `-` not recorded).
 *
 * @example
 *   const r = { frequency: 'WEEKLY', weeks: 12, windowWeeks: 16 };
 *   plannedInMonth('2026-03-02', r, 2026, 3) // [2, 9, 16, 23, 30]
 *   dosesTaken([{ year: 2026, month: 3, days: '-D------D' }], '2026-03-02', r) // 2
 */
import { dayOf, dayOfYmd, daysInMonth } from '../../engine/day-numbers.ts';
import { isTaken } from '../treatment/days.ts';
import type { TptRegimen } from './rules.ts';

export type PlanRegimen = Pick<TptRegimen, 'frequency' | 'weeks' | 'windowWeeks'>;

/** A month of the calendar as stored. */
export interface StoredMonth {
  year: number;
  month: number;
  days: string;
}

/** The days the calendar of a course shows and accepts, as day numbers: its start to its completion deadline. */
export function calendarSpan(startDate: string, regimen: PlanRegimen): { ini: number; end: number } {
  const ini = dayOf(startDate);
  return { ini, end: ini + regimen.windowWeeks * 7 - 1 };
}

/** Whether the day (a day number) is a planned intake day of a course started on `start` (a day number). */
export function isPlanned(start: number, regimen: PlanRegimen, day: number): boolean {
  if (day < start || day > start + regimen.weeks * 7 - 1) return false;
  return regimen.frequency === 'DAILY' || (day - start) % 7 === 0;
}

/** The planned days (1…31) of a calendar month. */
export function plannedInMonth(startDate: string, regimen: PlanRegimen, year: number, month: number): number[] {
  const start = dayOf(startDate);
  const first = dayOfYmd(year, month, 1);
  const out: number[] = [];
  for (let d = 1; d <= daysInMonth(year, month); d++) if (isPlanned(start, regimen, first + d - 1)) out.push(d);
  return out;
}

/** How many planned days fall from `from` to `to` (day numbers, both included). */
export function plannedCount(startDate: string, regimen: PlanRegimen, from: number, to: number): number {
  const start = dayOf(startDate);
  let n = 0;
  for (let day = Math.max(from, start); day <= to; day++) if (isPlanned(start, regimen, day)) n++;
  return n;
}

/** Each stored month by its first day's number: a day's status is one subtraction away. */
function statusReader(months: StoredMonth[]): (day: number) => string {
  const byFirst = months.map((m) => ({ first: dayOfYmd(m.year, m.month, 1), days: m.days }));
  return (day) => {
    for (const m of byFirst) if (day >= m.first && day < m.first + m.days.length) return m.days[day - m.first];
    return '-';
  };
}

/**
 * The doses taken from the start to the completion deadline (any day of that time: a weekly dose
 * taken a day late still counts), which "completed" is measured by.
 */
export function dosesTaken(months: StoredMonth[], startDate: string, regimen: PlanRegimen): number {
  const { ini, end } = calendarSpan(startDate, regimen);
  let n = 0;
  for (const m of months) {
    const first = dayOfYmd(m.year, m.month, 1);
    for (let i = 0; i < m.days.length; i++) if (first + i >= ini && first + i <= end && isTaken(m.days[i])) n++;
  }
  return n;
}

/** Days back the worklist looks for missed doses (today excluded: its dose may still come), as for a treatment. */
export const TPT_MISSED_WINDOW_DAYS = 14;

export interface TptMissed {
  /** Planned days of the window. */
  plannedDays: number;
  /** Of them: marked NOT_TAKEN, and not recorded. */
  notTaken: number;
  notRecorded: number;
}

/**
 * The planned days of the last {@link TPT_MISSED_WINDOW_DAYS} days (before `today`, an ISO date)
 * without a dose taken, or null when none misses one.
 * @example missedTptDoses({ startDate: '2026-03-02', regimen: weekly12, months: [], today: '2026-03-20' }) // { plannedDays: 2, notTaken: 0, notRecorded: 2 }
 */
export function missedTptDoses(x: { startDate: string; regimen: PlanRegimen; months: StoredMonth[]; today: string }): TptMissed | null {
  const start = dayOf(x.startDate);
  const today = dayOf(x.today);
  const status = statusReader(x.months);
  let plannedDays = 0, notTaken = 0, notRecorded = 0;
  for (let day = Math.max(start, today - TPT_MISSED_WINDOW_DAYS); day <= today - 1; day++) {
    if (!isPlanned(start, x.regimen, day)) continue;
    plannedDays++;
    const s = status(day);
    if (s === 'N') notTaken++;
    else if (!isTaken(s)) notRecorded++;
  }
  return notTaken + notRecorded > 0 ? { plannedDays, notTaken, notRecorded } : null;
}
