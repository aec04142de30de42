// Orders on a real PostgreSQL: an order's full cycle (new → authorised by the authorizer unit →
// sent by the supplier with its batches → received by the ordering unit; cancelled before it is
// sent), steps out of turn refused; the order proposal on a hand-computed example; the early
// warnings — expiry, min/max months of stock at their boundaries, the stock-out date.
import { beforeAll, describe, expect, it } from 'vitest';
import { kysely } from '../../server/db/kysely.ts';
import { createUser } from '../helpers/users.ts';
import { day, moved, newSupplyUnit, onHandByBatch, stockPatientCase, stockPlaces, type StockPlaces } from '../helpers/stock.ts';
import type { ApiClient } from '../helpers/server.ts';
import { admin, server, useTestServer } from '../helpers/use-server.ts';

useTestServer();

const db = () => kysely(server.ctx.orm.em.fork());
let p: StockPlaces;
const holding = (perms: string[]) => perms.map((permission) => ({ permission }));
const batch = (batchNumber: string, productId: string, expiryDate: string) => ({ productId, sourceId: p.gf, batchNumber, manufacturer: 'Lupin', expiryDate });
const batchId = async (batchNumber: string, unitId: string) =>
  String((await db().selectFrom('stockbatch').select('id').where('batch_number', '=', batchNumber).where('unit_id', '=', unitId).executeTakeFirstOrThrow()).id);

/** A new TB unit supplied and authorised by the national centre, ordering for `numDaysOrder` days. */
const newUnit = (name: string, numDaysOrder: number) => newSupplyUnit(admin, p, name, numDaysOrder);

let unit: string;
let orderer: ApiClient;
let authority: ApiClient;

beforeAll(async () => {
  p = await stockPlaces(admin);
  unit = await newUnit('ЦСМ Заказов', 60);
  orderer = await createUser(server, admin, 'ORDERER', holding(['INVENTORY', 'NEW_ORDER', 'RECEIV_ORDER', 'ORDER_CANC']), 'Passw0rd', { unitId: unit, view: 'UNIT' });
  authority = await createUser(server, admin, 'AUTHORITY', holding(['INVENTORY', 'VAL_ORDER', 'SEND_ORDER', 'ORDER_CANC']), 'Passw0rd', { unitId: p.ncf, view: 'UNIT' });
}, 120_000);

const order = (client: ApiClient, items: { productId: string; quantity: number }[], date = day(-1)) => client.post('/api/tbl/stockorder', { unitId: unit, date, items });
const step = (client: ApiClient, id: string, name: string, body: Record<string, unknown> = { date: day() }) => client.post(`/api/tbl/stockorder/${id}/action/${name}`, body);

