// The stock ledger on a real PostgreSQL: movements appended through the one writer, each
// batch's stock on hand the sum of its movements and never negative, first-expiry-first-out
// dispensing, the expiry write-off, each movement type's permission, the unit boundary, a
// movement's date against its batch, the batch an adjustment picks, a batch's stock card, and bad
// input refused with nothing changed. Concurrent dispensing: stock-concurrent-dispensing.test.ts;
// shared set-up: tests/helpers/stock-ledger.ts.
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { createUser } from '../helpers/users.ts';
import { readUntil } from '../helpers/feed.ts';
import { day, move, moved, onHandByBatch } from '../helpers/stock.ts';
import type { ApiClient } from '../helpers/server.ts';
import { admin, server } from '../helpers/use-server.ts';
import { ALL, balanceAndSum, batch, caseId, db, holding, ledgerOf, p, pharm, useStockLedger } from '../helpers/stock-ledger.ts';
import { dateText } from '../../engine/date-text.ts';

const ru = (d: string) => dateText(d, 'ru');

useStockLedger();

describe('initial inventory and receipts', () => {
  it('initial inventory makes the batch with its stock; a receipt of the same batch adds to it; the unit shows both by medicine', async () => {
    const id = await moved(pharm, { type: 'INITIAL', unitId: p.bishkek, quantity: 100, ...batch('INI-1') });
    const row = (await pharm.get(`/api/tbl/stockmovement/${id}`)).body;
    expect([row.balance, typeof row.batchId]).toEqual([100, 'string']);
    await moved(pharm, { type: 'INITIAL', unitId: p.bishkek, quantity: 20, ...batch('INI-2', day(200), { productId: p.hr, sourceId: p.budget }) });
    await moved(pharm, { type: 'RECEIPT', unitId: p.bishkek, quantity: 50, ...batch('INI-1') });
    expect(await balanceAndSum('INI-1')).toEqual([150, 150]);
    const stock = (await pharm.get(`/api/stock/unit/${p.bishkek}`)).body.medicines;
    const hrze = stock.find((m: any) => m.productId === p.hrze);
    expect([hrze.onHand, hrze.batches.map((b: any) => [b.batchNumber, b.manufacturer, b.expiryDate, b.quantity, b.sourceName])])
      .toEqual([150, [['INI-1', 'Lupin', day(400), 150, 'Глобальный фонд']]]);
    expect(stock.find((m: any) => m.productId === p.hr).onHand).toBe(20);
  });

  it('another source, manufacturer or expiry date is another batch', async () => {
    await moved(pharm, { type: 'RECEIPT', unitId: p.bishkek, quantity: 4, ...batch('VAR-1') });
    await moved(pharm, { type: 'RECEIPT', unitId: p.bishkek, quantity: 5, ...batch('VAR-1', day(400), { sourceId: p.budget }) });
    await moved(pharm, { type: 'RECEIPT', unitId: p.bishkek, quantity: 6, ...batch('VAR-1', day(401)) });
    await moved(pharm, { type: 'RECEIPT', unitId: p.bishkek, quantity: 7, ...batch('VAR-1', day(400), { manufacturer: 'Macleods' }) });
    const rows = await db().selectFrom('stockbatch').select('quantity').where('batch_number', '=', 'VAR-1').orderBy('quantity').execute();
    expect(rows.map((r) => r.quantity)).toEqual([4, 5, 6, 7]);
  });

  it('initial inventory is refused once the unit has other movements', async () => {
    const r = await move(pharm, { type: 'INITIAL', unitId: p.bishkek, quantity: 10, ...batch('INI-3') });
    expect([r.status, r.body.errors]).toEqual([400, [{ field: 'type', msg: 'Начальные остатки вводятся до первых движений учреждения' }]]);
    expect(await balanceAndSum('INI-3')).toEqual([0, 0]);
  });

  it('a batch past its expiry date is not received; one expiring today is', async () => {
    const r = await move(pharm, { type: 'RECEIPT', unitId: p.bishkek, quantity: 10, ...batch('OLD-1', day(-1)) });
    expect([r.status, r.body.errors]).toEqual([400, [{ field: 'expiryDate', msg: 'Нельзя принять партию с истёкшим сроком годности' }]]);
    await moved(pharm, { type: 'RECEIPT', unitId: p.bishkek, quantity: 10, ...batch('TODAY-1', day(0)) });
    expect(await balanceAndSum('OLD-1')).toEqual([0, 0]);
  });

  it('each movement is in the history and the change feed, with its batch', async () => {
    const start = (await pharm.post('/api/sync/changes', { after: '0.0', limit: 1 })).body.last;
    const id = await moved(pharm, { type: 'RECEIPT', unitId: p.bishkek, quantity: 3, ...batch('FEED-1') });
    const history = await db().selectFrom('cmdhistory').select(['type', 'action']).where('entity_id', '=', id).execute();
    expect(history).toEqual([{ type: 'stockmovement', action: 'create' }]);
    const batchId = (await pharm.get(`/api/tbl/stockmovement/${id}`)).body.batchId;
    const fed = await readUntil(pharm, start, (cs) => cs.some((c) => c.id === id) && cs.some((c) => c.id === batchId));
    expect(fed.filter((c) => c.id === id || c.id === batchId).map((c) => [c.table, c.op, c.version, c.data?.quantity]))
      .toEqual([['stockbatch', 'create', 1, 3], ['stockmovement', 'create', 1, 3]]);
  });
});

