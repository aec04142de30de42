// When a movement may be dated, expected values written by hand from the rule: after its
// batch expired only the write-off (or the stock found at the first inventory, or a transfer on its
// way); nothing but an arrival before the batch arrived; and no later day's balance below zero.
import { describe, expect, it } from 'vitest';
import { arrivalRefusal, availableOn, balanceOn, countRefusal, expiryRefusal } from './ledger-dates.ts';

const TYPES = ['INITIAL', 'RECEIPT', 'DISPENSING', 'ADJUSTMENT', 'EXPIRED', 'TRANSFER_OUT', 'TRANSFER_IN'] as const;
const keyOf = (r: { key: string } | undefined) => r?.key ?? 'ok';

describe('the batch’s expiry', () => {
  const at = (date: string) => TYPES.map((type) => [type, keyOf(expiryRefusal({ type, date, expiryDate: '2026-06-30' }))]);

  it('on its expiry date the batch is still usable: everything but its write-off', () => {
    expect(at('2026-06-30')).toEqual([
      ['INITIAL', 'ok'], ['RECEIPT', 'ok'], ['DISPENSING', 'ok'], ['ADJUSTMENT', 'ok'],
      ['EXPIRED', 'stock.notExpired'], ['TRANSFER_OUT', 'ok'], ['TRANSFER_IN', 'ok'],
    ]);
  });

  it('from the next day only its write-off, the first inventory that finds it, or a transfer arriving', () => {
    expect(at('2026-07-01')).toEqual([
      ['INITIAL', 'ok'], ['RECEIPT', 'stock.expiredIn'], ['DISPENSING', 'stock.expiredOut'], ['ADJUSTMENT', 'stock.expiredOut'],
      ['EXPIRED', 'ok'], ['TRANSFER_OUT', 'stock.expiredOut'], ['TRANSFER_IN', 'ok'],
    ]);
  });

  it('names the expiry date as the field to correct', () => {
    expect(expiryRefusal({ type: 'DISPENSING', date: '2027-01-01', expiryDate: '2026-06-30' })).toEqual({ field: 'expiryDate', key: 'stock.expiredOut' });
    expect(expiryRefusal({ type: 'EXPIRED', date: '2026-01-01', expiryDate: '2026-06-30' })).toEqual({ field: 'expiryDate', key: 'stock.notExpired' });
  });
});

describe('the batch’s arrival', () => {
  const before = (date: string) => TYPES.map((type) => [type, keyOf(arrivalRefusal({ type, date }, '2026-03-10'))]);

  it('the day before it arrived only what brings it in; the 1900 dispensing of the probe is refused', () => {
    expect(before('2026-03-09')).toEqual([
      ['INITIAL', 'ok'], ['RECEIPT', 'ok'], ['DISPENSING', 'stock.beforeArrival'], ['ADJUSTMENT', 'stock.beforeArrival'],
      ['EXPIRED', 'stock.beforeArrival'], ['TRANSFER_OUT', 'stock.beforeArrival'], ['TRANSFER_IN', 'ok'],
    ]);
    expect(arrivalRefusal({ type: 'DISPENSING', date: '1900-01-01' }, '2026-03-10')).toEqual({ field: 'date', key: 'stock.beforeArrival', vars: { date: '2026-03-10' } });
  });

  it('on the day it arrived, and later, anything', () => {
    expect(before('2026-03-10').every(([, k]) => k === 'ok')).toBe(true);
    expect(before('2026-03-11').every(([, k]) => k === 'ok')).toBe(true);
  });

  it('a batch new to the unit has no arrival to be before', () => {
    expect(arrivalRefusal({ type: 'ADJUSTMENT', date: '2026-01-01' }, undefined)).toBeUndefined();
  });
});

describe('what may leave on a day', () => {
  it('with nothing dated after the day: all that is held', () => {
    expect(availableOn(20, [])).toBe(20);
  });

  it('less what later days still take out', () => {
    // held 20 now; 15 left on the 10th: before that the batch held 35, and only 20 of them may go without the 10th going below zero
    expect(availableOn(20, [{ date: '2026-11-10', quantity: -15 }])).toBe(20);
    // received 10 on the 10th: before it only 10 were there
    expect(availableOn(20, [{ date: '2026-11-10', quantity: 10 }])).toBe(10);
  });

  it('the lowest balance of the later days counts, not the last', () => {
    // now 20; later: +30 on the 5th, −25 on the 8th. Balances: before the 5th 15, the 5th 45, from the 8th 20: at most 15
    expect(availableOn(20, [{ date: '2026-11-08', quantity: -25 }, { date: '2026-11-05', quantity: 30 }])).toBe(15);
    // now 8; later: +10 on the 3rd, −6 on the 4th, +2 on the 6th. Before the 3rd 2, the 3rd 12, the 4th 6, from the 6th 8: at most 2
    expect(availableOn(8, [{ date: '2026-11-03', quantity: 10 }, { date: '2026-11-04', quantity: -6 }, { date: '2026-11-06', quantity: 2 }])).toBe(2);
  });

  it('a day’s movements count together, in whatever order they were typed', () => {
    // out 10 and back 10 the same day: the day ends where it started
    expect(availableOn(10, [{ date: '2026-11-05', quantity: -10 }, { date: '2026-11-05', quantity: 10 }])).toBe(10);
    expect(availableOn(10, [{ date: '2026-11-05', quantity: 10 }, { date: '2026-11-05', quantity: -10 }])).toBe(10);
  });

  it('before the batch arrived: nothing', () => {
    expect(availableOn(40, [{ date: '2026-11-01', quantity: 50 }, { date: '2026-11-20', quantity: -10 }])).toBe(0);
  });

  it('never below nothing, even when an earlier ledger already went below zero on a day', () => {
    expect(availableOn(5, [{ date: '2026-11-01', quantity: 10 }])).toBe(0);
  });
});

describe('the unit’s last stock count', () => {
  it('nothing is dated before it; on its day and after, anything', () => {
    expect(countRefusal('2026-11-14', '2026-11-15')).toEqual({ field: 'date', key: 'stock.beforeCount', vars: { date: '2026-11-15' } });
    expect(countRefusal('2026-11-15', '2026-11-15')).toBeUndefined();
    expect(countRefusal('2026-11-16', '2026-11-15')).toBeUndefined();
    expect(countRefusal('1900-01-01', undefined)).toBeUndefined();
  });
});

describe('a batch’s balance at the end of a day', () => {
  it('is what it holds now less what moved after the day', () => {
    expect(balanceOn(20, [])).toBe(20);
    expect(balanceOn(20, [{ date: '2026-11-10', quantity: -15 }, { date: '2026-11-12', quantity: 5 }])).toBe(30);
  });
});
