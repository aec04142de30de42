import { dayOf, dayOfYmd, daysInMonth, weekday, ymOf } from '../../engine/day-numbers.ts';

/**
 * Planned intake days: a prescription with a frequency of n doses a week plans
 * the weekdays of {@link WEEKDAYS}[n] between its dates; a day of the treatment period is planned
 * when any prescription plans it.
 *
 * @example
 *   const p = [{ iniDate: '2026-03-02', endDate: '2026-03-08', frequency: 5 }]; // Mon 2 … Sun 8 March
 *   plannedInMonth(p, { ini: dayOf('2026-03-02'), end: dayOf('2026-03-31') }, 2026, 3) // [2, 3, 4, 5, 6]
 */

/** ISO weekdays (1 Monday … 7 Sunday) a frequency of n doses a week plans. */
export const WEEKDAYS: Record<number, number[]> = {
  1: [1],
  2: [1, 4],
  3: [1, 3, 5],
  4: [1, 2, 4, 5],
  5: [1, 2, 3, 4, 5],
  6: [1, 2, 3, 4, 5, 6],
  7: [1, 2, 3, 4, 5, 6, 7],
};

export interface PlanPrescription {
  iniDate: string;
  endDate: string;
  frequency: number;
}

/** A period as day numbers, both ends included. */
export interface DayRange {
  ini: number;
  end: number;
}

interface Compiled {
  ini: number;
  end: number;
  days: Set<number>;
}

const compile = (ps: PlanPrescription[]): Compiled[] =>
  ps.map((p) => ({ ini: dayOf(p.iniDate), end: dayOf(p.endDate), days: new Set(WEEKDAYS[p.frequency] ?? WEEKDAYS[7]) }));

const planned = (cs: Compiled[], day: number) => cs.some((c) => day >= c.ini && day <= c.end && c.days.has(weekday(day)));

/** The planned days (1…31) of a month, inside the treatment period. */
export function plannedInMonth(ps: PlanPrescription[], period: DayRange, year: number, month: number): number[] {
  const cs = compile(ps);
  const out: number[] = [];
  const first = dayOfYmd(year, month, 1);
  for (let d = 1; d <= daysInMonth(year, month); d++) {
    const day = first + d - 1;
    if (day >= period.ini && day <= period.end && planned(cs, day)) out.push(d);
  }
  return out;
}

/** The planned days from `from` to `to` (day numbers, included), ascending. */
export function plannedDaysBetween(ps: PlanPrescription[], from: number, to: number): number[] {
  const cs = compile(ps);
  const out: number[] = [];
  for (let day = from; day <= to; day++) if (planned(cs, day)) out.push(day);
  return out;
}

/** How many days from `from` to `to` (day numbers, included) are planned. */
export const plannedCount = (ps: PlanPrescription[], from: number, to: number): number => plannedDaysBetween(ps, from, to).length;

/** The calendar months a period spans, first to last. */
export function monthsOf(period: DayRange): { year: number; month: number }[] {
  const out: { year: number; month: number }[] = [];
  if (period.end < period.ini) return out;
  let { year, month } = ymOf(period.ini);
  const last = ymOf(period.end);
  while (year < last.year || (year === last.year && month <= last.month)) {
    out.push({ year, month });
    month === 12 ? ((month = 1), year++) : month++;
  }
  return out;
}
