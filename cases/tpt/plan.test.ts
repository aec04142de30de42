// A TPT course's calendar at its edges: 3HP's weekly days stop at its twelfth dose, a
// daily regimen plans each day of its weeks, doses count from the start to the completion deadline
// (both included), and the worklist's missed doses look at the 14 days before today.
import { describe, expect, it } from 'vitest';
import { calendarSpan, dosesTaken, missedTptDoses, plannedCount, plannedInMonth } from './plan.ts';
import { dayOf } from '../../engine/day-numbers.ts';

const weekly = { frequency: 'WEEKLY' as const, weeks: 12, windowWeeks: 16 };
const daily1HP = { frequency: 'DAILY' as const, weeks: 4, windowWeeks: 6 };
/** A month string with the given days (1-based) marked. */
const month = (length: number, marks: Record<number, string>) => Array.from({ length }, (_, i) => marks[i + 1] ?? '-').join('');

describe('planned days', () => {
  it('plans 3HP on the start’s weekday: Mondays of March 2026 from the 2nd', () => {
    expect(plannedInMonth('2026-03-02', weekly, 2026, 3)).toEqual([2, 9, 16, 23, 30]);
  });
  it('stops after the twelfth weekly dose (18 May), not on 25 May', () => {
    expect(plannedInMonth('2026-03-02', weekly, 2026, 5)).toEqual([4, 11, 18]);
    expect(plannedCount('2026-03-02', weekly, dayOf('2026-03-01'), dayOf('2026-12-31'))).toBe(12);
  });
  it('plans each of 1HP’s 28 days, the last on 29 March', () => {
    const march = plannedInMonth('2026-03-02', daily1HP, 2026, 3);
    expect(march[0]).toBe(2);
    expect(march.at(-1)).toBe(29);
    expect(march).toHaveLength(28);
  });
  it('shows the calendar to the completion deadline: 16 weeks from 2 March end on 21 June', () => {
    const span = calendarSpan('2026-03-02', weekly);
    expect(span.end - span.ini + 1).toBe(112);
    expect(span.end).toBe(dayOf('2026-06-21'));
  });
});

describe('doses taken towards completion', () => {
  it('counts the start and the deadline, not the day before nor the day after', () => {
    const months = [
      { year: 2026, month: 3, days: month(31, { 1: 'D', 2: 'D', 9: 'S', 16: 'N' }) },
      { year: 2026, month: 6, days: month(30, { 21: 'D', 22: 'D' }) },
    ];
    expect(dosesTaken(months, '2026-03-02', weekly)).toBe(3); // 2 and 9 March, 21 June
  });
});

describe('missed doses of the last 14 days', () => {
  it('on Monday 16 March: 2 and 9 March are planned, today is not counted', () => {
    const months = [{ year: 2026, month: 3, days: month(31, { 2: 'D', 9: 'N' }) }];
    expect(missedTptDoses({ startDate: '2026-03-02', regimen: weekly, months, today: '2026-03-16' })).toEqual({ plannedDays: 2, notTaken: 1, notRecorded: 0 });
  });
  it('on 17 March the window starts on the 3rd: 9 March not taken, 16 March not recorded', () => {
    const months = [{ year: 2026, month: 3, days: month(31, { 2: 'N', 9: 'N' }) }];
    expect(missedTptDoses({ startDate: '2026-03-02', regimen: weekly, months, today: '2026-03-17' })).toEqual({ plannedDays: 2, notTaken: 1, notRecorded: 1 });
  });
  it('lists nothing when every planned day of the window was taken', () => {
    const months = [{ year: 2026, month: 3, days: month(31, { 2: 'D', 9: 'S' }) }];
    expect(missedTptDoses({ startDate: '2026-03-02', regimen: weekly, months, today: '2026-03-16' })).toBeNull();
  });
});
