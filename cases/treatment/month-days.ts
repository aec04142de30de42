import { daysInMonth } from '../../engine/day-numbers.ts';
import { t, type Lang } from '../../engine/i18n.ts';
import { fail } from '../../server/http/errors.ts';
import { encodeDays } from './days.ts';
import type { DayEntry } from './types.ts';

/**
 * A month of an intake calendar as recorded (the treatment's, a TPT course's): each day within the
 * month (else 400 on `days.<i>.day` with `outside`, the calendar's own message) and named once
 * (`treatment.dayTwice`), encoded as stored (see {@link encodeDays}).
 * @example monthDays('ru', { year: 2026, month: 2, days: [{ day: 3, status: 'DOTS' }] }, 'treatment.dayOutside') // '--D-------…' (28 days)
 */
export function monthDays(lang: Lang, m: { year: number; month: number; days: DayEntry[] }, outside: string): string {
  const length = daysInMonth(m.year, m.month);
  const seen = new Set<number>();
  for (const [i, d] of m.days.entries()) {
    if (d.day > length) throw fail(400, t(lang, outside, { day: d.day }), `days.${i}.day`);
    if (seen.has(d.day)) throw fail(400, t(lang, 'treatment.dayTwice', { day: d.day }), `days.${i}.day`);
    seen.add(d.day);
  }
  return encodeDays(m.days, length);
}
