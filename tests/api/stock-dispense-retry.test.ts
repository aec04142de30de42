// A dispensing deadlocked with another transaction is run again whole (stock/dispense.ts through
// server/tbl/retry.ts writeTransaction), on a real server and PostgreSQL: the pharmacist gets 200,
// the batch gives its units once, with one ledger movement and one history entry.
import { sql } from 'kysely';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { log } from '../../server/log.ts';
import { deadlockedWith } from '../helpers/deadlock.ts';
import { historyOf } from '../helpers/history.ts';
import { day, moved } from '../helpers/stock.ts';
import { balanceAndSum, batch, caseId, ledgerOf, p, pharm, useStockLedger } from '../helpers/stock-ledger.ts';

useStockLedger();
afterEach(() => vi.restoreAllMocks());

describe('a dispensing deadlocked with another transaction', () => {
  it('is run again and answered 200: 7 units given once, one DISPENSING movement, one history entry, one warning', async () => {
    await moved(pharm, { type: 'RECEIPT', unitId: p.bishkek, quantity: 20, ...batch('RETRY-1', day(300)) });
    vi.spyOn(log, 'warn');
    // the test holds the patient's case; the dispensing locks the batch, then its movement waits for
    // the case (the movement's reference to it); the test then asks for the batch: a deadlock
    const r = await deadlockedWith(
      sql`select 1 from tbcase where id = ${caseId} for update`,
      () => pharm.post('/api/stock/dispense', { unitId: p.bishkek, caseId, productId: p.hrze, quantity: 7, date: day() }),
      sql`select 1 from stockbatch where batch_number = ${'RETRY-1'} for update`,
    );
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.movements).toHaveLength(1);
    expect(r.body.movements[0]).toMatchObject({ batchNumber: 'RETRY-1', quantity: -7 });
    expect(await ledgerOf('RETRY-1')).toEqual([['RECEIPT', 20, 20], ['DISPENSING', -7, 13]]);
    expect(await balanceAndSum('RETRY-1')).toEqual([13, 13]);
    expect(await historyOf(r.body.movements[0].id)).toHaveLength(1);
    const retried = vi.mocked(log.warn).mock.calls.filter(([, msg]) => String(msg).startsWith('write transaction aborted'));
    // the whole dispensing run again (not the movement's write inside it, which cannot be)
    expect(retried.map(([fields]) => { const { code, what } = fields as { code: string; what: string }; return [code, what]; })).toEqual([['40P01', 'stock dispense']]);
  }, 60_000);
});
