/**
 * Calendar arithmetic on ISO dates (`YYYY-MM-DD`) as day numbers, free of time zones and daylight
 * saving: a day is a day.
 *
 * @example
 *   dayNumber('2026-03-02') - dayNumber('2026-02-27') // 3
 *   isoOf(dayNumber('2026-02-28') + 1)                // '2026-03-01'
 */

const MS_PER_DAY = 86_400_000;

/** Days since 1970-01-01 of an ISO date (the time part, if any, is ignored). */
export function dayNumber(iso: string): number {
  const [y, m, d] = iso.slice(0, 10).split('-').map(Number);
  return Math.round(Date.UTC(y, m - 1, d) / MS_PER_DAY);
}

/** The ISO date of a day number. */
export function isoOf(day: number): string {
  return new Date(day * MS_PER_DAY).toISOString().slice(0, 10);
}

/** The ISO date of `year`, `month` (1–12), `day`. */
export function isoDate(year: number, month: number, day: number): string {
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

/** Days in a month (`month` 1–12). */
export function daysInMonth(year: number, month: number): number {
  return new Date(Date.UTC(year, month, 0)).getUTCDate();
}

/** Weekday of a date, Monday 0 … Sunday 6. */
export function weekdayMonFirst(year: number, month: number, day: number): number {
  return (new Date(Date.UTC(year, month - 1, day)).getUTCDay() + 6) % 7;
}

/** Today in the browser's calendar, as an ISO date. */
export function todayIso(now: Date = new Date()): string {
  return isoDate(now.getFullYear(), now.getMonth() + 1, now.getDate());
}
