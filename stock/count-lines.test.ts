// A stock count's lines, expected values written by hand from the rule: every batch held and
// usable on the day counted once, each with what the ledger says and the difference.
import { describe, expect, it } from 'vitest';
import { countLines, type HeldBatch } from './count-lines.ts';

const held = (...bs: HeldBatch[]) => new Map(bs.map((b) => [b.id, b]));
const A = { id: 'a', batchNumber: 'A1', expiryDate: '2027-01-31', onHand: 40 };
const B = { id: 'b', batchNumber: 'B1', expiryDate: '2026-11-29', onHand: 10 };
const OLD = { id: 'o', batchNumber: 'OLD', expiryDate: '2026-11-28', onHand: 5 };
const EMPTY = { id: 'e', batchNumber: 'EMPTY', expiryDate: '2027-05-31', onHand: 0 };
const day = '2026-11-29';

describe('a stock count', () => {
  it('each line gets what the ledger says and the difference the count makes', () => {
    expect(countLines([{ batchId: 'a', counted: 38 }, { batchId: 'b', counted: 10 }, { batchId: 'o', counted: 7 }], held(A, B, OLD), day)).toEqual({
      lines: [
        { batchId: 'a', counted: 38, onHand: 40, difference: -2 },
        { batchId: 'b', counted: 10, onHand: 10, difference: 0 },
        { batchId: 'o', counted: 7, onHand: 5, difference: 2 },
      ],
      refusals: [],
    });
  });

  it('every batch holding stock and usable on the day must be counted — one expiring that day too; an expired or empty one may be left out', () => {
    expect(countLines([{ batchId: 'a', counted: 40 }], held(A, B, OLD, EMPTY), day).refusals).toEqual([{ field: 'items', key: 'stock.countMissing', vars: { batch: 'B1' } }]);
    expect(countLines([{ batchId: 'a', counted: 40 }, { batchId: 'b', counted: 1 }], held(A, B, OLD, EMPTY), day).refusals).toEqual([]);
  });

  it('a batch not the unit’s, or counted twice, is refused on its row', () => {
    const r = countLines([{ batchId: 'a', counted: 40 }, { batchId: 'x', counted: 1 }, { batchId: 'a', counted: 39 }], held(A), day);
    expect(r.refusals).toEqual([
      { field: 'items.1.batchId', key: 'stock.noBatch' },
      { field: 'items.2.batchId', key: 'stock.countTwice' },
    ]);
    expect(r.lines).toEqual([{ batchId: 'a', counted: 40, onHand: 40, difference: 0 }]);
  });

  it('names every batch left out, in the order held', () => {
    const C = { id: 'c', batchNumber: 'C1', expiryDate: '2028-01-01', onHand: 1 };
    expect(countLines([], held(A, C), day).refusals.map((r) => r.vars?.batch)).toEqual(['A1', 'C1']);
  });
});
