import { describe, expect, it } from 'vitest';
import { allowedRange, monthAdherence, clickDay, percentOf, sameDays, selectAll, type DayEntry } from './calendar.ts';

describe('a click on a calendar day', () => {
  const days: DayEntry[] = [
    { day: 2, status: 'DOTS' },
    { day: 5, status: 'SELF_ADMIN' },
  ];

  it('sets the chosen status on an empty day, in day order', () => {
    expect(clickDay(days, 3, 'NOT_TAKEN')).toEqual([
      { day: 2, status: 'DOTS' },
      { day: 3, status: 'NOT_TAKEN' },
      { day: 5, status: 'SELF_ADMIN' },
    ]);
  });

  it('replaces another status with the chosen one', () => {
    expect(clickDay(days, 5, 'DOTS')).toEqual([
      { day: 2, status: 'DOTS' },
      { day: 5, status: 'DOTS' },
    ]);
  });

  it('clears a day that has the chosen status', () => {
    expect(clickDay(days, 2, 'DOTS')).toEqual([{ day: 5, status: 'SELF_ADMIN' }]);
  });

  it('leaves the given list alone', () => {
    clickDay(days, 2, 'DOTS');
    expect(days).toHaveLength(2);
  });
});

describe("'select all'", () => {
  it('sets every day of the range and keeps the days outside it', () => {
    const result = selectAll([{ day: 1, status: 'NOT_TAKEN' }, { day: 4, status: 'DOTS' }, { day: 9, status: 'SELF_ADMIN' }], { from: 3, to: 6 }, 'SELF_ADMIN');
    expect(result).toEqual([
      { day: 1, status: 'NOT_TAKEN' },
      { day: 3, status: 'SELF_ADMIN' },
      { day: 4, status: 'SELF_ADMIN' },
      { day: 5, status: 'SELF_ADMIN' },
      { day: 6, status: 'SELF_ADMIN' },
      { day: 9, status: 'SELF_ADMIN' },
    ]);
  });
});

describe('the days that may be marked', () => {
  const month = { year: 2026, month: 2, iniDay: 10, endDay: 28 };

  it('are the treatment days of a past month', () => {
    expect(allowedRange(month, '2026-05-01')).toEqual({ from: 10, to: 28 });
  });

  it('stop at today in the current month', () => {
    expect(allowedRange(month, '2026-02-20')).toEqual({ from: 10, to: 20 });
  });

  it('are none in a future month, or before the treatment starts', () => {
    expect(allowedRange(month, '2026-01-31')).toBeNull();
    expect(allowedRange(month, '2026-02-05')).toBeNull();
  });

  it('never pass the end of the month', () => {
    expect(allowedRange({ year: 2026, month: 4, iniDay: 1, endDay: 31 }, '2027-01-01')).toEqual({ from: 1, to: 30 });
  });
});

describe('adherence', () => {
  it('counts the days not NOT_TAKEN against the planned days', () => {
    const days: DayEntry[] = [
      { day: 1, status: 'DOTS' },
      { day: 2, status: 'SELF_ADMIN' },
      { day: 3, status: 'NOT_TAKEN' },
      { day: 4, status: 'DOTS' },
    ];
    const planned = [1, 2, 3, 4, 5, 6, 7, 8];
    expect(monthAdherence({ year: 2026, month: 3, planned, days }, '2026-03-31')).toEqual({ plannedDays: 8, takenDays: 3, percent: 38 });
  });

  it('is none with nothing planned and never above 100', () => {
    expect(percentOf(3, 0)).toBeNull();
    expect(percentOf(9, 7)).toBe(100);
  });

  it('two lists with the same statuses in another order are the same', () => {
    expect(sameDays([{ day: 2, status: 'DOTS' }, { day: 1, status: 'DOTS' }], [{ day: 1, status: 'DOTS' }, { day: 2, status: 'DOTS' }])).toBe(true);
    expect(sameDays([{ day: 1, status: 'DOTS' }], [{ day: 1, status: 'SELF_ADMIN' }])).toBe(false);
  });
});
