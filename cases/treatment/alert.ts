import { addMonths, dayOf, dayOfYmd, isoOf } from '../../engine/day-numbers.ts';
import { isTaken } from './days.ts';
import type { TreatmentAlert } from './types.ts';

/**
 * The adherence alert. A case on treatment is marked when its intake calendar shows a
 * stretch of {@link MISSED_RUN_DAYS} or more days in a row, inside the treatment period and up to
 * today, without a dose taken (DOTS or SELF_ADMIN): days marked NOT_TAKEN and days not recorded
 * both count as missed. Also `monthsWithoutDoses`: whole months since the last dose taken (or the
 * start), up to today — two or more is WHO's LOST_FOLLOWUP, which the close dialog warns about.
 *
 * Lists read the rule from one column the treatment calls maintain, `tbcase.adherence_alert_from`
 * (see {@link alertFromOf}): the first day the alert holds unless a dose is recorded before it. Every
 * stretch except the last ends with a recorded dose, so only the last one grows with time, and the
 * alert is one comparison with today: {@link alertHolds} on the list's row — no join, no scan, whatever the number of
 * cases.
 *
 * @example
 *   // started 1 March, doses recorded up to 10 March, today 25 March: 15 days without a dose
 *   adherenceAlert({ ini: '2026-03-01', end: '2026-08-31', months: [{ year: 2026, month: 3, days: 'DDDDDDDDDD' }], today: '2026-03-25' })
 *   // { missedRun: true, longestMissedDays: 15, monthsWithoutDoses: 0, alertFrom: '2026-03-24' }
 */
export const MISSED_RUN_DAYS = 14;

/** Months without a dose from which the close dialog warns (WHO: LOST_FOLLOWUP). */
export const LOST_FOLLOWUP_MONTHS = 2;

/** A stored month of the calendar (`adherence` row): one character a day (`days.ts`). */
export interface StoredMonth {
  year: number;
  month: number;
  days: string;
}

export interface AlertInput {
  /** The treatment period, ISO dates. */
  ini: string;
  end: string;
  months: StoredMonth[];
  /** ISO date; for a closed case, its outcome date. */
  today: string;
}

/** The days (day numbers, ascending) a dose was taken inside [ini, end]. */
function takenDays(months: StoredMonth[], ini: number, end: number): number[] {
  const out: number[] = [];
  for (const m of months) {
    const first = dayOfYmd(m.year, m.month, 1);
    for (let i = 0; i < m.days.length; i++) {
      const day = first + i;
      if (day >= ini && day <= end && isTaken(m.days[i])) out.push(day);
    }
  }
  return out.sort((a, b) => a - b);
}

/**
 * The alert of a treatment, and `alertFrom`: the ISO date stored in `tbcase.adherence_alert_from`
 * (null when no alert can come: the period ends before a stretch could reach 14 days).
 */
export function adherenceAlert(x: AlertInput): TreatmentAlert & { alertFrom: string | null } {
  const ini = dayOf(x.ini);
  const end = dayOf(x.end);
  const today = dayOf(x.today);
  let prev = ini - 1; // the last day with a dose, or the day before the start
  let longest = 0;
  let firstAlert: number | null = null;
  for (const day of takenDays(x.months, ini, end)) {
    const gap = day - prev - 1;
    if (gap >= MISSED_RUN_DAYS && firstAlert === null) firstAlert = prev + MISSED_RUN_DAYS;
    longest = Math.max(longest, gap);
    prev = day;
  }
  const tailEnd = Math.min(today, end);
  const tail = Math.max(0, tailEnd - prev);
  longest = Math.max(longest, tail);
  const alertFrom = firstAlert ?? (prev + MISSED_RUN_DAYS <= end ? prev + MISSED_RUN_DAYS : null);
  let months = 0;
  if (tail > 0) while (dayOf(addMonths(isoOf(prev + 1), months + 1)) <= tailEnd + 1) months++;
  return {
    missedRun: longest >= MISSED_RUN_DAYS,
    longestMissedDays: longest,
    monthsWithoutDoses: months,
    alertFrom: alertFrom === null ? null : isoOf(alertFrom),
  };
}

/**
 * `alertFromOf` as stored: the alert's first day for a treatment's period and calendar.
 * @example alertFromOf({ ini: '2026-03-01', end: '2026-08-31', months: [] }) // '2026-03-14'
 */
export const alertFromOf = (x: Omit<AlertInput, 'today'>): string | null => adherenceAlert({ ...x, today: x.ini }).alertFrom;

/**
 * Whether the alert holds on `today` (ISO date) for a case row that carries its state and
 * `adherenceAlertFrom` (a list's row: `x-list.columns` of tbcase.json): on treatment, and the day the
 * stored stretch reaches 14 days has come.
 * @example alertHolds({ state: 'ONTREATMENT', adherenceAlertFrom: '2026-03-24' }, '2026-03-24') // true
 * @example alertHolds({ state: 'ONTREATMENT', adherenceAlertFrom: '2026-03-24' }, '2026-03-23') // false
 */
export const alertHolds = (row: { state?: unknown; adherenceAlertFrom?: unknown }, today: string): boolean =>
  row.state === 'ONTREATMENT' && typeof row.adherenceAlertFrom === 'string' && row.adherenceAlertFrom <= today;

// Stryker disable all: SQL text, run against the database by the treatment benchmark
/** {@link alertHolds} as plain SQL text over `tbcase t` (today: the database's date), for a hand-written query. */
export const ALERT_SQL_TEXT = `(t.state = 'ONTREATMENT' and t.adherence_alert_from is not null and t.adherence_alert_from <= current_date)`;
// Stryker restore all