describe('adjustments and bad input', () => {
  it('an adjustment needs its reason, and a note when the reason is other', async () => {
    const noReason = await move(pharm, { type: 'ADJUSTMENT', unitId: p.bishkek, quantity: -1, ...batch('INI-1') });
    expect([noReason.status, noReason.body.errors.map((e: any) => e.field)]).toEqual([400, ['reason']]);
    const noNote = await move(pharm, { type: 'ADJUSTMENT', reason: 'OTHER', unitId: p.bishkek, quantity: -1, ...batch('INI-1') });
    expect([noNote.status, noNote.body.errors.map((e: any) => e.field)]).toEqual([400, ['note']]);
    await moved(pharm, { type: 'ADJUSTMENT', reason: 'DAMAGED', unitId: p.bishkek, quantity: -10, ...batch('INI-1') });
    await moved(pharm, { type: 'ADJUSTMENT', reason: 'COUNT', unitId: p.bishkek, quantity: 2, ...batch('INI-1') });
    await moved(pharm, { type: 'ADJUSTMENT', reason: 'OTHER', note: 'Проверка комиссии', unitId: p.bishkek, quantity: -2, ...batch('INI-1') });
    expect(await balanceAndSum('INI-1')).toEqual([140, 140]);
  });

  it('stock never goes below zero: taking one more than on hand is refused with what there is, and nothing changes', async () => {
    const r = await move(pharm, { type: 'ADJUSTMENT', reason: 'LOST', unitId: p.bishkek, quantity: -141, ...batch('INI-1') });
    expect([r.status, r.body.errors]).toEqual([400, [{ field: 'quantity', msg: 'Недостаточно остатка: в наличии 140' }]]);
    await moved(pharm, { type: 'ADJUSTMENT', reason: 'LOST', unitId: p.bishkek, quantity: -140, ...batch('INI-1') });
    expect(await balanceAndSum('INI-1')).toEqual([0, 0]);
    const none = await move(pharm, { type: 'ADJUSTMENT', reason: 'LOST', unitId: p.bishkek, quantity: -1, ...batch('NEVER-1') });
    expect([none.status, none.body.errors]).toEqual([400, [{ field: 'quantity', msg: 'Недостаточно остатка: в наличии 0' }]]);
    expect(await db().selectFrom('stockbatch').select('id').where('batch_number', '=', 'NEVER-1').execute()).toEqual([]);
  });

  it('each type moves one way, and never by zero', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ type: 'RECEIPT', quantity: -5 }, 'Количество должно быть больше нуля'],
      [{ type: 'DISPENSING', quantity: 5, caseId: 'x' }, 'Количество выдачи или списания должно быть меньше нуля'],
      [{ type: 'ADJUSTMENT', reason: 'COUNT', quantity: 0 }, 'Количество не может быть равно нулю'],
    ];
    for (const [doc, msg] of cases) {
      const r = await move(pharm, { unitId: p.bishkek, ...batch('SIGN-1'), ...doc, ...(doc.caseId ? { caseId } : {}) });
      expect([r.status, r.body.errors], JSON.stringify(doc)).toEqual([400, [{ field: 'quantity', msg }]]);
    }
    expect(await balanceAndSum('SIGN-1')).toEqual([0, 0]);
  });

  it('hostile or malformed input is a field error and changes nothing', async () => {
    const before = await db().selectFrom('stockmovement').select(sql<string>`count(*)`.as('n')).executeTakeFirstOrThrow();
    const bad: [Record<string, unknown>, string][] = [
      [{ type: 'RECEIPT', unitId: p.bishkek, quantity: 1.5, ...batch('BAD-1') }, 'quantity'],
      [{ type: 'RECEIPT', unitId: p.bishkek, quantity: 2_000_000, ...batch('BAD-1') }, 'quantity'],
      [{ type: 'THEFT', unitId: p.bishkek, quantity: 1, ...batch('BAD-1') }, 'type'],
      [{ type: 'RECEIPT', unitId: p.bishkek, quantity: 1, ...batch('BAD-1', '2027-02-30') }, 'expiryDate'],
      [{ type: 'RECEIPT', unitId: p.bishkek, quantity: 1, ...batch('') }, 'batchNumber'],
      [{ type: 'RECEIPT', unitId: p.bishkek, quantity: 1, date: day(1), ...batch('BAD-1') }, 'date'],
      [{ type: 'RECEIPT', unitId: p.bishkek, quantity: 1, ...batch('BAD-1', day(400), { productId: crypto.randomUUID() }) }, 'productId'],
    ];
    for (const [doc, field] of bad) {
      const r = await move(pharm, doc);
      expect([r.status, r.body.errors?.map((e: any) => e.field)], JSON.stringify(doc)).toEqual([400, [field]]);
    }
    const d = await pharm.post('/api/stock/dispense', { unitId: p.bishkek, caseId, productId: p.hrze, quantity: 0, date: day() });
    expect([d.status, d.body.errors.map((e: any) => e.field)]).toEqual([400, ['quantity']]);
    const after = await db().selectFrom('stockmovement').select(sql<string>`count(*)`.as('n')).executeTakeFirstOrThrow();
    expect(after.n).toBe(before.n);
  });

  it('the ledger is append-only: a movement is never changed or deleted, a batch never written by hand', async () => {
    const id = await moved(admin, { type: 'RECEIPT', unitId: p.bishkek, quantity: 4, ...batch('APP-1') });
    const upd = await admin.post(`/api/tbl/stockmovement/${id}`, { quantity: 400 });
    expect([upd.status, upd.body.errors[0].msg]).toEqual([400, 'Движение запасов нельзя изменить или удалить: внесите корректировку']);
    expect((await admin.delete(`/api/tbl/stockmovement/${id}`)).status).toBe(400);
    const batchId = (await admin.get(`/api/tbl/stockmovement/${id}`)).body.batchId;
    const hand = await admin.post(`/api/tbl/stockbatch/${batchId}`, { quantity: 1000 });
    const made = await admin.post('/api/tbl/stockbatch', { unitId: p.bishkek, ...batch('APP-2'), quantity: 5 });
    expect([hand.status, made.status, (await admin.delete(`/api/tbl/stockbatch/${batchId}`)).status]).toEqual([400, 400, 400]);
    expect(await balanceAndSum('APP-1')).toEqual([4, 4]);
    expect(await balanceAndSum('APP-2')).toEqual([0, 0]);
  });
});

