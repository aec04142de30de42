/**
 * The daily intake calendar of a demo case (`adherence` rows, one a month): every planned day from
 * the start to the last day recorded — observed doses (DOTS) through the intensive phase, observed or
 * self-administered after it, now and then a missed dose; nothing after a lost patient's last dose,
 * and for a few cases on treatment today a week or two not yet written up (the worklist's missed
 * doses). Pure.
 */
import type { StoredMonth } from '../treatment/alert.ts';
import { dayOfYmd, daysInMonth } from '../../engine/day-numbers.ts';
import { monthsOf, plannedDaysBetween } from '../treatment/plan.ts';
import type { Course } from './course.ts';
import type { Random } from './random.ts';

/**
 * The stored months of a treated case's calendar (none before its first recorded day).
 * @example calendarOf(course, r) // [{ year: 2025, month: 3, days: '----DDDDDDDNDDDD…' }, …]
 */
export function calendarOf(c: Course, r: Random): StoredMonth[] {
  const tr = c.treatment;
  if (!tr || c.recordedTo === undefined || c.recordedTo < tr.ini) return [];
  const to = c.recordedTo;
  const planned = new Set(plannedDaysBetween(tr.prescriptions, tr.ini, to));
  // a case on treatment today may have missed a few doses lately (2–4 of the last 14 days)
  const missedLately = new Set<number>();
  if (c.state === 'ONTREATMENT' && r.chance(0.1)) for (let k = r.between(2, 4); k > 0; k--) missedLately.add(to - r.int(14));
  const code = (day: number) => {
    if (missedLately.has(day) || r.chance(0.02)) return 'N';
    if (day <= tr.intensiveEnd || c.classification !== 'TB') return 'D';
    return r.chance(0.45) ? 'S' : 'D';
  };
  const out: StoredMonth[] = [];
  for (const { year, month } of monthsOf({ ini: tr.ini, end: to })) {
    const first = dayOfYmd(year, month, 1);
    let days = '';
    for (let d = 0; d < daysInMonth(year, month); d++) days += planned.has(first + d) ? code(first + d) : '-';
    if (/[DSN]/.test(days)) out.push({ year, month, days });
  }
  return out;
}
