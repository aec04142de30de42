// The adherence alert (alert.ts), at and around its boundaries: a run of 13 / 14 / 15 days without a
// dose (between two doses, and up to today), the day the alert starts, the end of the treatment
// period, and the two whole months without a dose that WHO calls lost to follow-up
// (who-tb-reporting.md: "interrupted treatment for 2 consecutive months or more").
import { describe, expect, it } from 'vitest';
import { adherenceAlert, alertFromOf, alertHolds } from './alert.ts';

/** March 2026 (31 days): a dose on the 1st, `missed` days without one, then a dose every day to the 31st. */
const march = (missed: number, mark = '-') => ({ year: 2026, month: 3, days: 'D' + mark.repeat(missed) + 'D'.repeat(30 - missed) });
const period = { ini: '2026-03-01', end: '2026-08-31' };

describe('a run of days without a dose between two doses', () => {
  it.each([
    // missed days, alert, longest run, the alert's first day: the 14th day without a dose (1 March + 14)
    // or, with no such run, 14 days after the last dose (31 March + 14)
    [13, false, 13, '2026-04-14'],
    [14, true, 14, '2026-03-15'],
    [15, true, 15, '2026-03-15'],
  ])('%i days without a dose: alert %s, longest run %i, the alert from %s', (missed, alert, longest, from) => {
    const a = adherenceAlert({ ...period, months: [march(missed)], today: '2026-03-31' });
    expect(a).toEqual({ missedRun: alert, longestMissedDays: longest, monthsWithoutDoses: 0, alertFrom: from });
    expect(alertFromOf({ ...period, months: [march(missed)] })).toBe(from);
  });

  it('a day marked not taken counts as missed, like a day not recorded', () => {
    expect(adherenceAlert({ ...period, months: [march(14, 'N')], today: '2026-03-31' }))
      .toEqual({ missedRun: true, longestMissedDays: 14, monthsWithoutDoses: 0, alertFrom: '2026-03-15' });
  });

  it('a self-administered dose counts as taken, like a DOTS dose', () => {
    const days = 'S' + '-'.repeat(13) + 'S'.repeat(17);
    expect(adherenceAlert({ ...period, months: [{ year: 2026, month: 3, days }], today: '2026-03-31' }))
      .toEqual({ missedRun: false, longestMissedDays: 13, monthsWithoutDoses: 0, alertFrom: '2026-04-14' });
  });

  it('only the first run of 14 days sets the alert’s first day', () => {
    // missed 2–15 March and 17–31 March, doses again from 1 April: the alert starts on 15 March, the longest run is 15 days
    const days = 'D' + '-'.repeat(14) + 'D' + '-'.repeat(15);
    const months = [{ year: 2026, month: 3, days }, { year: 2026, month: 4, days: 'D'.repeat(30) }];
    expect(adherenceAlert({ ...period, months, today: '2026-04-30' }))
      .toEqual({ missedRun: true, longestMissedDays: 15, monthsWithoutDoses: 0, alertFrom: '2026-03-15' });
  });

  it('reads the months in date order, whatever order they are stored in', () => {
    // doses 1–10 March and all April: 21 days without one (11–31 March), the alert from 24 March
    const months = [{ year: 2026, month: 4, days: 'D'.repeat(30) }, { year: 2026, month: 3, days: 'D'.repeat(10) }];
    expect(adherenceAlert({ ...period, months, today: '2026-04-30' }))
      .toEqual({ missedRun: true, longestMissedDays: 21, monthsWithoutDoses: 0, alertFrom: '2026-03-24' });
  });
});