describe('permissions and the unit boundary', () => {
  it('each movement type needs its own permission (403, nothing changes)', async () => {
    const steps: [string, Record<string, unknown>][] = [
      ['INVENTORY_INIT', { type: 'INITIAL', quantity: 1 }],
      ['RECEIV', { type: 'RECEIPT', quantity: 1 }],
      ['STOCK_ADJ', { type: 'ADJUSTMENT', reason: 'COUNT', quantity: 1 }],
      ['STOCK_ADJ', { type: 'EXPIRED', quantity: -1 }],
      ['DISP_PAC', { type: 'DISPENSING', quantity: -1 }],
    ];
    for (const [perm, doc] of steps) {
      const login = `NO_${perm}_${String(doc.type)}`.slice(0, 20);
      const user = await createUser(server, admin, login, holding([...ALL.filter((x) => x !== perm), 'CASEMAN']), 'Passw0rd', { unitId: p.chui, view: 'UNIT' });
      const r = await move(user, { unitId: p.chui, ...batch('PERM-1'), ...doc, ...(doc.type === 'DISPENSING' ? { caseId } : {}) });
      expect(r.status, `${perm} ${JSON.stringify(r.body)}`).toBe(403);
    }
    const noStock = await createUser(server, admin, 'NOSTOCK', holding(['CASEMAN']), 'Passw0rd', { unitId: p.bishkek, view: 'UNIT' });
    expect((await move(noStock, { type: 'RECEIPT', unitId: p.bishkek, quantity: 1, ...batch('PERM-1') })).status).toBe(403);
    expect((await noStock.get(`/api/stock/unit/${p.bishkek}`)).status).toBe(403);
    expect((await noStock.post('/api/stock/dispense', { unitId: p.bishkek, caseId, productId: p.hrze, quantity: 1, date: day() })).status).toBe(403);
    expect((await noStock.post('/api/tbl/stockbatch/query', {})).status).toBe(403);
    expect(await balanceAndSum('PERM-1')).toEqual([0, 0]);
  });

  it('a unit-view pharmacist neither sees nor moves another unit’s stock', async () => {
    await moved(admin, { type: 'RECEIPT', unitId: p.chui, quantity: 9, ...batch('CHUI-1') });
    const r = await move(pharm, { type: 'RECEIPT', unitId: p.chui, quantity: 1, ...batch('CHUI-1') });
    expect([r.status, r.body.errors.map((e: any) => e.field)]).toEqual([400, ['unitId']]);
    expect((await pharm.get(`/api/stock/unit/${p.chui}`)).status).toBe(404);
    expect((await pharm.post('/api/stock/dispense', { unitId: p.chui, caseId, productId: p.hrze, quantity: 1, date: day() })).status).toBe(404);
    expect((await pharm.post('/api/tbl/stockbatch/query', { unitId: p.chui })).body.list).toEqual([]);
    expect((await pharm.post('/api/tbl/stockmovement/query', { unitId: p.chui })).body.list).toEqual([]);
    expect(await balanceAndSum('CHUI-1')).toEqual([9, 9]);
  });
});

