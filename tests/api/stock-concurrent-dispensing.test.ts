// Concurrent dispensing from the stock ledger: a batch's stock never negative, nothing lost or
// doubled, under 20 dispensings at once of its last units, and across two batches without a
// deadlock. Shared set-up: tests/helpers/stock-ledger.ts.
import { beforeAll, describe, expect, it } from 'vitest';
import type { ApiClient } from '../helpers/server.ts';
import { createUser } from '../helpers/users.ts';
import { day, move, moved } from '../helpers/stock.ts';
import { admin, server } from '../helpers/use-server.ts';
import { balanceAndSum, batch, caseId, holding, ledgerOf, p, useStockLedger } from '../helpers/stock-ledger.ts';

useStockLedger();

describe('concurrent dispensing', () => {
  /** Four pharmacists of the workspace: 5 requests each stay under one user's limit of requests at once (server/ops/overload.ts). */
  let racers: ApiClient[];
  beforeAll(async () => {
    racers = await Promise.all([1, 2, 3, 4].map((n) => createUser(server, admin, `RACER${n}`, holding(['INVENTORY', 'DISP_PAC', 'CASEMAN']), 'Passw0rd', { unitId: p.ncf, view: 'WORKSPACE' })));
  }, 60_000);
  const racer = (i: number) => racers[i % racers.length];

  it('20 dispensings at once of a batch’s last 10 units: 10 taken, 10 refused, none lost or doubled', async () => {
    await moved(admin, { type: 'RECEIPT', unitId: p.ncf, quantity: 10, ...batch('RACE-1', day(500), { productId: p.hr }) });
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) =>
      i % 2
        ? racer(i).post('/api/stock/dispense', { unitId: p.ncf, caseId, productId: p.hr, quantity: 1, date: day() })
        : move(racer(i), { type: 'DISPENSING', unitId: p.ncf, caseId, quantity: -1, ...batch('RACE-1', day(500), { productId: p.hr }) })));
    const statuses = results.map((r) => r.status).sort();
    expect(statuses).toEqual([...Array(10).fill(200), ...Array(10).fill(400)]);
    expect(results.filter((r) => r.status === 400).every((r) => r.body.errors[0].field === 'quantity')).toBe(true);
    expect(await balanceAndSum('RACE-1')).toEqual([0, 0]);
    const ledger = await ledgerOf('RACE-1');
    expect(ledger.filter(([t]) => t === 'DISPENSING').map(([, , b]) => b).sort((a, b) => Number(a) - Number(b))).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
  }, 60_000);

  it('20 dispensings at once across two batches of 10 (two units each): all taken in FEFO order, no deadlock', async () => {
    await moved(admin, { type: 'RECEIPT', unitId: p.ncf, quantity: 10, ...batch('RACE-2', day(600), { productId: p.hr, sourceId: p.budget }) });
    await moved(admin, { type: 'RECEIPT', unitId: p.ncf, quantity: 10, ...batch('RACE-3', day(601), { productId: p.hr, sourceId: p.budget }) });
    const results = await Promise.all(Array.from({ length: 20 }, (_, i) => racer(i).post('/api/stock/dispense', { unitId: p.ncf, caseId, productId: p.hr, quantity: 2, date: day() })));
    expect(results.map((r) => r.status).sort()).toEqual([...Array(10).fill(200), ...Array(10).fill(400)]);
    expect([await balanceAndSum('RACE-2'), await balanceAndSum('RACE-3')]).toEqual([[0, 0], [0, 0]]);
  }, 60_000);
});
