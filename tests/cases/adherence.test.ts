// The month's adherence counts only the planned days that have come (cases/treatment/adherence.ts):
// a month half gone with every dose taken is 100%, not the share of the whole month.
import { describe, expect, it } from 'vitest';
import { daysGone, monthAdherence, percentOf } from '../../cases/treatment/adherence.ts';
import type { DayEntry } from '../../cases/treatment/types.ts';

const range = (from: number, to: number, status: DayEntry['status'] = 'DOTS'): DayEntry[] => Array.from({ length: to - from + 1 }, (_, i) => ({ day: from + i, status }));
const march = (planned: number[], days: DayEntry[]) => ({ year: 2026, month: 3, planned, days });
const everyDay = range(1, 31).map((d) => d.day);

describe('percentOf: taken out of planned, a whole percentage', () => {
  it.each<[number, number, number | null]>([
    [17, 20, 85],
    [2, 3, 67], // 66.7 rounds up
    [1, 3, 33], // 33.3 rounds down
    [1, 200, 1], // 0.5 rounds up
    [1, 201, 0], // 0.497 rounds down
    [0, 5, 0],
    [5, 5, 100],
    [6, 5, 100], // more doses recorded than planned: never above 100
    [0, 0, null], // nothing planned yet: no percentage, not 0 %
    [3, 0, null],
  ])('%i of %i: %s', (taken, planned, percent) => expect(percentOf(taken, planned)).toBe(percent));
});

describe('daysGone', () => {
  it.each([
    ['2025-03-31', 0], // a year before
    ['2026-02-28', 0], // the month has not begun
    ['2026-03-01', 1],
    ['2026-03-15', 15],
    ['2026-03-31', 31],
    ['2026-04-01', 31], // a month behind counts whole
    ['2027-01-10', 31],
    ['2026-03-15T23:30:00Z', 15], // a date-time: its day
  ])('March 2026 on %s: through day %i', (today, through) => expect(daysGone(2026, 3, today)).toBe(through));
});

describe('monthAdherence', () => {
  it.each([
    ['half gone, every dose taken', everyDay, range(1, 15), '2026-03-15', { plannedDays: 15, takenDays: 15, percent: 100 }],
    ['half gone, one dose missed', everyDay, [...range(1, 14), { day: 15, status: 'NOT_TAKEN' as const }], '2026-03-15', { plannedDays: 15, takenDays: 14, percent: 93 }],
    ['the first day, taken', everyDay, range(1, 1), '2026-03-01', { plannedDays: 1, takenDays: 1, percent: 100 }],
    ['the first day, not yet recorded', everyDay, [], '2026-03-01', { plannedDays: 1, takenDays: 0, percent: 0 }],
    ['not begun', everyDay, [], '2026-02-28', { plannedDays: 0, takenDays: 0, percent: null }],
    ['the whole month gone, half taken', everyDay, range(1, 15), '2026-04-02', { plannedDays: 31, takenDays: 15, percent: 48 }],
    ['weekdays only (5/7): planned days to Friday 13th', [2, 3, 4, 5, 6, 9, 10, 11, 12, 13, 16], range(2, 13), '2026-03-13', { plannedDays: 10, takenDays: 12, percent: 100 }],
    ['doses recorded ahead of today do not count yet', everyDay, range(1, 20), '2026-03-15', { plannedDays: 15, takenDays: 15, percent: 100 }],
    ['SELF_ADMIN counts as taken', everyDay, range(1, 10, 'SELF_ADMIN'), '2026-03-10', { plannedDays: 10, takenDays: 10, percent: 100 }],
  ])('%s', (_, planned, days, today, expected) => expect(monthAdherence(march(planned, days), today)).toEqual(expected));
});