describe('an order’s cycle', () => {
  let id: string;

  it('a unit orders from its own supplier, authorised by its authorizer', async () => {
    const r = await order(orderer, [{ productId: p.hrze, quantity: 60 }]);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    id = r.body.result;
    const doc = (await orderer.get(`/api/tbl/stockorder/${id}`)).body;
    expect([doc.state, doc.supplierId, doc.authorizerId]).toEqual(['NEW', p.ncf, p.ncf]);
    expect((await authority.get(`/api/tbl/stockorder/${id}`)).status).toBe(200);
  });

  it('steps out of turn are refused, and each step needs its permission and its unit', async () => {
    const early = await step(authority, id, 'send', { date: day(), shipped: [{ batchId: crypto.randomUUID(), quantity: 1 }] });
    expect([early.status, early.body.errors[0].msg]).toEqual([400, 'Этот шаг заказа сейчас недоступен: заказ в состоянии «Новый»']);
    expect((await step(orderer, id, 'receiveOrder')).status).toBe(400);
    expect((await step(orderer, id, 'authorize')).status).toBe(403);
    const before = await step(authority, id, 'authorize', { date: day(-2) });
    expect([before.status, before.body.errors[0].field]).toEqual([400, 'date']);
    const ok = await step(authority, id, 'authorize');
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect((await step(authority, id, 'authorize')).status).toBe(400);
    expect((await orderer.get(`/api/tbl/stockorder/${id}`)).body).toMatchObject({ state: 'AUTHORIZED', authorizedDate: day() });
  });

  it('the supplier sends batches of what was ordered: they leave its stock', async () => {
    await moved(admin, { type: 'RECEIPT', unitId: p.ncf, quantity: 100, ...batch('O-1', p.hrze, day(400)) });
    await moved(admin, { type: 'RECEIPT', unitId: p.ncf, quantity: 100, ...batch('O-HR', p.hr, day(400)) });
    const wrong = await step(authority, id, 'send', { date: day(), shipped: [{ batchId: await batchId('O-HR', p.ncf), quantity: 5 }] });
    expect([wrong.status, wrong.body.errors[0].field]).toEqual([400, 'shipped.0.batchId']);
    const much = await step(authority, id, 'send', { date: day(), shipped: [{ batchId: await batchId('O-1', p.ncf), quantity: 101 }] });
    expect([much.status, much.body.errors]).toEqual([400, [{ field: 'shipped.0.quantity', msg: 'Недостаточно остатка: в наличии 100' }]]);
    expect((await step(orderer, id, 'send', { date: day(), shipped: [{ batchId: await batchId('O-1', p.ncf), quantity: 60 }] })).status).toBe(403);
    const sent = await step(authority, id, 'send', { date: day(), shipped: [{ batchId: await batchId('O-1', p.ncf), quantity: 60 }] });
    expect(sent.status, JSON.stringify(sent.body)).toBe(200);
    expect((await onHandByBatch(authority, p.ncf))['O-1']).toBe(40);
    expect((await step(orderer, id, 'cancelOrder')).status).toBe(400);
  });

  it('the ordering unit receives the batches sent; the history holds each step', async () => {
    expect((await step(authority, id, 'receiveOrder')).status).toBe(403);
    const got = await step(orderer, id, 'receiveOrder');
    expect(got.status, JSON.stringify(got.body)).toBe(200);
    expect((await onHandByBatch(orderer, unit))['O-1']).toBe(60);
    expect((await orderer.get(`/api/tbl/stockorder/${id}`)).body).toMatchObject({ state: 'RECEIVED', sentDate: day(), receivedDate: day() });
    const history = await db().selectFrom('cmdhistory').select('action').where('entity_id', '=', id).orderBy('exec_date').execute();
    expect(history.map((h) => h.action)).toEqual(['create', 'authorize', 'send', 'receiveOrder']);
    expect((await step(orderer, id, 'receiveOrder')).status).toBe(400);
  });

  it('its requisition and delivery note name what was ordered and what was shipped, for the order’s units alone', async () => {
    const HRZE = 'Изониазид + Рифампицин + Пиразинамид + Этамбутол, таблетки 75/150/400/275 мг';
    const r = await orderer.get(`/api/stock/order/${id}`);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body).toEqual({
      id, date: day(-1), state: 'RECEIVED', unitName: 'ЦСМ Заказов', supplierName: 'Национальный центр фтизиатрии', authorizerName: 'Национальный центр фтизиатрии',
      authorizedDate: day(), sentDate: day(), receivedDate: day(), cancelledDate: null,
      items: [{ productName: HRZE, quantity: 60 }],
      shipped: [{ productName: HRZE, batchNumber: 'O-1', manufacturer: 'Lupin', expiryDate: day(400), sourceName: 'Глобальный фонд', quantity: 60 }],
    });
    // the supplier reads it too; a reader of another unit is told there is none, as of an order that does not exist
    expect((await authority.get(`/api/stock/order/${id}`)).status).toBe(200);
    const other = await createUser(server, admin, 'ORDER_OTHER', holding(['INVENTORY']), 'Passw0rd', { unitId: p.chui, view: 'UNIT' });
    expect((await other.get(`/api/stock/order/${id}`)).status).toBe(404);
    expect((await other.get(`/api/stock/order/${crypto.randomUUID()}`)).status).toBe(404);
    expect((await other.get('/api/stock/order/nope')).status).toBe(400);
    const noStock = await createUser(server, admin, 'ORDER_NOSTOCK', holding(['CASEMAN']), 'Passw0rd', { unitId: unit, view: 'UNIT' });
    expect((await noStock.get(`/api/stock/order/${id}`)).status).toBe(403);
  });

  it('cancelled before it is sent; not by hand; not without a supplier or NEW_ORDER', async () => {
    const id2 = (await order(orderer, [{ productId: p.hr, quantity: 5 }])).body.result;
    expect((await admin.post(`/api/tbl/stockorder/${id2}`, { state: 'RECEIVED' })).status).toBe(400);
    expect((await step(orderer, id2, 'cancelOrder')).status).toBe(200);
    expect((await orderer.get(`/api/tbl/stockorder/${id2}`)).body.state).toBe('CANCELLED');
    expect((await step(authority, id2, 'authorize')).status).toBe(400);
    const noSupplier = await admin.post('/api/tbl/stockorder', { unitId: p.ncf, date: day(), items: [{ productId: p.hr, quantity: 1 }] });
    expect([noSupplier.status, noSupplier.body.errors]).toEqual([400, [{ field: 'unitId', msg: 'У учреждения не указан поставщик' }]]);
    expect((await order(authority, [{ productId: p.hr, quantity: 1 }])).status).toBe(403);
  });
});