describe('dispensing first expiry first out', () => {
  it('takes the batch expiring first, then the next, skipping expired ones; a named batch overrides', async () => {
    // an HRZE batch received 10 days ago that expired yesterday: it holds stock, and is first by expiry
    await moved(admin, { type: 'RECEIPT', unitId: p.bishkek, date: day(-10), quantity: 50, ...batch('FE-OLD', day(-1)) });
    await moved(admin, { type: 'RECEIPT', unitId: p.bishkek, quantity: 10, ...batch('FE-B', day(90)) });
    await moved(admin, { type: 'RECEIPT', unitId: p.bishkek, quantity: 5, ...batch('FE-A', day(30)) });
    await moved(admin, { type: 'RECEIPT', unitId: p.bishkek, quantity: 100, ...batch('FE-C', day(300)) });
    // TODAY-1 (10, expiring today) and FEED-1 (3) hold HRZE too: today's batch first, then A, B; FE-OLD never
    const r = await pharm.post('/api/stock/dispense', { unitId: p.bishkek, caseId, productId: p.hrze, quantity: 22, date: day() });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.movements.map((m: any) => [m.batchNumber, m.quantity])).toEqual([['TODAY-1', -10], ['FE-A', -5], ['FE-B', -7]]);
    const chosen = await pharm.post('/api/stock/dispense', { unitId: p.bishkek, caseId, productId: p.hrze, quantity: 4, date: day(), batchId: (await db().selectFrom('stockbatch').select('id').where('batch_number', '=', 'FE-C').executeTakeFirstOrThrow()).id });
    expect(chosen.body.movements.map((m: any) => [m.batchNumber, m.quantity])).toEqual([['FE-C', -4]]);
    const stock = await onHandByBatch(pharm, p.bishkek);
    expect([stock['FE-OLD'], stock['TODAY-1'], stock['FE-A'], stock['FE-B'], stock['FE-C']]).toEqual([50, undefined, undefined, 3, 96]);
    const dispensed = await db().selectFrom('stockmovement').select(['case_id', 'type']).where('batch_number', 'in', ['FE-A', 'FE-B', 'FE-C']).where('type', '=', 'DISPENSING').execute();
    expect(dispensed.every((d) => d.case_id === caseId)).toBe(true);
  });

  it('more than the unit holds is refused whole, with what it holds', async () => {
    await moved(admin, { type: 'RECEIPT', unitId: p.chui, quantity: 7, ...batch('MORE-1', day(40), { productId: p.hr }) });
    await moved(admin, { type: 'RECEIPT', unitId: p.chui, quantity: 8, ...batch('MORE-2', day(50), { productId: p.hr }) });
    const before = await onHandByBatch(admin, p.chui);
    const r = await admin.post('/api/stock/dispense', { unitId: p.chui, caseId, productId: p.hr, quantity: 16, date: day() });
    expect([r.status, r.body.errors]).toEqual([400, [{ field: 'quantity', msg: 'Недостаточно остатка: в наличии 15' }]]);
    expect(await onHandByBatch(admin, p.chui)).toEqual(before);
  });

  it('an expired batch is not dispensed but written off whole, once', async () => {
    await moved(admin, { type: 'INITIAL', unitId: p.ncf, quantity: 12, ...batch('EXP-1', day(-3)) });
    const taken = await move(admin, { type: 'DISPENSING', unitId: p.ncf, quantity: -1, caseId, ...batch('EXP-1', day(-3)) });
    expect([taken.status, taken.body.errors]).toEqual([400, [{ field: 'expiryDate', msg: 'Срок годности партии истёк: её можно только списать' }]]);
    const early = await move(admin, { type: 'EXPIRED', unitId: p.ncf, quantity: -1, ...batch('FAR-1', day(30)) });
    expect([early.status, early.body.errors[0].field]).toEqual([400, 'expiryDate']);
    const off = await admin.post('/api/stock/writeoff', { unitId: p.ncf, date: day() });
    expect(off.body.movements.map((m: any) => [m.batchNumber, m.quantity])).toEqual([['EXP-1', -12]]);
    expect((await admin.post('/api/stock/writeoff', { unitId: p.ncf, date: day() })).body.movements).toEqual([]);
    expect(await ledgerOf('EXP-1')).toEqual([['INITIAL', 12, 12], ['EXPIRED', -12, 0]]);
    expect((await pharm.post('/api/stock/writeoff', { unitId: p.ncf, date: day() })).status).toBe(404);
  });
});

