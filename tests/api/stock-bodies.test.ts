// The stock calls' bodies are checked one way: each route declares its form file (schemas/forms/stock_*.json,
// the dialog renders the same) and the host checks it before the handler — ajv with the forms' Russian
// messages, then the form's date bounds — so a wrong field type or a date out of bounds is 400 with the
// field named and nothing written. The permission comes first: without it, 403 whatever the body.
// Expectations written by hand from the forms' fields and titles.
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { kysely } from '../../server/db/kysely.ts';
import { createUser } from '../helpers/users.ts';
import { day, moved, stockPatientCase, stockPlaces, type StockPlaces } from '../helpers/stock.ts';
import { admin, server, useTestServer } from '../helpers/use-server.ts';

useTestServer();

const db = () => kysely(server.ctx.orm.em.fork());
let p: StockPlaces;
let caseId: string;
let batchId: string;

/** What a stock call could change: the number of movements and the batch's stock on hand. */
const ledger = async () => {
  const moves = await db().selectFrom('stockmovement').select(sql<string>`count(*)`.as('n')).executeTakeFirstOrThrow();
  const held = await db().selectFrom('stockbatch').select('quantity').where('id', '=', batchId).executeTakeFirstOrThrow();
  return [Number(moves.n), Number(held.quantity)];
};

beforeAll(async () => {
  p = await stockPlaces(admin);
  caseId = await stockPatientCase(admin, p.bishkek, 'Телов');
  await moved(admin, { type: 'RECEIPT', unitId: p.bishkek, quantity: 40, productId: p.hrze, sourceId: p.gf, batchNumber: 'BODY-1', manufacturer: 'Lupin', expiryDate: day(300) });
  batchId = String((await db().selectFrom('stockbatch').select('id').where('batch_number', '=', 'BODY-1').executeTakeFirstOrThrow()).id);
}, 120_000);

describe('a stock body of the wrong shape', () => {
  it('is refused with 400 naming the field of the wrong type, in Russian, and nothing is written', async () => {
    const before = await ledger();
    const calls: [string, Record<string, unknown>, { field: string; msg: string }][] = [
      ['/api/stock/dispense', { unitId: p.bishkek, caseId, productId: p.hrze, quantity: '30', date: day() }, { field: 'quantity', msg: 'Количество: должно быть целым числом' }],
      ['/api/stock/adjust', { unitId: p.bishkek, batchId, type: 'ADJUSTMENT', reason: 'DAMAGED', date: day(), quantity: 'минус 3' }, { field: 'quantity', msg: 'Количество (+ прибыло, − убыло): должно быть целым числом' }],
      ['/api/stock/writeoff', { unitId: p.bishkek, date: 20261126 }, { field: 'date', msg: 'Дата: должно быть строкой' }],
      [`/api/stock/case/${caseId}/dispense`, { unitId: p.bishkek, date: day(), items: [{ productId: p.hrze, quantity: '12' }] }, { field: 'items.0.quantity', msg: 'Количество: должно быть целым числом' }],
      ['/api/stock/dispense', { unitId: 'Бишкек', caseId, productId: p.hrze, quantity: 30, date: day() }, { field: 'unitId', msg: 'Учреждение: должно быть идентификатором записи' }],
    ];
    for (const [path, body, error] of calls) {
      const r = await admin.post(path, body);
      expect([r.status, r.body.errors], path).toEqual([400, [error]]);
    }
    expect(await ledger()).toEqual(before);
  });

  it('is refused with 400 on a date after today (the form’s bound, in the user’s time zone), and nothing is written', async () => {
    const before = await ledger();
    const afterToday = 'Дата: не может быть позже сегодняшнего дня';
    const dispense = await admin.post('/api/stock/dispense', { unitId: p.bishkek, caseId, productId: p.hrze, quantity: 1, date: day(2) });
    expect([dispense.status, dispense.body.errors]).toEqual([400, [{ field: 'date', msg: afterToday }]]);
    const adjust = await admin.post('/api/stock/adjust', { unitId: p.bishkek, batchId, type: 'ADJUSTMENT', reason: 'DAMAGED', date: day(2), quantity: -1 });
    expect([adjust.status, adjust.body.errors]).toEqual([400, [{ field: 'date', msg: afterToday }]]);
    const report = await admin.post('/api/stock/report/leadtime', { scope: 'WORKSPACE', iniDate: '2026-10-01', endDate: '2026-09-30' });
    expect([report.status, report.body.errors]).toEqual([400, [{ field: 'endDate', msg: 'По дату: не может быть раньше, чем «С даты»' }]]);
    expect(await ledger()).toEqual(before);
    // the same bodies of the right shape and dates are taken: one unit given, one written off
    expect((await admin.post('/api/stock/dispense', { unitId: p.bishkek, caseId, productId: p.hrze, quantity: 1, date: day(), batchId })).status).toBe(200);
    expect((await admin.post('/api/stock/adjust', { unitId: p.bishkek, batchId, type: 'ADJUSTMENT', reason: 'DAMAGED', date: day(), quantity: -1 })).status).toBe(200);
    expect(await ledger()).toEqual([before[0] + 2, 38]);
  });

  it('from a user without the route’s permission is 403 before the body is read', async () => {
    const reader = await createUser(server, admin, 'STOCKBODYREADER', [{ permission: 'INVENTORY' }]);
    const before = await ledger();
    expect((await reader.post('/api/stock/dispense', { quantity: 'много' })).status).toBe(403);
    expect((await reader.post('/api/stock/adjust', { quantity: 'много' })).status).toBe(403);
    expect((await reader.get(`/api/stock/unit/${p.bishkek}`)).status).toBe(200);
    expect(await ledger()).toEqual(before);
  });
});
