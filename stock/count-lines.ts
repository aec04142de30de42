/**
 * A stock count's lines, the pure rule `count.ts` applies: every batch the unit holds on the
 * count's day and may still use is counted, once; each line gets the ledger's stock on hand that day
 * and the difference the count makes (counted − on hand), which becomes the batch's adjustment.
 */

/** A batch of the unit as the ledger has it at the end of the count's day. */
export interface HeldBatch {
  id: string;
  batchNumber: string;
  expiryDate: string;
  /** Its balance at the end of the count's day (`balanceOn`). */
  onHand: number;
}

/** A counted line, with what the ledger says and the difference. */
export interface CountLine {
  batchId: string;
  counted: number;
  onHand: number;
  difference: number;
}

/** A refusal of a count: the field (`items.3.batchId`, `items`) and the message key with its values. */
export interface CountRefusal {
  field: string;
  key: string;
  vars?: Record<string, string>;
}

/**
 * The count's lines, or why it is refused: a batch not the unit's (`stock.noBatch` on its row), a batch
 * counted twice (`stock.countTwice` on the second), a batch holding stock on the day and usable then
 * (not expired) left out (`stock.countMissing` on `items`, naming it). An expired batch or one holding
 * nothing may be counted, or left out.
 * @example countLines([{ batchId: 'a', counted: 38 }], new Map([['a', { id: 'a', batchNumber: 'A1', expiryDate: '2027-01-31', onHand: 40 }]]), '2026-11-29')
 *   // { lines: [{ batchId: 'a', counted: 38, onHand: 40, difference: -2 }], refusals: [] }
 */
export function countLines(items: { batchId: string; counted: number }[], held: Map<string, HeldBatch>, date: string): { lines: CountLine[]; refusals: CountRefusal[] } {
  const refusals: CountRefusal[] = [];
  const lines: CountLine[] = [];
  const seen = new Set<string>();
  for (const [i, item] of items.entries()) {
    const batch = held.get(item.batchId);
    if (!batch) refusals.push({ field: `items.${i}.batchId`, key: 'stock.noBatch' });
    else if (seen.has(item.batchId)) refusals.push({ field: `items.${i}.batchId`, key: 'stock.countTwice' });
    else lines.push({ batchId: item.batchId, counted: item.counted, onHand: batch.onHand, difference: item.counted - batch.onHand });
    seen.add(item.batchId);
  }
  for (const b of held.values()) {
    if (b.onHand > 0 && b.expiryDate >= date && !seen.has(b.id)) refusals.push({ field: 'items', key: 'stock.countMissing', vars: { batch: b.batchNumber } });
  }
  return { lines, refusals };
}