describe('holes found by probing: a movement’s date against its batch', () => {
  const dispense = (body: Record<string, unknown>) => admin.post('/api/stock/dispense', { unitId: p.chui, caseId, productId: p.hrze, ...body });
  const batchIdOf = async (batchNumber: string) => String((await db().selectFrom('stockbatch').select('id').where('batch_number', '=', batchNumber).executeTakeFirstOrThrow()).id);
  const movements = async () => Number((await db().selectFrom('stockmovement').select(sql<string>`count(*)`.as('n')).executeTakeFirstOrThrow()).n);

  it('a dispensing dated 1900 from a batch that expired in 2025 is refused, first expiry first out or by the batch, and nothing moves', async () => {
    await moved(admin, { type: 'RECEIPT', unitId: p.chui, date: '2025-03-01', quantity: 30, ...batch('HOLE-2025', '2025-06-30') });
    const before = [await movements(), await onHandByBatch(admin, p.chui)];
    const fefo = await dispense({ quantity: 1, date: '1900-01-01' });
    expect([fefo.status, fefo.body.errors]).toEqual([400, [{ field: 'quantity', msg: 'Недостаточно остатка на 01.01.1900: в наличии 0' }]]);
    const chosen = await dispense({ quantity: 1, date: '1900-01-01', batchId: await batchIdOf('HOLE-2025') });
    expect([chosen.status, chosen.body.errors]).toEqual([400, [{ field: 'date', msg: 'Партия поступила в учреждение 01.03.2025: движение не может быть датировано раньше' }]]);
    const typed = await move(admin, { type: 'DISPENSING', unitId: p.chui, caseId, date: '1900-01-01', quantity: -1, ...batch('HOLE-2025', '2025-06-30') });
    expect([typed.status, typed.body.errors]).toEqual([400, [{ field: 'date', msg: 'Партия поступила в учреждение 01.03.2025: движение не может быть датировано раньше' }]]);
    const today = await dispense({ quantity: 1, date: day(), batchId: await batchIdOf('HOLE-2025') });
    expect([today.status, today.body.errors]).toEqual([400, [{ field: 'batchId', msg: 'Срок годности партии истёк: её можно только списать' }]]);
    expect([await movements(), await onHandByBatch(admin, p.chui)]).toEqual(before);
  });

  it('nothing but a receipt is dated before the batch arrived; on the day it arrived, it is', async () => {
    await moved(admin, { type: 'RECEIPT', unitId: p.chui, date: day(-5), quantity: 10, ...batch('HOLE-ARR') });
    for (const doc of [{ type: 'DISPENSING', caseId, quantity: -1 }, { type: 'ADJUSTMENT', reason: 'COUNT', quantity: 2 }, { type: 'ADJUSTMENT', reason: 'LOST', quantity: -2 }]) {
      const r = await move(admin, { unitId: p.chui, date: day(-6), ...batch('HOLE-ARR'), ...doc });
      expect([r.status, r.body.errors], JSON.stringify(doc)).toEqual([400, [{ field: 'date', msg: `Партия поступила в учреждение ${ru(day(-5))}: движение не может быть датировано раньше` }]]);
    }
    await moved(admin, { type: 'DISPENSING', unitId: p.chui, caseId, date: day(-5), quantity: -4, ...batch('HOLE-ARR') });
    // a receipt of the same batch dated earlier moves its arrival back
    await moved(admin, { type: 'RECEIPT', unitId: p.chui, date: day(-8), quantity: 1, ...batch('HOLE-ARR') });
    await moved(admin, { type: 'DISPENSING', unitId: p.chui, caseId, date: day(-8), quantity: -1, ...batch('HOLE-ARR') });
    expect(await balanceAndSum('HOLE-ARR')).toEqual([6, 6]);
  });

  it('what leaves on an earlier day may not take a later day below zero (the stock card by date never shows −10)', async () => {
    // 10 in on day −10, all 10 out on day −3, 10 more in on day −1: 10 held now, none on days −3 and −2
    await moved(admin, { type: 'RECEIPT', unitId: p.chui, date: day(-10), quantity: 10, ...batch('HOLE-CARD') });
    await moved(admin, { type: 'DISPENSING', unitId: p.chui, caseId, date: day(-3), quantity: -10, ...batch('HOLE-CARD') });
    await moved(admin, { type: 'RECEIPT', unitId: p.chui, date: day(-1), quantity: 10, ...batch('HOLE-CARD') });
    const early = await move(admin, { type: 'DISPENSING', unitId: p.chui, caseId, date: day(-5), quantity: -1, ...batch('HOLE-CARD') });
    expect([early.status, early.body.errors]).toEqual([400, [{ field: 'quantity', msg: `Недостаточно остатка на ${ru(day(-5))}: в наличии 0` }]]);
    const id = await batchIdOf('HOLE-CARD');
    const chosen = await admin.post('/api/stock/dispense', { unitId: p.chui, caseId, productId: p.hrze, quantity: 1, date: day(-2), batchId: id });
    expect([chosen.status, chosen.body.errors]).toEqual([400, [{ field: 'quantity', msg: `Недостаточно остатка на ${ru(day(-2))}: в наличии 0` }]]);
    await moved(admin, { type: 'DISPENSING', unitId: p.chui, caseId, date: day(-1), quantity: -10, ...batch('HOLE-CARD') });
    expect(await balanceAndSum('HOLE-CARD')).toEqual([0, 0]);
  });

  it('after its expiry a batch is only written off: an adjustment of it is refused', async () => {
    await moved(admin, { type: 'RECEIPT', unitId: p.chui, date: day(-20), quantity: 5, ...batch('HOLE-EXP', day(-2)) });
    for (const quantity of [-1, 1]) {
      const r = await move(admin, { type: 'ADJUSTMENT', reason: 'COUNT', unitId: p.chui, quantity, ...batch('HOLE-EXP', day(-2)) });
      expect([r.status, r.body.errors]).toEqual([400, [{ field: 'expiryDate', msg: 'Срок годности партии истёк: её можно только списать' }]]);
    }
    await moved(admin, { type: 'ADJUSTMENT', reason: 'DAMAGED', unitId: p.chui, date: day(-2), quantity: -1, ...batch('HOLE-EXP', day(-2)) });
    await moved(admin, { type: 'EXPIRED', unitId: p.chui, quantity: -4, ...batch('HOLE-EXP', day(-2)) });
    expect(await balanceAndSum('HOLE-EXP')).toEqual([0, 0]);
  });

  it('an emptied batch chosen for a dispensing is not enough stock, not "no such batch"; another unit’s batch is no such batch', async () => {
    await moved(admin, { type: 'RECEIPT', unitId: p.chui, quantity: 2, ...batch('HOLE-EMPTY') });
    await moved(admin, { type: 'DISPENSING', unitId: p.chui, caseId, quantity: -2, ...batch('HOLE-EMPTY') });
    const empty = await dispense({ quantity: 1, date: day(), batchId: await batchIdOf('HOLE-EMPTY') });
    expect([empty.status, empty.body.errors]).toEqual([400, [{ field: 'quantity', msg: 'Недостаточно остатка: в наличии 0' }]]);
    const elsewhere = await dispense({ quantity: 1, date: day(), batchId: await batchIdOf('FE-C') });
    expect([elsewhere.status, elsewhere.body.errors]).toEqual([400, [{ field: 'batchId', msg: 'Нет такой партии в учреждении' }]]);
  });
});