describe('the order proposal and the stock-out date (hand-computed)', () => {
  it('shows consumption and forecast side by side: max(0, 6 months × monthly need − on hand − on order)', async () => {
    const u = await newUnit('ЦСМ Прогноза', 60);
    const caseId = await stockPatientCase(admin, u, 'Прогнозов');
    const regimenId = (await admin.post('/api/tbl/regimen/query', { pageSize: 50 })).body.list.find((r: any) => r.name === '2HRZE/4HR').id;
    // 2HRZE/4HR from 5 days ago: HRZE 4 a day through day 54 from today, then HR 4 a day
    expect((await admin.post('/api/cases/case/treatment/start', { caseId, unitId: u, iniDate: day(-5), regimenId })).status).toBe(200);
    await moved(admin, { type: 'RECEIPT', unitId: u, date: day(-20), quantity: 190, ...batch('P-1', p.hrze, day(400)) });
    expect((await admin.post('/api/stock/dispense', { unitId: u, caseId, productId: p.hrze, quantity: 90, date: day(-10) })).status).toBe(200);
    expect((await admin.post('/api/tbl/stockorder', { unitId: u, date: day(), items: [{ productId: p.hrze, quantity: 20 }] })).status).toBe(200);
    const r = await admin.get(`/api/stock/unit/${u}/proposal?date=${day()}`);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect([r.body.numDaysOrder, r.body.maxStockOnHand]).toEqual([60, 6]);
    const line = (id: string) => {
      const l = r.body.lines.find((x: any) => x.productId === id);
      return [l.onHand, l.onOrder, l.amc, l.forecast, l.forecastMonthly, l.byConsumption, l.byForecast, l.stockOutDate];
    };
    // HRZE: on hand 190 − 90 = 100, on order 20, AMC 90 ÷ 3 = 30; forecast: days 0…54 of the next 60 × 4 = 220,
    // 110 a month; by consumption 6 × 30 − 100 − 20 = 60; by forecast 6 × 110 − 120 = 540; 4 a day runs out on day 25 (104 > 100)
    expect(line(p.hrze)).toEqual([100, 20, 30, 220, 110, 60, 540, day(25)]);
    // HR: none held or used; forecast days 55…59 × 4 = 20, 10 a month: 6 × 10 = 60; runs out on its first day
    expect(line(p.hr)).toEqual([0, 0, 0, 20, 10, 0, 60, day(55)]);
    const alerts = (await admin.get(`/api/stock/unit/${u}/alerts?date=${day()}`)).body;
    expect(alerts.stockOut.map((s: any) => [s.productId === p.hrze ? 'HRZE' : 'HR', s.date]).sort()).toEqual([['HR', day(55)], ['HRZE', day(25)]]);
    // the workspace dashboard: the same dates, soonest first — the unit's only warning (3.3 months of stock, nothing expiring)
    const stockOut = (units: any[]) => units.find((x) => x.unitId === u)?.stockOut.map((s: any) => [s.productId === p.hrze ? 'HRZE' : 'HR', s.date]);
    const dash = (await admin.get(`/api/stock/alerts?date=${day()}`)).body.units.find((x: any) => x.unitId === u);
    expect([dash.unitName, dash.expiring, dash.low, dash.high]).toEqual(['ЦСМ Прогноза', 0, 0, 0]);
    expect(stockOut((await admin.get(`/api/stock/alerts?date=${day()}`)).body.units)).toEqual([['HRZE', day(25)], ['HR', day(55)]]);
    // asked for tomorrow with nothing dispensed meanwhile: the 100 cover days 1…25, so HRZE runs out on day 26; HR still on its first day, 55
    expect(stockOut((await admin.get(`/api/stock/alerts?date=${day(1)}`)).body.units)).toEqual([['HRZE', day(26)], ['HR', day(55)]]);
    // a reader of that unit alone sees it; a reader of another unit does not
    const own = await createUser(server, admin, 'FORECAST_UNIT', holding(['INVENTORY']), 'Passw0rd', { unitId: u, view: 'UNIT' });
    expect(stockOut((await own.get(`/api/stock/alerts?date=${day()}`)).body.units)).toEqual([['HRZE', day(25)], ['HR', day(55)]]);
    const other = await createUser(server, admin, 'FORECAST_OTHER', holding(['INVENTORY']), 'Passw0rd', { unitId: p.chui, view: 'UNIT' });
    expect(stockOut((await other.get(`/api/stock/alerts?date=${day()}`)).body.units)).toBeUndefined();
  });
});