describe('days without a dose up to today', () => {
  it.each([
    // no dose since the start on 1 March: today is the n-th day without one
    ['2026-03-13', false, 13],
    ['2026-03-14', true, 14],
    ['2026-03-15', true, 15],
  ])('today %s: alert %s after %i days; the alert from 14 March whatever today is', (today, alert, longest) => {
    expect(adherenceAlert({ ...period, months: [], today })).toEqual({ missedRun: alert, longestMissedDays: longest, monthsWithoutDoses: 0, alertFrom: '2026-03-14' });
  });

  it('counts from the last dose: a dose on 10 March, today 24 March is the 14th day without one', () => {
    const days = 'D'.repeat(10);
    expect(adherenceAlert({ ...period, months: [{ year: 2026, month: 3, days }], today: '2026-03-23' }))
      .toMatchObject({ missedRun: false, longestMissedDays: 13, alertFrom: '2026-03-24' });
    expect(adherenceAlert({ ...period, months: [{ year: 2026, month: 3, days }], today: '2026-03-24' }))
      .toMatchObject({ missedRun: true, longestMissedDays: 14, alertFrom: '2026-03-24' });
  });

  it('stops counting at the end of the treatment period', () => {
    // period 1–20 March, today 31 March: 20 days without a dose, not 31
    expect(adherenceAlert({ ini: '2026-03-01', end: '2026-03-20', months: [], today: '2026-03-31' }))
      .toMatchObject({ missedRun: true, longestMissedDays: 20 });
  });

  it('a dose recorded before the period does not count: days are counted from the start', () => {
    const feb = { year: 2026, month: 2, days: 'D'.repeat(20) }; // doses 1–20 February
    expect(adherenceAlert({ ...period, months: [feb], today: '2026-03-14' })).toEqual({ missedRun: true, longestMissedDays: 14, monthsWithoutDoses: 0, alertFrom: '2026-03-14' });
  });

  it('a dose recorded after the period does not count: the run stops at its end', () => {
    // period 1–20 March, a dose on 1 March and one on 10 April: 19 days without a dose (2–20 March)
    const months = [{ year: 2026, month: 3, days: 'D' }, { year: 2026, month: 4, days: '-'.repeat(9) + 'D' }];
    expect(adherenceAlert({ ini: '2026-03-01', end: '2026-03-20', months, today: '2026-04-30' }))
      .toEqual({ missedRun: true, longestMissedDays: 19, monthsWithoutDoses: 0, alertFrom: '2026-03-15' });
  });

  it('a dose on the last day of the period counts', () => {
    // period 1–20 March, a dose every day of March: nothing missed, and no alert can come after the end
    expect(adherenceAlert({ ini: '2026-03-01', end: '2026-03-20', months: [{ year: 2026, month: 3, days: 'D'.repeat(31) }], today: '2026-03-31' }))
      .toEqual({ missedRun: false, longestMissedDays: 0, monthsWithoutDoses: 0, alertFrom: null });
  });
});

describe('the alert’s first day and the end of the period', () => {
  it.each([
    // a period of 14 days can reach a run of 14; a period of 13 never can (no alert date)
    ['2026-03-14', '2026-03-14'],
    ['2026-03-13', null],
  ])('a period ending %s without a dose: the alert from %s', (end, from) => {
    expect(alertFromOf({ ini: '2026-03-01', end, months: [] })).toBe(from);
  });

  it('after the last dose, an alert only if 14 days fit before the end', () => {
    const days = 'D'.repeat(17); // doses 1–17 March
    expect(alertFromOf({ ini: '2026-03-01', end: '2026-03-31', months: [{ year: 2026, month: 3, days }] })).toBe('2026-03-31');
    expect(alertFromOf({ ini: '2026-03-01', end: '2026-03-30', months: [{ year: 2026, month: 3, days }] })).toBe(null);
  });
});

describe('whole months without a dose (WHO lost to follow-up: 2 consecutive months or more)', () => {
  it.each([
    // no dose since the start on 1 March
    ['2026-03-30', 0],
    ['2026-03-31', 1],
    ['2026-04-29', 1],
    ['2026-04-30', 2],
    ['2026-05-31', 3],
  ])('today %s: %i whole months', (today, months) => {
    expect(adherenceAlert({ ...period, months: [], today }).monthsWithoutDoses).toBe(months);
  });

  it('counts from the day after the last dose', () => {
    const days = 'D'.repeat(15); // the last dose on 15 March: months from 16 March
    const months = [{ year: 2026, month: 3, days }];
    expect(adherenceAlert({ ...period, months, today: '2026-05-14' }).monthsWithoutDoses).toBe(1);
    expect(adherenceAlert({ ...period, months, today: '2026-05-15' }).monthsWithoutDoses).toBe(2);
  });

  it('is 0 with a dose today', () => {
    expect(adherenceAlert({ ...period, months: [{ year: 2026, month: 3, days: 'D'.repeat(31) }], today: '2026-03-31' }).monthsWithoutDoses).toBe(0);
  });
});

describe('the alert on a list row: on treatment, and its first day has come', () => {
  it.each([
    // state, the stored first day, today, alert
    ['ONTREATMENT', '2026-03-24', '2026-03-23', false], // the day before
    ['ONTREATMENT', '2026-03-24', '2026-03-24', true], // the day itself
    ['ONTREATMENT', '2026-03-24', '2026-04-02', true], // later
    ['ONTREATMENT', null, '2026-04-02', false], // no alert can come
    ['CLOSED', '2026-03-24', '2026-04-02', false], // treatment over
    ['NOT_ONTREATMENT', '2026-03-24', '2026-04-02', false],
  ])('%s, from %s, on %s: %s', (state, adherenceAlertFrom, today, alert) => {
    expect(alertHolds({ state, adherenceAlertFrom }, today)).toBe(alert);
  });
});
