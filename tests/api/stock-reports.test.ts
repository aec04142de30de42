// The stock reports on a real PostgreSQL: REP_MOVEMENTS — the units moved (+ in, − out) in a period
// by the stock report variables (medicine, movement type, month, unit, source), within the reader's view
// — and REP_ORDER_LEADTIME — the days each step of the orders received in a period took, and their
// averages. Every expected number is worked out by hand from the movements and orders written here.
import { beforeAll, describe, expect, it } from 'vitest';
import { kysely } from '../../server/db/kysely.ts';
import { createUser } from '../helpers/users.ts';
import { day, moved, stockPatientCase, stockPlaces, type StockPlaces } from '../helpers/stock.ts';
import type { ApiClient } from '../helpers/server.ts';
import { admin, server, useTestServer } from '../helpers/use-server.ts';

useTestServer();

let p: StockPlaces;
let chuiReader: ApiClient;
const batch = (batchNumber: string, productId: string) => ({ productId, sourceId: p.gf, batchNumber, manufacturer: 'Lupin', expiryDate: day(400) });
const batchId = async (batchNumber: string, unitId: string) =>
  String((await kysely(server.ctx.orm.em.fork()).selectFrom('stockbatch').select('id').where('batch_number', '=', batchNumber).where('unit_id', '=', unitId).executeTakeFirstOrThrow()).id);

beforeAll(async () => {
  p = await stockPlaces(admin);
  chuiReader = await createUser(server, admin, 'STOCKREP', [{ permission: 'REP_MOVEMENTS' }, { permission: 'REP_ORDER_LEADTIME' }], 'Passw0rd', { unitId: p.chui, view: 'UNIT' });
}, 120_000);

