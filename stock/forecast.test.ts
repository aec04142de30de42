// The forecast rules, with values written from the rule: planned units by weekday, the stock-out
// day, and proposed = max(0, max stock − on hand − on order).
import { expect, it } from 'vitest';
import { dailyNeeds, proposedQuantity, stockOutDate, yearNeeds } from './forecast.ts';

it('plans each prescription’s units on its weekdays between its dates, summed per medicine', () => {
  // 2026-03-02 is a Monday; Z three times a week (Mon, Wed, Fri), H daily from the 4th
  const ps = [
    { productId: 'Z', iniDate: '2026-03-01', endDate: '2026-03-31', doseUnit: 3, frequency: 3 },
    { productId: 'H', iniDate: '2026-03-04', endDate: '2026-03-05', doseUnit: 2, frequency: 7 },
    { productId: 'H', iniDate: '2026-03-05', endDate: '2026-04-30', doseUnit: 1, frequency: 7 },
  ];
  const needs = dailyNeeds(ps, '2026-03-02', '2026-03-06');
  expect(needs.get('Z')).toEqual([3, 0, 3, 0, 3]);
  expect(needs.get('H')).toEqual([0, 0, 2, 3, 1]);
});

it('the stock-out horizon is the year from the day asked: 365 days, 366 across a 29 February', () => {
  const daily = [{ productId: 'H', iniDate: '2026-01-01', endDate: '2028-12-31', doseUnit: 1, frequency: 7 }];
  expect(yearNeeds(daily, '2026-03-01').get('H')!.length).toBe(365); // through 2027-02-28
  expect(yearNeeds(daily, '2027-03-01').get('H')!.length).toBe(366); // through 2028-02-29
  expect(yearNeeds(daily, '2026-03-01').get('H')!.every((n) => n === 1)).toBe(true);
});

it('the stock runs out on the day the running need passes what is on hand', () => {
  expect(stockOutDate(10, [4, 4, 4], '2026-03-01')).toBe('2026-03-03');
  expect(stockOutDate(12, [4, 4, 4], '2026-03-01')).toBeUndefined();
  expect(stockOutDate(0, [0, 1], '2026-12-31')).toBe('2027-01-01');
});

it('proposes what fills max stock, never less than nothing, in whole units', () => {
  expect(proposedQuantity(30, 6, 100, 20)).toBe(60);
  expect(proposedQuantity(30, 6, 200, 0)).toBe(0);
  expect(proposedQuantity(10.5, 6, 0, 0)).toBe(63);
  expect(proposedQuantity(10.1, 6, 0, 0)).toBe(61); // 60.6 → 61
  expect(proposedQuantity(0, 6, 0, 0)).toBe(0);
});