describe('on order and the AMC (hand-computed)', () => {
  it('an order placed, authorised or sent is on order, one received or cancelled is not; the AMC is the 90 days before the day ÷ 3', async () => {
    const u = await newUnit('ЦСМ Потребления', 60);
    const caseId = await stockPatientCase(admin, u, 'Потреблёнов');
    await moved(admin, { type: 'RECEIPT', unitId: u, date: day(-100), quantity: 500, ...batch('C-1', p.hr, day(400)) });
    // dispensed: 30 on day −91 (before the window), 3 on day −90 (its first day), 60 on day −60, 30 yesterday, 5 today (not over)
    for (const [quantity, date] of [[30, day(-91)], [3, day(-90)], [60, day(-60)], [30, day(-1)], [5, day()]] as const) {
      const r = await admin.post('/api/stock/dispense', { unitId: u, caseId, productId: p.hr, quantity, date });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
    }
    await moved(admin, { type: 'RECEIPT', unitId: p.ncf, quantity: 100, ...batch('C-NCF', p.hr, day(400)) });
    const ncfBatch = await batchId('C-NCF', p.ncf);
    // five orders of HR: 1 left new, 2 authorised, 4 sent, 8 received, 16 cancelled
    const steps: Record<number, [string, Record<string, unknown>][]> = {
      1: [],
      2: [['authorize', {}]],
      4: [['authorize', {}], ['send', { shipped: [{ batchId: ncfBatch, quantity: 4 }] }]],
      8: [['authorize', {}], ['send', { shipped: [{ batchId: ncfBatch, quantity: 8 }] }], ['receiveOrder', {}]],
      16: [['cancelOrder', {}]],
    };
    for (const [quantity, todo] of Object.entries(steps)) {
      const id = (await admin.post('/api/tbl/stockorder', { unitId: u, date: day(), items: [{ productId: p.hr, quantity: Number(quantity) }] })).body.result;
      for (const [name, body] of todo) expect((await step(admin, id, name, { date: day(), ...body })).status, `${quantity} ${name}`).toBe(200);
    }
    const r = await admin.get(`/api/stock/unit/${u}/proposal?date=${day()}`);
    const line = r.body.lines.find((x: any) => x.productId === p.hr);
    // on hand 500 − 128 dispensed + 8 received = 380; on order 1 + 2 + 4 = 7; AMC (3 + 60 + 30) ÷ 3 = 31
    expect([line.onHand, line.onOrder, line.amc]).toEqual([380, 7, 31]);
    // by consumption: 6 × 31 = 186 < 380 + 7: nothing
    expect(line.byConsumption).toBe(0);
  });
});