describe('REP_MOVEMENTS', () => {
  const HR = 'Изониазид + Рифампицин, таблетки 75/150 мг';
  const HRZE = 'Изониазид + Рифампицин + Пиразинамид + Этамбутол, таблетки 75/150/400/275 мг';
  const TYPES = ['Начальный остаток', 'Поступление', 'Выдача пациенту', 'Корректировка', 'Списание по сроку годности', 'Передача в другое учреждение', 'Получение из другого учреждения'];
  const JUNE_JULY = { iniDate: '2026-06-01', endDate: '2026-07-31' };
  const report = (client: ApiClient, body: Record<string, unknown>) => client.post('/api/stock/report/movements', { scope: 'WORKSPACE', ...JUNE_JULY, ...body });
  /** The table as {row label: [cells…, row total]}, the column labels, and the 'Итог' row. */
  const table = (ind: any) => ({
    columns: ind.columns.map((c: any) => c.labels.join(' / ')),
    rows: Object.fromEntries(ind.rows.map((r: any, i: number) => [r.labels.join(' / '), [...ind.values[i], ind.rowTotals[i]]])),
    totals: [...ind.columnTotals, ind.total],
  });

  beforeAll(async () => {
    const caseId = await stockPatientCase(admin, p.bishkek, 'Отчётов');
    // Бишкек: HR +100 (2 June), HRZE +50 (5 June), HR −10 dispensed (20 June), −3 damaged (3 July), −7 dispensed (15 July);
    // +5 on 30 May, before the period. Чуй: HR +40 (10 June).
    await moved(admin, { type: 'RECEIPT', unitId: p.bishkek, date: '2026-05-30', quantity: 5, ...batch('M-0', p.hr) });
    await moved(admin, { type: 'RECEIPT', unitId: p.bishkek, date: '2026-06-02', quantity: 100, ...batch('M-1', p.hr) });
    await moved(admin, { type: 'RECEIPT', unitId: p.bishkek, date: '2026-06-05', quantity: 50, ...batch('M-2', p.hrze) });
    await moved(admin, { type: 'RECEIPT', unitId: p.chui, date: '2026-06-10', quantity: 40, ...batch('M-3', p.hr) });
    const m1 = await batchId('M-1', p.bishkek);
    for (const [date, quantity] of [['2026-06-20', 10], ['2026-07-15', 7]] as const) {
      const r = await admin.post('/api/stock/dispense', { unitId: p.bishkek, caseId, productId: p.hr, quantity, date, batchId: m1 });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
    }
    await moved(admin, { type: 'ADJUSTMENT', reason: 'DAMAGED', unitId: p.bishkek, date: '2026-07-03', quantity: -3, ...batch('M-1', p.hr) });
  }, 60_000);

  it('by medicine and movement type: every type in declared order, zeros too; the totals are the net change', async () => {
    const r = await report(admin, { rowVariables: ['medicine'], columnVariables: ['movementType'] });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const t = table(r.body.indicator);
    expect(t.columns).toEqual(TYPES);
    expect(t.rows).toEqual({ [HR]: [0, 140, -17, -3, 0, 0, 0, 120], [HRZE]: [0, 50, 0, 0, 0, 0, 0, 50] });
    expect(t.totals).toEqual([0, 190, -17, -3, 0, 0, 0, 170]);
    expect(r.body.indicator.rowVariables).toEqual([{ id: 'medicine', name: 'Лекарство' }]);
    expect(r.body.indicator.totalLabel).toBe('Итог');
  });

  it('by month and medicine, narrowed to receipts and dispensings', async () => {
    const r = await report(admin, { rowVariables: ['month'], columnVariables: ['medicine'], types: ['RECEIPT', 'DISPENSING'] });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const t = table(r.body.indicator);
    expect(r.body.indicator.rowVariables).toEqual([{ id: 'month', name: 'Дата (месяц)' }]);
    expect(Object.keys(t.rows)).toEqual(['06.2026', '07.2026']);
    const hr = t.columns.indexOf(HR), hrze = t.columns.indexOf(HRZE);
    expect([t.rows['06.2026'][hr], t.rows['06.2026'][hrze], t.rows['06.2026'][2]]).toEqual([130, 50, 180]);
    expect([t.rows['07.2026'][hr], t.rows['07.2026'][hrze], t.rows['07.2026'][2]]).toEqual([-7, 0, -7]);
    // one medicine only: the HRZE column is gone
    const one = table((await report(admin, { rowVariables: ['unit'], columnVariables: ['movementType'], productIds: [p.hrze] })).body.indicator);
    expect(one.rows).toEqual({ 'Бишкекский городской противотуберкулёзный диспансер': [0, 50, 0, 0, 0, 0, 0, 50] });
  });

  it('by source and medicine (two row variables) and month: each pair of keys a row, with its own total', async () => {
    const GF = 'Глобальный фонд для борьбы со СПИДом, туберкулёзом и малярией';
    const r = await report(admin, { rowVariables: ['source', 'medicine'], columnVariables: ['month'] });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const t = table(r.body.indicator);
    expect(t.columns).toEqual(['06.2026', '07.2026']);
    // June: HR 100 − 10 + 40 (Чуй) = 130, HRZE 50; July: HR −3 − 7 = −10 — every batch here is the Global Fund's
    expect(t.rows).toEqual({ [`${GF} / ${HR}`]: [130, -10, 120], [`${GF} / ${HRZE}`]: [50, 0, 50] });
    expect(t.totals).toEqual([180, -10, 170]);
    expect(r.body.indicator.rowVariables).toEqual([{ id: 'source', name: 'Источник' }, { id: 'medicine', name: 'Лекарство' }]);
  });

  it('counts only the place asked within the reader’s view', async () => {
    const bishkek = table((await report(admin, { scope: 'UNIT', scopeId: p.bishkek, rowVariables: ['medicine'], columnVariables: ['movementType'] })).body.indicator);
    expect(bishkek.rows).toEqual({ [HR]: [0, 100, -17, -3, 0, 0, 0, 80], [HRZE]: [0, 50, 0, 0, 0, 0, 0, 50] });
    // a unit-view reader of Чуй asking for the workspace gets Чуй; for Бишкек, nothing
    const own = table((await report(chuiReader, { rowVariables: ['medicine'], columnVariables: ['movementType'] })).body.indicator);
    expect(own.rows).toEqual({ [HR]: [0, 40, 0, 0, 0, 0, 0, 40] });
    const other = (await report(chuiReader, { scope: 'UNIT', scopeId: p.bishkek, rowVariables: ['medicine'], columnVariables: ['movementType'] })).body.indicator;
    expect([other.rows, other.total]).toEqual([[], 0]);
  });

  it('refuses a request it cannot answer, and a reader without REP_MOVEMENTS', async () => {
    const bad = await report(admin, { rowVariables: ['weight'], columnVariables: ['movementType'] });
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0].field).toMatch(/^rowVariables/);
    const none = await report(admin, { rowVariables: [], columnVariables: ['movementType'] });
    expect([none.status, none.body.errors[0].field]).toEqual([400, 'rowVariables']);
    const backwards = await report(admin, { iniDate: '2026-07-31', endDate: '2026-06-01', rowVariables: ['medicine'], columnVariables: ['month'] });
    expect([backwards.status, backwards.body.errors]).toEqual([400, [{ field: 'endDate', msg: 'По дату: не может быть раньше, чем «С даты»' }]]);
    const noUnit = await report(admin, { scope: 'UNIT', rowVariables: ['medicine'], columnVariables: ['month'] });
    expect([noUnit.status, noUnit.body.errors[0].field]).toEqual([400, 'scopeId']);
    const elsewhere = await report(admin, { scope: 'UNIT', scopeId: crypto.randomUUID(), rowVariables: ['medicine'], columnVariables: ['month'] });
    expect(elsewhere.status).toBe(404);
    const plain = await createUser(server, admin, 'NOSTOCKREP', [{ permission: 'INVENTORY' }], 'Passw0rd', { unitId: p.bishkek, view: 'UNIT' });
    expect((await report(plain, { rowVariables: ['medicine'], columnVariables: ['month'] })).status).toBe(403);
    expect((await plain.post('/api/stock/report/leadtime', { scope: 'WORKSPACE', iniDate: '2026-09-01', endDate: '2026-10-31' })).status).toBe(403);
  });
});

