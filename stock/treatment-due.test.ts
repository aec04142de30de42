// The dose units a treatment's recorded intake calls for, written from the rule: a taken day (D, S)
// counts the dose units of each prescription of that day whose weekly frequency plans it.
import { expect, it } from 'vitest';
import { dueByMedicine, takenUnits } from './treatment-due.ts';

const month = (year: number, month: number, days: Record<number, string>, length = 31) =>
  ({ year, month, days: Array.from({ length }, (_, i) => days[i + 1] ?? '-').join('') });

it('counts the units of each taken day, not the days not taken or not recorded', () => {
  const ps = [{ productId: 'HRZE', iniDate: '2026-03-01', endDate: '2026-04-30', doseUnit: 4, frequency: 7 }];
  expect(takenUnits(ps, [month(2026, 3, { 1: 'D', 2: 'S', 3: 'N', 5: 'D' })], '2026-03-31')).toEqual(new Map([['HRZE', 12]]));
});

it('stops at the day asked (included) and outside the prescription’s dates', () => {
  const ps = [{ productId: 'HR', iniDate: '2026-03-02', endDate: '2026-03-04', doseUnit: 2, frequency: 7 }];
  const m = month(2026, 3, { 1: 'D', 2: 'D', 3: 'D', 4: 'D', 5: 'D' });
  expect(takenUnits(ps, [m], '2026-03-03').get('HR')).toBe(4); // the 2nd and 3rd
  expect(takenUnits(ps, [m], '2026-03-31').get('HR')).toBe(6); // the 2nd to the 4th
});

it('a three-times-a-week medicine counts only on its weekdays (Monday, Wednesday, Friday)', () => {
  // 2026-03-02 is a Monday: taken Monday 2 to Sunday 8
  const ps = [
    { productId: 'Z', iniDate: '2026-03-01', endDate: '2026-03-31', doseUnit: 3, frequency: 3 },
    { productId: 'E', iniDate: '2026-03-01', endDate: '2026-03-31', doseUnit: 1, frequency: 7 },
  ];
  const m = month(2026, 3, { 2: 'D', 3: 'D', 4: 'D', 5: 'D', 6: 'D', 7: 'D', 8: 'D' });
  expect(takenUnits(ps, [m], '2026-03-31')).toEqual(new Map([['Z', 9], ['E', 7]]));
});

it('two prescriptions of one medicine on a day add up; months are read as their own year and month', () => {
  const ps = [
    { productId: 'H', iniDate: '2025-12-01', endDate: '2026-01-31', doseUnit: 1, frequency: 7 },
    { productId: 'H', iniDate: '2026-01-01', endDate: '2026-01-31', doseUnit: 2, frequency: 7 },
  ];
  expect(takenUnits(ps, [month(2025, 12, { 31: 'D' }), month(2026, 1, { 1: 'D' })], '2026-01-31').get('H')).toBe(1 + 3);
});

it('what is still due is the units taken less those dispensed, none below zero, by medicine name', () => {
  const taken = new Map([['z', 90], ['h', 120], ['e', 30]]);
  const dispensed = new Map([['h', 84], ['z', 90], ['e', 45]]); // H: 36 to give; Z: all given; E: a week ahead
  const names = new Map([['h', 'Изониазид'], ['z', 'Пиразинамид'], ['e', 'Этамбутол']]);
  expect(dueByMedicine(taken, dispensed, names)).toEqual([
    { productId: 'h', productName: 'Изониазид', taken: 120, dispensed: 84, due: 36 },
    { productId: 'z', productName: 'Пиразинамид', taken: 90, dispensed: 90, due: 0 },
    { productId: 'e', productName: 'Этамбутол', taken: 30, dispensed: 45, due: 0 },
  ]);
  // a medicine never dispensed is due in full; one not in the catalogue is named by nothing
  expect(dueByMedicine(new Map([['x', 8]]), new Map(), new Map())).toEqual([{ productId: 'x', productName: '', taken: 8, dispensed: 0, due: 8 }]);
});
