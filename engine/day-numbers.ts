/**
 * Calendar arithmetic on ISO dates (`YYYY-MM-DD`) as day numbers (days since 1970-01-01): no time
 * zones, no daylight saving — a day is a day. One module for the server (treatment, TPT, stock) and
 * the browser (the treatment calendar and timeline); weekdays are ISO, 1 Monday … 7 Sunday.
 *
 * @example
 *   isoOf(dayOf('2026-02-28') + 1)  // '2026-03-01'
 *   addMonths('2026-01-31', 1)      // '2026-02-28'
 */

const MS_PER_DAY = 86_400_000;

/** Days since 1970-01-01 of an ISO date (a time part is ignored). */
export function dayOf(iso: string): number {
  const [y, m, d] = iso.slice(0, 10).split('-').map(Number);
  return Math.round(Date.UTC(y, m - 1, d) / MS_PER_DAY);
}

/** The ISO date of a day number. */
export const isoOf = (day: number): string => new Date(day * MS_PER_DAY).toISOString().slice(0, 10);

/** The day number of `day` of a month (1-based month). */
export const dayOfYmd = (year: number, month: number, day: number): number => Math.round(Date.UTC(year, month - 1, day) / MS_PER_DAY);

/** The ISO date of `year`, `month` (1–12), `day`. @example isoDate(2026, 3, 1) // '2026-03-01' */
export const isoDate = (year: number, month: number, day: number): string => `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;

/** Days in a month (1-based month). */
export const daysInMonth = (year: number, month: number): number => new Date(Date.UTC(year, month, 0)).getUTCDate();

/** ISO weekday of a day number: 1 Monday … 7 Sunday. */
export const weekday = (day: number): number => ((((day + 3) % 7) + 7) % 7) + 1;

/** Year and month (1-based) of a day number. */
export function ymOf(day: number): { year: number; month: number } {
  const d = new Date(day * MS_PER_DAY);
  return { year: d.getUTCFullYear(), month: d.getUTCMonth() + 1 };
}

/**
 * The date `n` months after `iso`, the day clamped to the target month's length.
 * @example addMonths('2026-01-31', 1) // '2026-02-28'
 */
export function addMonths(iso: string, n: number): string {
  const [y, m, d] = iso.slice(0, 10).split('-').map(Number);
  const total = y * 12 + (m - 1) + n;
  const year = Math.floor(total / 12);
  const month = (total % 12) + 1;
  return isoOf(dayOfYmd(year, month, Math.min(d, daysInMonth(year, month))));
}

/**
 * Today for the server: the latest date anywhere on Earth (UTC+14), so a day a user sees as today
 * is never refused as "not yet come".
 */
export const latestToday = (now = Date.now()): number => Math.floor((now + 14 * 3_600_000) / MS_PER_DAY);