describe('REP_ORDER_LEADTIME', () => {
  const step = async (id: string, name: string, body: Record<string, unknown>) => {
    const r = await admin.post(`/api/tbl/stockorder/${id}/action/${name}`, body);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
  };
  /** An order of Бишкек from the national centre taken through the steps dated as given (placed, authorised, sent, received). */
  const order = async (dates: string[]) => {
    const r = await admin.post('/api/tbl/stockorder', { unitId: p.bishkek, date: dates[0], items: [{ productId: p.hr, quantity: 10 }] });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const id = r.body.result as string;
    if (dates[1]) await step(id, 'authorize', { date: dates[1] });
    if (dates[2]) await step(id, 'send', { date: dates[2], shipped: [{ batchId: await batchId('LT-1', p.ncf), quantity: 10 }] });
    if (dates[3]) await step(id, 'receiveOrder', { date: dates[3] });
    return id;
  };
  const report = (client: ApiClient, body: Record<string, unknown> = {}) =>
    client.post('/api/stock/report/leadtime', { scope: 'WORKSPACE', iniDate: '2026-09-01', endDate: '2026-10-31', ...body });
  let a: string, b: string;

  beforeAll(async () => {
    await moved(admin, { type: 'RECEIPT', unitId: p.ncf, date: '2026-08-20', quantity: 500, ...batch('LT-1', p.hr) });
    a = await order(['2026-09-01', '2026-09-03', '2026-09-08', '2026-09-10']); // 2, 5, 2 days: 9
    b = await order(['2026-09-10', '2026-09-10', '2026-09-20', '2026-10-01']); // 0, 10, 11 days: 21
    await order(['2026-10-05', '2026-10-06', '2026-10-07']); // sent, not received: not counted
    await order(['2026-10-20', '2026-10-21', '2026-10-25', '2026-11-02']); // received after the period
  }, 60_000);

  it('lists the orders received in the period with the days of each step, and their averages', async () => {
    const r = await report(admin);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.count).toBe(2);
    // (2 + 0) / 2, (5 + 10) / 2, (2 + 11) / 2, (9 + 21) / 2
    expect(r.body.average).toEqual({ authorize: 1, send: 7.5, receive: 6.5, total: 15 });
    expect(r.body.orders.map((o: any) => [o.id, o.date, o.receivedDate, o.days])).toEqual([
      [b, '2026-09-10', '2026-10-01', { authorize: 0, send: 10, receive: 11, total: 21 }],
      [a, '2026-09-01', '2026-09-10', { authorize: 2, send: 5, receive: 2, total: 9 }],
    ]);
    expect([r.body.orders[0].unitName, r.body.orders[0].supplierName]).toEqual(['Бишкекский городской противотуберкулёзный диспансер', 'Национальный центр фтизиатрии']);
  });

  it('counts the ordering units of the place asked within the reader’s view', async () => {
    expect((await report(admin, { scope: 'UNIT', scopeId: p.bishkek })).body.count).toBe(2);
    expect((await report(admin, { scope: 'UNIT', scopeId: p.ncf })).body).toEqual({ count: 0, average: null, orders: [] });
    expect((await report(chuiReader)).body).toEqual({ count: 0, average: null, orders: [] });
    const oneDay = await report(admin, { iniDate: '2026-09-10', endDate: '2026-09-10' });
    expect(oneDay.body.orders.map((o: any) => o.id)).toEqual([a]);
  });
});
