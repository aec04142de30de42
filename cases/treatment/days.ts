import type { DayEntry, DayStatus } from './types.ts';

/**
 * A month's day statuses as stored (`adherence.days`): one character a day, day 1 first — `D` DOTS,
 * `S` SELF_ADMIN, `N` NOT_TAKEN, `-` not recorded — as long as the month. Saving a month is one
 * upsert of this string.
 *
 * @example
 *   encodeDays([{ day: 2, status: 'DOTS' }], 4) // '-D--'
 *   decodeDays('-DN-')                          // [{ day: 2, status: 'DOTS' }, { day: 3, status: 'NOT_TAKEN' }]
 */
const CODE: Record<DayStatus, string> = { DOTS: 'D', SELF_ADMIN: 'S', NOT_TAKEN: 'N' };
const STATUS: Record<string, DayStatus> = { D: 'DOTS', S: 'SELF_ADMIN', N: 'NOT_TAKEN' };

/** The stored string of a month of `length` days. */
export function encodeDays(days: DayEntry[], length: number): string {
  const out = Array.from({ length }, () => '-');
  for (const d of days) out[d.day - 1] = CODE[d.status];
  return out.join('');
}

/** The recorded days of a stored string, ascending. */
export function decodeDays(s: string): DayEntry[] {
  const out: DayEntry[] = [];
  for (let i = 0; i < s.length; i++) if (STATUS[s[i]]) out.push({ day: i + 1, status: STATUS[s[i]] });
  return out;
}

/** Whether a stored character is a dose taken (DOTS or SELF_ADMIN). */
export const isTaken = (c: string): boolean => c === 'D' || c === 'S';