describe('an adjustment picks its batch', () => {
  const batchIdOf = async (batchNumber: string, unitId: string) =>
    String((await db().selectFrom('stockbatch').select('id').where('batch_number', '=', batchNumber).where('unit_id', '=', unitId).executeTakeFirstOrThrow()).id);
  const adjust = (client: ApiClient, body: Record<string, unknown>) => client.post('/api/stock/adjust', { unitId: p.bishkek, date: day(), type: 'ADJUSTMENT', ...body });

  it('the unit’s batches are offered by medicine, number, manufacturer, expiry and stock; another unit’s to nobody outside it', async () => {
    await moved(admin, { type: 'RECEIPT', unitId: p.bishkek, quantity: 30, ...batch('ADJ-1', '2027-03-31', { productId: p.hr }) });
    const offered = (await pharm.post('/api/opts/unit-batches', { unitId: p.bishkek })).body as { value: string; label: string }[];
    expect(offered.find((o) => o.label.includes('ADJ-1'))?.label).toBe('HR 75/150 · ADJ-1 · Lupin · до 31.03.2027 · остаток 30');
    expect((await pharm.post('/api/opts/unit-batches', { unitId: p.chui })).body).toEqual([]);
  });

  it('writes the adjustment of the batch picked, with its reason; refuses another unit’s batch, an expired one, and a user without STOCK_ADJ', async () => {
    const id = await batchIdOf('ADJ-1', p.bishkek);
    const r = await adjust(pharm, { batchId: id, reason: 'DAMAGED', quantity: -4 });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(await ledgerOf('ADJ-1')).toEqual([['RECEIPT', 30, 30], ['ADJUSTMENT', -4, 26]]);
    const noReason = await adjust(pharm, { batchId: id, quantity: -1 });
    expect([noReason.status, noReason.body.errors.map((e: any) => e.field)]).toEqual([400, ['reason']]);
    const elsewhere = await adjust(admin, { batchId: await batchIdOf('CHUI-1', p.chui), reason: 'LOST', quantity: -1 });
    expect([elsewhere.status, elsewhere.body.errors]).toEqual([400, [{ field: 'batchId', msg: 'Нет такой партии в учреждении' }]]);
    const expired = await adjust(admin, { unitId: p.chui, batchId: await batchIdOf('HOLE-2025', p.chui), reason: 'LOST', quantity: -1 });
    expect([expired.status, expired.body.errors]).toEqual([400, [{ field: 'batchId', msg: 'Срок годности партии истёк: её можно только списать' }]]);
    const off = await adjust(admin, { unitId: p.chui, batchId: await batchIdOf('HOLE-2025', p.chui), type: 'EXPIRED', quantity: -30 });
    expect(off.status, JSON.stringify(off.body)).toBe(200);
    const noAdj = await createUser(server, admin, 'NOADJ', holding(['INVENTORY', 'RECEIV']), 'Passw0rd', { unitId: p.bishkek, view: 'UNIT' });
    expect((await adjust(noAdj, { batchId: id, reason: 'LOST', quantity: -1 })).status).toBe(403);
    expect((await adjust(pharm, { unitId: p.chui, batchId: await batchIdOf('CHUI-1', p.chui), reason: 'LOST', quantity: -1 })).status).toBe(404);
    expect(await balanceAndSum('ADJ-1')).toEqual([26, 26]);
  });

  it('the unit says whether its initial inventory is still open', async () => {
    expect((await pharm.get(`/api/stock/unit/${p.bishkek}`)).body.initialOpen).toBe(false);
    const address = (await admin.get(`/api/tbl/unit/${p.bishkek}`)).body.address;
    const fresh = (await admin.post('/api/tbl/unit', { type: 'TBUNIT', name: 'ЦСМ Начала', active: true, address, receiveFromManufacturer: false })).body.result;
    expect((await admin.get(`/api/stock/unit/${fresh}`)).body.initialOpen).toBe(true);
    await moved(admin, { type: 'INITIAL', unitId: fresh, quantity: 3, ...batch('START-1') });
    expect((await admin.get(`/api/stock/unit/${fresh}`)).body.initialOpen).toBe(true);
    await moved(admin, { type: 'RECEIPT', unitId: fresh, quantity: 3, ...batch('START-1') });
    expect((await admin.get(`/api/stock/unit/${fresh}`)).body.initialOpen).toBe(false);
  });
});

