// The supply rules of stock/planning.ts, with every expected value written by hand from the rule
// (three bugs planted in them passed the whole suite): first expiry first out skips a batch
// expired on the day — with one of the same medicine among the batches —; an order counts as on order
// from when it is placed until it is received or cancelled, so a sent one does too; the AMC is the
// units dispensed over the three months before the day, divided by those three months.
import { describe, expect, it } from 'vitest';
import { amcWindow, firstExpiryFirstOut, isOnOrder, medicinePlanning, monthlyConsumption, proposalLine, takeInOrder } from './planning.ts';

const batch = (batchNumber: string, expiryDate: string, available: number, id = batchNumber) => ({ id, batchNumber, expiryDate, available });
const numbers = (bs: { batchNumber: string }[]) => bs.map((b) => b.batchNumber);

describe('first expiry first out', () => {
  const day = '2026-11-29';

  it('skips the medicine’s batch that expired before the day, and takes the others by expiry', () => {
    const held = [batch('LATE', '2027-06-30', 10), batch('EXPIRED', '2026-11-28', 50), batch('SOON', '2026-12-31', 10)];
    expect(numbers(firstExpiryFirstOut(held, day))).toEqual(['SOON', 'LATE']);
  });

  it('a batch is usable through its expiry date: expiring on the day it is still first', () => {
    const held = [batch('B', '2026-12-01', 5), batch('TODAY', '2026-11-29', 5), batch('GONE', '2026-11-28', 5)];
    expect(numbers(firstExpiryFirstOut(held, day))).toEqual(['TODAY', 'B']);
  });

  it('leaves out a batch with nothing to give on the day', () => {
    expect(numbers(firstExpiryFirstOut([batch('EMPTY', '2026-12-01', 0), batch('FULL', '2027-01-01', 3)], day))).toEqual(['FULL']);
  });

  it('batches expiring the same day go by batch number, then by id', () => {
    const held = [batch('B2', '2027-01-01', 1, 'z'), batch('A9', '2027-01-01', 1, 'y'), batch('B2', '2027-01-01', 1, 'x')];
    expect(firstExpiryFirstOut(held, day).map((b) => b.id)).toEqual(['y', 'x', 'z']);
  });

  it('does not change the list it is given', () => {
    const held = [batch('L', '2027-06-30', 1), batch('S', '2026-12-31', 1)];
    firstExpiryFirstOut(held, day);
    expect(numbers(held)).toEqual(['L', 'S']);
  });
});

describe('taking a quantity from batches in order', () => {
  const a = batch('A', '2026-12-01', 3);
  const b = batch('B', '2027-01-01', 10);

  it('empties a batch before the next', () => {
    expect(takeInOrder([a, b], 5)).toEqual({ taken: [[a, 3], [b, 2]], short: 0 });
  });

  it('takes from the first batch alone when it is enough, exactly to its last unit', () => {
    expect(takeInOrder([a, b], 3)).toEqual({ taken: [[a, 3]], short: 0 });
    expect(takeInOrder([a, b], 2)).toEqual({ taken: [[a, 2]], short: 0 });
  });

  it('says what the batches could not give', () => {
    expect(takeInOrder([a, b], 20)).toEqual({ taken: [[a, 3], [b, 10]], short: 7 });
    expect(takeInOrder([], 4)).toEqual({ taken: [], short: 4 });
  });

  it('passes over a batch with nothing to give', () => {
    const empty = batch('E', '2026-12-01', 0);
    expect(takeInOrder([empty, b], 4)).toEqual({ taken: [[b, 4]], short: 0 });
  });
});

describe('on order', () => {
  it('counts an order placed, authorised or sent; not one received or cancelled', () => {
    expect(['NEW', 'AUTHORIZED', 'SENT', 'RECEIVED', 'CANCELLED'].map((s) => [s, isOnOrder(s)])).toEqual([
      ['NEW', true], ['AUTHORIZED', true], ['SENT', true], ['RECEIVED', false], ['CANCELLED', false],
    ]);
  });
});

describe('average monthly consumption', () => {
  it('reads the three months (90 days) before the day, the day itself excluded', () => {
    // 29 Nov back 30 days is 30 Oct, 60 days 30 Sep, 90 days 31 Aug
    expect(amcWindow('2026-11-29')).toEqual({ from: '2026-08-31', to: '2026-11-29' });
    // across a year and a leap February: 1 Mar 2028 back 90 days is 2 Dec 2027 (29 + 31 + 30 days)
    expect(amcWindow('2028-03-01')).toEqual({ from: '2027-12-02', to: '2028-03-01' });
  });

  it('divides what was dispensed in those three months by three', () => {
    expect(monthlyConsumption(90)).toBe(30);
    expect(monthlyConsumption(0)).toBe(0);
    expect(monthlyConsumption(100)).toBeCloseTo(33.333, 3);
  });
});

describe('a medicine’s figures and its order proposal', () => {
  // the example of docs/stock.md: on hand 100, on order 20, 90 dispensed over the three months;
  // the patients plan 4 a day for 55 days, then nothing: 220 over the unit's 60 days
  const needs = [...Array(55).fill(4), ...Array(310).fill(0)];
  const m = medicinePlanning({ productId: 'h', productName: 'HRZE', onHand: 100, onOrder: 20, dispensed: 90, needs }, 60, '2026-11-29');

  it('the AMC, the forecast over the order days and per month, and the day the stock runs out', () => {
    // 4 a day: 100 last 25 days (29 Nov … 23 Dec); the 26th day, 24 Dec, needs the 104th unit
    expect(m).toEqual({ productId: 'h', productName: 'HRZE', onHand: 100, onOrder: 20, amc: 30, forecast: 220, forecastMonthly: 110, stockOutDate: '2026-12-24' });
  });

  it('the forecast counts only the order days; 120 days is four months', () => {
    const long = medicinePlanning({ productId: 'h', productName: 'HRZE', onHand: 0, onOrder: 0, dispensed: 0, needs: Array(365).fill(2) }, 120, '2026-11-29');
    expect([long.forecast, long.forecastMonthly, long.amc, long.stockOutDate]).toEqual([240, 60, 0, '2026-11-29']);
  });

  it('no patient on it: no forecast and no stock-out date', () => {
    const none = medicinePlanning({ productId: 'h', productName: 'HRZE', onHand: 5, onOrder: 0, dispensed: 30, needs: undefined }, 60, '2026-11-29');
    expect([none.forecast, none.forecastMonthly, none.amc, none.stockOutDate]).toEqual([0, 0, 10, undefined]);
  });

  it('proposes max months of each need less on hand and on order: 6 × 30 − 120 = 60, 6 × 110 − 120 = 540', () => {
    expect(proposalLine(m, 6)).toEqual({ ...m, byConsumption: 60, byForecast: 540 });
    // 3 months: 90 − 120 is below nothing; 330 − 120 = 210
    expect([proposalLine(m, 3).byConsumption, proposalLine(m, 3).byForecast]).toEqual([0, 210]);
  });
});
