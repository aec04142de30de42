// A unit's stock count (inventory) on a real PostgreSQL: every batch held counted, each line
// with the ledger's stock on hand and the difference, which becomes the batch's adjustment on the count's
// day; no movement of the unit dated before its last count; a count never changed; bad counts refused
// with their row and nothing changed.
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { dateText } from '../../engine/date-text.ts';
import { kysely } from '../../server/db/kysely.ts';
import { day, move, moved, onHandByBatch, stockPatientCase, stockPlaces, type StockPlaces } from '../helpers/stock.ts';
import type { ApiClient } from '../helpers/server.ts';
import { createUser } from '../helpers/users.ts';
import { admin, server, useTestServer } from '../helpers/use-server.ts';

useTestServer();

const db = () => kysely(server.ctx.orm.em.fork());
const ru = (d: string) => dateText(d, 'ru');
let p: StockPlaces;
let unit: string;
let caseId: string;
let counter: ApiClient;
const holding = (perms: string[]) => perms.map((permission) => ({ permission }));
const batch = (batchNumber: string, expiryDate = day(400), productId?: string) => ({ productId: productId ?? p.hrze, sourceId: p.gf, batchNumber, manufacturer: 'Lupin', expiryDate });
const idOf = async (batchNumber: string) => String((await db().selectFrom('stockbatch').select('id').where('batch_number', '=', batchNumber).where('unit_id', '=', unit).executeTakeFirstOrThrow()).id);
const count = (client: ApiClient, items: [string, number][], extra: Record<string, unknown> = {}) =>
  Promise.all(items.map(async ([b, counted]) => ({ batchId: b.length === 36 ? b : await idOf(b), counted }))).then((rows) => client.post('/api/tbl/stockcount', { unitId: unit, date: day(), items: rows, ...extra }));
const movements = async () => Number((await db().selectFrom('stockmovement').select(sql<string>`count(*)`.as('n')).where('unit_id', '=', unit).executeTakeFirstOrThrow()).n);

beforeAll(async () => {
  p = await stockPlaces(admin);
  const address = (await admin.get(`/api/tbl/unit/${p.bishkek}`)).body.address;
  unit = (await admin.post('/api/tbl/unit', { type: 'TBUNIT', name: 'ЦСМ Инвентаризации', active: true, address, receiveFromManufacturer: false })).body.result;
  caseId = await stockPatientCase(admin, unit, 'Пересчётов');
  counter = await createUser(server, admin, 'COUNTER', holding(['INVENTORY', 'STOCK_ADJ', 'RECEIV', 'DISP_PAC', 'CASEMAN']), 'Passw0rd', { unitId: unit, view: 'UNIT' });
  // A: 40 HRZE from day −10, 5 of them dispensed on day −2; B: 10 HR; OLD expired yesterday; GONE emptied
  await moved(admin, { type: 'RECEIPT', unitId: unit, date: day(-10), quantity: 40, ...batch('A') });
  await moved(admin, { type: 'DISPENSING', unitId: unit, caseId, date: day(-2), quantity: -5, ...batch('A') });
  await moved(admin, { type: 'RECEIPT', unitId: unit, date: day(-10), quantity: 10, ...batch('B', day(300), p.hr) });
  await moved(admin, { type: 'RECEIPT', unitId: unit, date: day(-10), quantity: 5, ...batch('OLD', day(-1)) });
  await moved(admin, { type: 'RECEIPT', unitId: unit, date: day(-10), quantity: 3, ...batch('GONE') });
  await moved(admin, { type: 'DISPENSING', unitId: unit, caseId, date: day(-9), quantity: -3, ...batch('GONE') });
}, 120_000);

