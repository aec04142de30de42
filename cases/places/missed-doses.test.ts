// Missed doses of the unit worklist, from the rule's definition (missed-doses.ts): the planned days
// of the 14 days before today inside the treatment period; a case is listed when one of them has no
// dose taken (NOT_TAKEN or not recorded). Today 2026-03-20 (a Friday); the window is 6…19 March.
import { describe, expect, it } from 'vitest';
import { missedDosesOf, type MissedDosesInput } from './missed-doses.ts';

const TODAY = '2026-03-20';
/** A March calendar with `marks` (day → code) and every other day as given by `rest`. */
const march = (marks: Record<number, string> = {}, rest = '-') => ({
  year: 2026, month: 3, days: Array.from({ length: 31 }, (_, i) => marks[i + 1] ?? rest).join(''),
});
const daily = (iniDate = '2026-01-01', endDate = '2026-12-31', frequency = 7) => [{ iniDate, endDate, frequency }];
const input = (over: Partial<MissedDosesInput>): MissedDosesInput => ({
  ini: '2026-01-01', end: '2026-12-31', prescriptions: daily(), months: [], today: TODAY, ...over,
});

describe('missed doses in the last 14 days', () => {
  it('every planned day of the window taken (DOTS or self-administered): not listed', () => {
    expect(missedDosesOf(input({ months: [march({ 6: 'S', 19: 'S' }, 'D')] }))).toBeNull();
  });

  it('one day marked not taken, the rest taken: listed with 1 not taken of 14', () => {
    expect(missedDosesOf(input({ months: [march({ 12: 'N' }, 'D')] }))).toEqual({ plannedDays: 14, notTaken: 1, notRecorded: 0, lastTaken: '2026-03-19' });
  });

  it.each([
    ['the day before the window (5 March)', 5, null],
    ['the window’s first day (6 March)', 6, { plannedDays: 14, notTaken: 0, notRecorded: 1, lastTaken: '2026-03-19' }],
    ['the window’s last day (19 March, yesterday)', 19, { plannedDays: 14, notTaken: 0, notRecorded: 1, lastTaken: '2026-03-18' }],
    ['today (20 March: its dose may still come)', 20, null],
  ])('a day not recorded on %s', (_, day, expected) => {
    expect(missedDosesOf(input({ months: [march({ [day]: '-' }, 'D')] }))).toEqual(expected);
  });

  it('nothing recorded at all: every planned day counts as not recorded, no last dose', () => {
    expect(missedDosesOf(input({ months: [] }))).toEqual({ plannedDays: 14, notTaken: 0, notRecorded: 14, lastTaken: null });
  });

  it('the last dose is the last day taken however long ago: before the window in its first month, or in an earlier month', () => {
    // nothing taken in the window (6…19 March); 2 March taken: the last dose, not 'none'
    expect(missedDosesOf(input({ months: [march({ 2: 'D' })] }))).toEqual({ plannedDays: 14, notTaken: 0, notRecorded: 14, lastTaken: '2026-03-02' });
    // March not recorded at all, January's last day self-administered (February holds none)
    const jan = { year: 2026, month: 1, days: 'S'.repeat(31) };
    expect(missedDosesOf(input({ months: [jan, march()] }))).toEqual({ plannedDays: 14, notTaken: 0, notRecorded: 14, lastTaken: '2026-01-31' });
    // a dose marked today (20 March) is after the window: not its last dose
    expect(missedDosesOf(input({ months: [march({ 20: 'D' })] }))?.lastTaken).toBeNull();
    // a day marked not taken is no dose
    expect(missedDosesOf(input({ months: [march({ 2: 'D', 4: 'N' })] }))?.lastTaken).toBe('2026-03-02');
  });

  it('a window across two months reads each day from its own month', () => {
    // today 5 March: the window is 19 February … 4 March; February all taken, March 1–4 not recorded
    const feb = { year: 2026, month: 2, days: 'D'.repeat(28) };
    expect(missedDosesOf(input({ today: '2026-03-05', months: [feb] }))).toEqual({ plannedDays: 14, notTaken: 0, notRecorded: 4, lastTaken: '2026-02-28' });
  });

  it('only planned days count: five doses a week plans no weekend day', () => {
    // 6…19 March 2026: two weeks, so 10 weekdays; every weekday taken, weekends not recorded
    const weekdaysTaken = march(Object.fromEntries([7, 8, 14, 15].map((d) => [d, '-'])), 'D');
    expect(missedDosesOf(input({ prescriptions: daily(undefined, undefined, 5), months: [weekdaysTaken] }))).toBeNull();
    expect(missedDosesOf(input({ prescriptions: daily(undefined, undefined, 5), months: [march({ 9: 'N' }, 'D')] }))).toEqual({ plannedDays: 10, notTaken: 1, notRecorded: 0, lastTaken: '2026-03-19' });
  });

  it('only the treatment period counts: a treatment that started on 16 March plans 4 days of the window', () => {
    expect(missedDosesOf(input({ ini: '2026-03-16', prescriptions: daily('2026-03-16'), months: [march({ 17: 'N' }, 'D')] }))).toEqual({ plannedDays: 4, notTaken: 1, notRecorded: 0, lastTaken: '2026-03-19' });
  });

  it('a treatment that ended before the window, or starts today, is not listed', () => {
    expect(missedDosesOf(input({ end: '2026-03-05', prescriptions: daily('2026-01-01', '2026-03-05') }))).toBeNull();
    expect(missedDosesOf(input({ ini: TODAY, prescriptions: daily(TODAY) }))).toBeNull();
  });

  it('a day no prescription covers is not planned: a gap between two prescriptions', () => {
    const gap = [...daily('2026-01-01', '2026-03-09'), ...daily('2026-03-16', '2026-12-31')];
    // 10…15 March unplanned and unrecorded; the other days taken
    expect(missedDosesOf(input({ prescriptions: gap, months: [march(Object.fromEntries([10, 11, 12, 13, 14, 15].map((d) => [d, '-'])), 'D')] }))).toBeNull();
  });
});