describe('early warning', () => {
  let u: string;
  let caseId: string;
  beforeAll(async () => {
    u = await newUnit('ЦСМ Сигналов', 120);
    caseId = await stockPatientCase(admin, u, 'Сигналов');
    await moved(admin, { type: 'RECEIPT', unitId: u, date: day(-20), quantity: 200, ...batch('W-1', p.hr, day(400)) });
    expect((await admin.post('/api/stock/dispense', { unitId: u, caseId, productId: p.hr, quantity: 90, date: day(-10) })).status).toBe(200);
  }, 60_000);
  const levels = async () => (await admin.get(`/api/stock/unit/${u}/alerts?date=${day()}`)).body.levels.map((l: any) => [l.onHand, l.level]);
  const adjust = (quantity: number) => moved(admin, { type: 'ADJUSTMENT', reason: 'COUNT', unitId: u, quantity, ...batch('W-1', p.hr, day(400)) });

  it('min and max months of consumption (AMC 30 a month; min 3, max 6 months) at their boundaries', async () => {
    expect(await levels()).toEqual([]); // 110 = 3.7 months
    await adjust(-20);
    expect(await levels()).toEqual([]); // 90 = 3 months: not below
    await adjust(-1);
    expect(await levels()).toEqual([[89, 'LOW']]);
    const dash = (await admin.get(`/api/stock/alerts?date=${day()}`)).body.units.find((x: any) => x.unitId === u);
    expect(dash).toMatchObject({ unitName: 'ЦСМ Сигналов', low: 1, high: 0 });
    await adjust(91);
    expect(await levels()).toEqual([]); // 180 = 6 months: not above
    await adjust(1);
    expect(await levels()).toEqual([[181, 'HIGH']]);
  });

  it('batches expiring within 3 months are listed, later ones not; the dashboard counts them in the reader’s view only', async () => {
    await moved(admin, { type: 'RECEIPT', unitId: u, quantity: 5, ...batch('W-SOON', p.hrze, day(30)) });
    await moved(admin, { type: 'RECEIPT', unitId: u, quantity: 5, ...batch('W-LATER', p.hrze, day(130)) });
    const alerts = (await admin.get(`/api/stock/unit/${u}/alerts?date=${day()}`)).body;
    expect(alerts.expiring.map((e: any) => [e.batchNumber, e.expiryDate, e.quantity, e.expired])).toEqual([['W-SOON', day(30), 5, false]]);
    expect((await admin.get(`/api/stock/alerts?date=${day()}`)).body.units.find((x: any) => x.unitId === u).expiring).toBe(1);
    const other = await createUser(server, admin, 'ALERTS_UNIT', holding(['INVENTORY']), 'Passw0rd', { unitId: p.chui, view: 'UNIT' });
    expect((await other.get(`/api/stock/alerts?date=${day()}`)).body.units.map((x: any) => x.unitId)).not.toContain(u);
    expect((await other.get(`/api/stock/unit/${u}/alerts`)).status).toBe(404);
  });
});