describe('a stock count', () => {
  it('refuses a count leaving out a batch held, counting one twice or another unit’s; nothing changes', async () => {
    const before = await movements();
    const missing = await count(counter, [['A', 35]]);
    expect([missing.status, missing.body.errors]).toEqual([400, [{ field: 'items', msg: 'Пересчитайте все партии учреждения: не указана партия B' }]]);
    const twice = await count(counter, [['A', 35], ['B', 10], ['A', 34]]);
    expect([twice.status, twice.body.errors]).toEqual([400, [{ field: 'items.2.batchId', msg: 'Партия указана дважды' }]]);
    await moved(admin, { type: 'RECEIPT', unitId: p.chui, quantity: 1, ...batch('ELSEWHERE') });
    const elsewhere = String((await db().selectFrom('stockbatch').select('id').where('batch_number', '=', 'ELSEWHERE').executeTakeFirstOrThrow()).id);
    const other = await count(admin, [['A', 35], ['B', 10], [elsewhere, 1]]);
    expect([other.status, other.body.errors]).toEqual([400, [{ field: 'items.2.batchId', msg: 'Нет такой партии в учреждении' }]]);
    expect([await movements(), (await db().selectFrom('stockcount').select('id').execute()).length]).toEqual([before, 0]);
  });

  it('a backdated count that would take a later day below zero is refused on its line', async () => {
    // on day −5 A held 40; counting 4 then would leave −1 after day −2's 5
    const r = await count(counter, [['A', 4], ['B', 10], ['OLD', 5]], { date: day(-5) });
    expect([r.status, r.body.errors]).toEqual([400, [{ field: 'items.0.counted', msg: `Недостаточно остатка на ${ru(day(-5))}: в наличии 35` }]]);
  });

  it('records each line with the ledger’s stock on the day and the difference, adjusting the batches that differ on the count’s day', async () => {
    const r = await count(counter, [['A', 33], ['B', 11], ['OLD', 5]]);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const doc = (await counter.get(`/api/tbl/stockcount/${r.body.result}`)).body;
    expect(doc.items.map((i: any) => [i.counted, i.onHand, i.difference, typeof i.movementId])).toEqual([[33, 35, -2, 'string'], [11, 10, 1, 'string'], [5, 5, 0, 'undefined']]);
    const adjusted = await db().selectFrom('stockmovement').select(['batch_number', 'type', 'reason', 'quantity', sql<string>`date::text`.as('date')]).where('unit_id', '=', unit).where('type', '=', 'ADJUSTMENT').orderBy('batch_number').execute();
    expect(adjusted.map((m) => [m.batch_number, m.reason, m.quantity, m.date])).toEqual([['A', 'COUNT', -2, day()], ['B', 'COUNT', 1, day()]]);
    const stock = await onHandByBatch(counter, unit);
    expect([stock.A, stock.B, stock.OLD]).toEqual([33, 11, 5]);
    const history = await db().selectFrom('cmdhistory').select('action').where('entity_id', '=', r.body.result).execute();
    expect(history.map((h) => h.action)).toEqual(['create']);
  });

  it('nothing of the unit is dated before its last count afterwards, nor a count; on the count’s day it is', async () => {
    const early = await move(admin, { type: 'DISPENSING', unitId: unit, caseId, date: day(-1), quantity: -1, ...batch('A') });
    expect([early.status, early.body.errors]).toEqual([400, [{ field: 'date', msg: `Движение не может быть датировано раньше последней инвентаризации учреждения (${ru(day())})` }]]);
    const earlyReceipt = await move(admin, { type: 'RECEIPT', unitId: unit, date: day(-3), quantity: 1, ...batch('LATE') });
    expect([earlyReceipt.status, earlyReceipt.body.errors[0].field]).toEqual([400, 'date']);
    const earlyCount = await count(counter, [['A', 33], ['B', 11]], { date: day(-1) });
    expect([earlyCount.status, earlyCount.body.errors]).toEqual([400, [{ field: 'date', msg: `Движение не может быть датировано раньше последней инвентаризации учреждения (${ru(day())})` }]]);
    await moved(admin, { type: 'DISPENSING', unitId: unit, caseId, quantity: -1, ...batch('A') });
    // another unit is not held by this unit's count
    await moved(admin, { type: 'RECEIPT', unitId: p.chui, date: day(-3), quantity: 1, ...batch('ELSEWHERE') });
  });

  it('is never changed or deleted, needs STOCK_ADJ and the unit in the writer’s view', async () => {
    const id = String((await db().selectFrom('stockcount').select('id').executeTakeFirstOrThrow()).id);
    expect((await admin.post(`/api/tbl/stockcount/${id}`, { note: 'Исправлено' })).status).toBe(400);
    expect((await admin.delete(`/api/tbl/stockcount/${id}`)).status).toBe(400);
    const viewer = await createUser(server, admin, 'COUNTVIEW', holding(['INVENTORY']), 'Passw0rd', { unitId: unit, view: 'UNIT' });
    expect((await count(viewer, [['A', 32], ['B', 11]])).status).toBe(403);
    const outsider = await createUser(server, admin, 'COUNTOUT', holding(['INVENTORY', 'STOCK_ADJ']), 'Passw0rd', { unitId: p.chui, view: 'UNIT' });
    const r = await count(outsider, [['A', 32], ['B', 11]]);
    expect([r.status, r.body.errors?.[0]?.field]).toEqual([404, 'unitId']);
    expect((await db().selectFrom('stockcount').select('id').execute()).length).toBe(1);
  });
});