describe('a batch’s stock card', () => {
  const batchIdOf = async (batchNumber: string) => String((await db().selectFrom('stockbatch').select('id').where('batch_number', '=', batchNumber).executeTakeFirstOrThrow()).id);
  const card = async (client: ApiClient, batchNumber: string) => client.get(`/api/stock/batch/${await batchIdOf(batchNumber)}/card`);
  const lines = (body: any) => body.lines.map((l: any) => [l.date, l.type, l.quantity, l.balance]);

  it('lists the movements by date with the running balance, whatever order they were typed in', async () => {
    // typed: 5 in on day −2, 3 out on day −1, then 4 in dated day −5 (the batch's arrival moves back)
    await moved(admin, { type: 'RECEIPT', unitId: p.chui, date: day(-2), quantity: 5, ...batch('CARD-1') });
    await moved(admin, { type: 'DISPENSING', unitId: p.chui, caseId, date: day(-1), quantity: -3, ...batch('CARD-1') });
    await moved(admin, { type: 'RECEIPT', unitId: p.chui, date: day(-5), quantity: 4, ...batch('CARD-1') });
    const r = await card(admin, 'CARD-1');
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(lines(r.body)).toEqual([[day(-5), 'RECEIPT', 4, 4], [day(-2), 'RECEIPT', 5, 9], [day(-1), 'DISPENSING', -3, 6]]);
    expect([r.body.batch.batchNumber, r.body.batch.manufacturer, r.body.batch.expiryDate, r.body.batch.quantity, r.body.batch.sourceName, r.body.carried, r.body.earlier])
      .toEqual(['CARD-1', 'Lupin', day(400), 6, 'Глобальный фонд', 0, 0]);
  });

  it('within a day what came in is listed before what went out', async () => {
    // typed: 5 in on day −2, all 5 out on day −1, then 2 in on day −1
    await moved(admin, { type: 'RECEIPT', unitId: p.chui, date: day(-2), quantity: 5, ...batch('CARD-2') });
    await moved(admin, { type: 'DISPENSING', unitId: p.chui, caseId, date: day(-1), quantity: -5, ...batch('CARD-2') });
    await moved(admin, { type: 'RECEIPT', unitId: p.chui, date: day(-1), quantity: 2, ...batch('CARD-2') });
    expect(lines((await card(admin, 'CARD-2')).body)).toEqual([[day(-2), 'RECEIPT', 5, 5], [day(-1), 'RECEIPT', 2, 7], [day(-1), 'DISPENSING', -5, 2]]);
  });

  it('is read with INVENTORY, in the reader’s view only', async () => {
    expect((await card(pharm, 'CARD-1')).status).toBe(404); // a Чуй batch, a Бишкек pharmacist
    expect((await card(pharm, 'ADJ-1')).status).toBe(200);
    const noStock = await createUser(server, admin, 'NOCARD', holding(['CASEMAN']), 'Passw0rd', { unitId: p.bishkek, view: 'UNIT' });
    expect((await card(noStock, 'ADJ-1')).status).toBe(403);
    expect((await admin.get(`/api/stock/batch/${crypto.randomUUID()}/card`)).status).toBe(404);
    expect((await admin.get('/api/stock/batch/x/card')).status).toBe(400);
  });
});
