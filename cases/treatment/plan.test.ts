// Planned intake days (cases/treatment/plan.ts): n doses a week plan fixed weekdays
// (1: Mon; 2: Mon, Thu; 3: Mon, Wed, Fri; 4: Mon, Tue, Thu, Fri; 5: Mon–Fri; 6: Mon–Sat; 7: every
// day), inside the prescription's dates and the treatment period, both ends included.
// March 2026: Sunday 1, Monday 2 … Sunday 8, Monday 9 … Tuesday 31.
import { describe, expect, it } from 'vitest';
import { dayOf } from '../../engine/day-numbers.ts';
import { monthsOf, plannedCount, plannedInMonth } from './plan.ts';

const march = { ini: dayOf('2026-03-01'), end: dayOf('2026-03-31') };
const week = (frequency: number) => [{ iniDate: '2026-03-02', endDate: '2026-03-08', frequency }];

describe('plannedInMonth', () => {
  it.each<[number, number[]]>([
    [1, [2]],
    [2, [2, 5]],
    [3, [2, 4, 6]],
    [4, [2, 3, 5, 6]],
    [5, [2, 3, 4, 5, 6]],
    [6, [2, 3, 4, 5, 6, 7]],
    [7, [2, 3, 4, 5, 6, 7, 8]],
    [0, [2, 3, 4, 5, 6, 7, 8]], // a frequency not in the table: every day
  ])('%i doses a week, Monday 2 to Sunday 8 March: days %j', (frequency, days) => expect(plannedInMonth(week(frequency), march, 2026, 3)).toEqual(days));

  it('counts a prescription’s first and last day', () => {
    expect(plannedInMonth([{ iniDate: '2026-03-10', endDate: '2026-03-12', frequency: 7 }], march, 2026, 3)).toEqual([10, 11, 12]);
  });

  it('plans nothing outside the treatment period, its ends included', () => {
    const daily = [{ iniDate: '2026-03-01', endDate: '2026-03-31', frequency: 7 }];
    expect(plannedInMonth(daily, { ini: dayOf('2026-03-10'), end: dayOf('2026-03-12') }, 2026, 3)).toEqual([10, 11, 12]);
    expect(plannedInMonth(daily, { ini: dayOf('2026-04-01'), end: dayOf('2026-04-30') }, 2026, 3)).toEqual([]);
  });

  it('plans a day any prescription plans', () => {
    const two = [...week(5), { iniDate: '2026-03-09', endDate: '2026-03-15', frequency: 1 }];
    expect(plannedInMonth(two, march, 2026, 3)).toEqual([2, 3, 4, 5, 6, 9]);
  });

  it('runs to the month’s last day: 28 in February 2026, 29 in 2024, 31 in March', () => {
    const daily = (y: number) => [{ iniDate: `${y}-01-01`, endDate: `${y}-12-31`, frequency: 7 }];
    const year = (y: number) => ({ ini: dayOf(`${y}-01-01`), end: dayOf(`${y}-12-31`) });
    expect(plannedInMonth(daily(2026), year(2026), 2026, 2)).toHaveLength(28);
    expect(plannedInMonth(daily(2024), year(2024), 2024, 2)).toHaveLength(29);
    expect(plannedInMonth(daily(2026), year(2026), 2026, 3).at(-1)).toBe(31);
  });
});

describe('plannedCount', () => {
  it.each<[string, number, string, string, number]>([
    ['every day, Monday to Sunday', 7, '2026-03-02', '2026-03-08', 7],
    ['five a week, Monday to Sunday', 5, '2026-03-02', '2026-03-08', 5],
    ['five a week, Saturday to Sunday', 5, '2026-03-07', '2026-03-08', 0],
    ['one Monday', 1, '2026-03-02', '2026-03-02', 1],
    ['the day before the prescription', 7, '2026-03-01', '2026-03-01', 0],
    ['the day after it', 7, '2026-03-09', '2026-03-09', 0],
    ['a range wider than it', 7, '2026-02-20', '2026-03-20', 7],
  ])('%s', (_, frequency, from, to, n) => expect(plannedCount(week(frequency), dayOf(from), dayOf(to))).toBe(n));
});

describe('monthsOf', () => {
  it.each<[string, string, string, { year: number; month: number }[]]>([
    ['one day', '2026-03-15', '2026-03-15', [{ year: 2026, month: 3 }]],
    ['the last day of one month to the first of the next', '2026-03-31', '2026-04-01', [{ year: 2026, month: 3 }, { year: 2026, month: 4 }]],
    ['across the new year', '2025-11-15', '2026-02-01', [{ year: 2025, month: 11 }, { year: 2025, month: 12 }, { year: 2026, month: 1 }, { year: 2026, month: 2 }]],
    ['to the last day of a year', '2025-11-15', '2025-12-31', [{ year: 2025, month: 11 }, { year: 2025, month: 12 }]],
    ['an end before the start', '2026-03-15', '2026-03-14', []],
  ])('%s', (_, ini, end, months) => expect(monthsOf({ ini: dayOf(ini), end: dayOf(end) })).toEqual(months));
});
