import { dayOf, dayOfYmd, isoOf } from '../../engine/day-numbers.ts';
import { isTaken } from '../treatment/days.ts';
import type { StoredMonth } from '../treatment/alert.ts';
import { plannedDaysBetween, type PlanPrescription } from '../treatment/plan.ts';

/**
 * Missed doses of the unit worklist: the planned intake days of the last
 * {@link MISSED_WINDOW_DAYS} days — today excluded, its dose may still come — inside the treatment
 * period, and of them those without a dose taken: marked NOT_TAKEN (`N`) or not recorded, as the
 * adherence alert counts them (`cases/treatment/alert.ts`). A day is planned when a prescription
 * covers it on one of its weekdays (`cases/treatment/plan.ts`). A case belongs to the list when at
 * least one planned day of the window has no dose taken. Its last dose is the last day taken up to
 * the window's end, however long ago (the worklist reads the latest earlier month holding one).
 *
 * @example
 *   // 7 doses a week since 1 March; today 20 March; 18 March not taken, 19 March not recorded
 *   missedDosesOf({ ini: '2026-03-01', end: '2026-08-31', today: '2026-03-20',
 *     prescriptions: [{ iniDate: '2026-03-01', endDate: '2026-08-31', frequency: 7 }],
 *     months: [{ year: 2026, month: 3, days: 'DDDDDDDDDDDDDDDDDN' }] })
 *   // { plannedDays: 14, notTaken: 1, notRecorded: 1, lastTaken: '2026-03-17' }
 */
export const MISSED_WINDOW_DAYS = 14;

export interface MissedDoses {
  /** Planned days of the window. */
  plannedDays: number;
  /** Of them: marked NOT_TAKEN, and not recorded. */
  notTaken: number;
  notRecorded: number;
  /**
   * The last day up to the window's end with a dose taken (ISO), or null: inside the window or before
   * it (a dose taken 30 days ago is the last one, not 'none'), as far back as `months` reach.
   */
  lastTaken: string | null;
}

export interface MissedDosesInput {
  /** The treatment period (ISO dates). */
  ini: string;
  end: string;
  prescriptions: PlanPrescription[];
  /** The calendar months stored for the case: at least the window's, and the latest earlier one with a dose taken. */
  months: StoredMonth[];
  /** ISO date. */
  today: string;
}

/** The window's counts, or null when no planned day of the window misses a dose. */
export function missedDosesOf(input: MissedDosesInput): MissedDoses | null {
  const today = dayOf(input.today);
  const lo = Math.max(dayOf(input.ini), today - MISSED_WINDOW_DAYS);
  const hi = Math.min(dayOf(input.end), today - 1);
  if (lo > hi) return null;
  // each stored month as its first day's number: a day's status is one subtraction away
  const months = input.months.map((m) => ({ first: dayOfYmd(m.year, m.month, 1), days: m.days }));
  const statusOn = (day: number): string => {
    for (const m of months) if (day >= m.first && day < m.first + m.days.length) return m.days[day - m.first];
    return '-';
  };
  let plannedDays = 0, notTaken = 0, notRecorded = 0;
  for (const day of plannedDaysBetween(input.prescriptions, lo, hi)) {
    plannedDays++;
    const s = statusOn(day);
    if (isTaken(s)) continue;
    if (s === 'N') notTaken++;
    else notRecorded++;
  }
  if (notTaken + notRecorded === 0) return null;
  const lastTaken = lastTakenBy(months, hi);
  return { plannedDays, notTaken, notRecorded, lastTaken: lastTaken === null ? null : isoOf(lastTaken) };
}

/** The latest day up to `hi` (a day number) marked taken in the months (each by its first day's number), or null. */
function lastTakenBy(months: { first: number; days: string }[], hi: number): number | null {
  let best: number | null = null;
  for (const m of months) {
    for (let i = Math.min(m.days.length - 1, hi - m.first); i >= 0; i--) {
      if (!isTaken(m.days[i])) continue;
      if (best === null || m.first + i > best) best = m.first + i;
      break;
    }
  }
  return best;
}
