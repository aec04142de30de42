// On a real PostgreSQL: dispensing from treatment — the dose units a patient took by the
// recorded calendar, less what was dispensed, given out first expiry first out and listed on the case —
// and transfers between units: sent (the batches leave), received by the other unit or cancelled by
// the sender, each step its permission, its unit and its turn.
import { beforeAll, describe, expect, it } from 'vitest';
import { dateText } from '../../engine/date-text.ts';
import { kysely } from '../../server/db/kysely.ts';
import { createUser } from '../helpers/users.ts';
import { day, move, moved, onHandByBatch, stockPatientCase, stockPlaces, stockTreatedCase, type StockPlaces } from '../helpers/stock.ts';
import type { ApiClient } from '../helpers/server.ts';
import { admin, server, useTestServer } from '../helpers/use-server.ts';

useTestServer();

const db = () => kysely(server.ctx.orm.em.fork());
let p: StockPlaces;
let pharm: ApiClient;
const holding = (perms: string[]) => perms.map((permission) => ({ permission }));
const batch = (batchNumber: string, productId: string, expiryDate: string) => ({ productId, sourceId: p.gf, batchNumber, manufacturer: 'Lupin', expiryDate });
const batchId = async (batchNumber: string, unitId: string) =>
  String((await db().selectFrom('stockbatch').select('id').where('batch_number', '=', batchNumber).where('unit_id', '=', unitId).executeTakeFirstOrThrow()).id);

beforeAll(async () => {
  p = await stockPlaces(admin);
  pharm = await createUser(server, admin, 'PHARM2', holding(['INVENTORY', 'DISP_PAC', 'RECEIV']), 'Passw0rd', { unitId: p.bishkek, view: 'UNIT', playOtherUnits: false });
}, 120_000);

describe('dispensing from treatment', () => {
  let caseId: string;
  beforeAll(async () => {
    caseId = await stockPatientCase(admin, p.bishkek, 'Лечебнов');
    const regimenId = (await admin.post('/api/tbl/regimen/query', { pageSize: 50 })).body.list.find((r: any) => r.name === '2HRZE/4HR').id;
    // 2HRZE/4HR from Monday 3 August 2026: HRZE 4 units a day for 60 days (to 1 October), then HR 4 a day
    const start = await admin.post('/api/cases/case/treatment/start', { caseId, unitId: p.bishkek, iniDate: '2026-08-03', regimenId });
    expect(start.status, JSON.stringify(start.body)).toBe(200);
    const calendar = async (month: number, days: [number, string][]) => {
      const r = await admin.post('/api/cases/case/treatment/followup', { caseId, year: 2026, month, days: days.map(([d, status]) => ({ day: d, status })) });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
    };
    await calendar(8, [[3, 'DOTS'], [4, 'DOTS'], [5, 'DOTS'], [6, 'SELF_ADMIN'], [7, 'NOT_TAKEN'], [10, 'DOTS']]);
    await calendar(10, [[1, 'DOTS'], [2, 'DOTS'], [5, 'SELF_ADMIN']]);
    await moved(admin, { type: 'RECEIPT', unitId: p.bishkek, quantity: 15, ...batch('T-A', p.hrze, day(100)) });
    await moved(admin, { type: 'RECEIPT', unitId: p.bishkek, quantity: 50, ...batch('T-B', p.hrze, day(200)) });
    await moved(admin, { type: 'RECEIPT', unitId: p.bishkek, quantity: 100, ...batch('T-H', p.hr, day(300)) });
  }, 60_000);

  const dueOf = async (to: string) => {
    const r = await pharm.get(`/api/stock/case/${caseId}?to=${to}`);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    return Object.fromEntries(r.body.due.map((m: any) => [m.productId === p.hrze ? 'HRZE' : 'HR', [m.taken, m.dispensed, m.due]]));
  };

  it('what is due is the units of the doses taken up to the day asked, less what was dispensed', async () => {
    // August: 5 days taken (3–6 and 10; the 7th not taken) × 4 HRZE
    expect(await dueOf('2026-08-31')).toEqual({ HRZE: [20, 0, 20], HR: [0, 0, 0] });
    // to October: HRZE also on 1 October (its last day); HR on 2 and 5 October
    expect(await dueOf('2026-10-31')).toEqual({ HRZE: [24, 0, 24], HR: [8, 0, 8] });
  });

  it('dispenses what is due first expiry first out, once: asked again, nothing is due', async () => {
    const r = await pharm.post(`/api/stock/case/${caseId}/dispense`, { unitId: p.bishkek, to: '2026-08-31', date: day() });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.movements.map((m: any) => [m.batchNumber, m.quantity])).toEqual([['T-A', -15], ['T-B', -5]]);
    const again = await pharm.post(`/api/stock/case/${caseId}/dispense`, { unitId: p.bishkek, to: '2026-08-31', date: day() });
    expect([again.status, again.body.errors]).toEqual([400, [{ field: 'to', msg: 'Нечего выдавать: все принятые дозы уже выданы' }]]);
    const later = await pharm.post(`/api/stock/case/${caseId}/dispense`, { unitId: p.bishkek, to: '2026-10-31', date: day() });
    expect(later.status, JSON.stringify(later.body)).toBe(200);
    expect(later.body.movements.map((m: any) => [m.productName.startsWith('Изониазид + Рифампицин, ') ? 'HR' : 'HRZE', m.batchNumber, m.quantity]).sort())
      .toEqual([['HR', 'T-H', -8], ['HRZE', 'T-B', -4]]);
    expect(await dueOf('2026-10-31')).toEqual({ HRZE: [24, 24, 0], HR: [8, 8, 0] });
    const stock = await onHandByBatch(pharm, p.bishkek);
    expect([stock['T-A'], stock['T-B'], stock['T-H']]).toEqual([undefined, 41, 92]);
  });

  it('the case lists its dispensings, newest first, as units given out', async () => {
    const r = await pharm.get(`/api/stock/case/${caseId}`);
    expect(r.body.dispensings.map((d: any) => [d.batchNumber, d.quantity, d.date, d.unitName]).sort())
      .toEqual([['T-A', 15], ['T-B', 4], ['T-B', 5], ['T-H', 8]].map(([b, q]) => [b, q, day(), 'Бишкекский городской противотуберкулёзный диспансер']));
  });

  it('doses taken up to a day not yet come are refused on that field, nothing dispensed', async () => {
    const r = await pharm.post(`/api/stock/case/${caseId}/dispense`, { unitId: p.bishkek, to: day(1), date: day() });
    expect([r.status, r.body.errors]).toEqual([400, [{ field: 'to', msg: 'Принятые дозы по дату: не может быть позже сегодняшнего дня' }]]);
    expect((await onHandByBatch(pharm, p.bishkek))['T-B']).toBe(41);
  });

  it('more than the unit holds is refused whole; another unit’s case or stock is not the pharmacist’s', async () => {
    const other = await stockPatientCase(admin, p.chui, 'Чуйский');
    expect((await pharm.get(`/api/stock/case/${other}`)).status).toBe(404);
    expect((await pharm.post(`/api/stock/case/${other}/dispense`, { unitId: p.bishkek, to: day(), date: day() })).status).toBe(404);
    expect((await pharm.post(`/api/stock/case/${caseId}/dispense`, { unitId: p.chui, to: day(), date: day() })).status).toBe(404);
    const bad = await pharm.post(`/api/stock/case/${caseId}/dispense`, { unitId: p.bishkek, to: day(3), date: day() });
    expect([bad.status, bad.body.errors.map((e: any) => e.field)]).toEqual([400, ['to']]);
  });
});

describe('dispensing for a case per medicine', () => {
  const HRZE = 'Изониазид + Рифампицин + Пиразинамид + Этамбутол, таблетки 75/150/400/275 мг';
  const HR = 'Изониазид + Рифампицин, таблетки 75/150 мг';
  let unit: string;
  let caseId: string;
  beforeAll(async () => {
    // a unit of its own, holding 5 HRZE and no HR; a patient there who took 3, 4 and 5 August (12 HRZE due)
    const address = (await admin.get(`/api/tbl/unit/${p.bishkek}`)).body.address;
    unit = (await admin.post('/api/tbl/unit', { type: 'TBUNIT', name: 'ЦСМ Выдачи', active: true, address, receiveFromManufacturer: false })).body.result;
    caseId = await stockTreatedCase(admin, unit, 'Частичный', [3, 4, 5]);
    await moved(admin, { type: 'RECEIPT', unitId: unit, quantity: 5, ...batch('PART-1', p.hrze, day(300)) });
  }, 60_000);
  const dispense = (body: Record<string, unknown>) => admin.post(`/api/stock/case/${caseId}/dispense`, { unitId: unit, date: day(), ...body });

  it('the medicines chosen: each as far as the stock goes, and the answer names what could not be given', async () => {
    const r = await dispense({ items: [{ productId: p.hrze, quantity: 3 }, { productId: p.hr, quantity: 8 }] });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.movements.map((m: any) => [m.productName, m.batchNumber, m.quantity])).toEqual([[HRZE, 'PART-1', -3]]);
    expect(r.body.notGiven.map((n: any) => [n.productName, n.asked, n.given, n.msg])).toEqual([[HR, 8, 0, `${HR}: выдано 0 из 8 — недостаточно остатка`]]);
    expect((await onHandByBatch(admin, unit))['PART-1']).toBe(2);
  });

  it('what is due: the 9 HRZE still due, 2 given, 7 named as not given', async () => {
    const r = await dispense({ to: '2026-08-31' });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.movements.map((m: any) => [m.batchNumber, m.quantity])).toEqual([['PART-1', -2]]);
    expect(r.body.notGiven.map((n: any) => n.msg)).toEqual([`${HRZE}: выдано 2 из 9 — недостаточно остатка`]);
  });

  it('nothing at all to give is refused, each medicine named on its row; nothing chosen or nothing asked for is refused', async () => {
    const none = await dispense({ items: [{ productId: p.hrze, quantity: 7 }, { productId: p.hr, quantity: 0 }, { productId: p.hr, quantity: 4 }] });
    expect([none.status, none.body.errors]).toEqual([400, [
      { field: 'items.0.quantity', msg: `${HRZE}: выдано 0 из 7 — недостаточно остатка` },
      { field: 'items.2.quantity', msg: `${HR}: выдано 0 из 4 — недостаточно остатка` },
    ]]);
    const due = await dispense({ to: '2026-08-31' });
    expect([due.status, due.body.errors]).toEqual([400, [{ field: null, msg: `${HRZE}: выдано 0 из 7 — недостаточно остатка` }]]);
    const zero = await dispense({ items: [{ productId: p.hr, quantity: 0 }] });
    expect([zero.status, zero.body.errors]).toEqual([400, [{ field: 'items', msg: 'Укажите препарат и количество к выдаче' }]]);
    const neither = await dispense({});
    expect([neither.status, neither.body.errors]).toEqual([400, [{ field: 'to', msg: 'Обязательное поле' }]]);
    const dispensed = await admin.get(`/api/stock/case/${caseId}?to=2026-08-31`);
    expect(dispensed.body.due.find((m: any) => m.productId === p.hrze)).toMatchObject({ taken: 12, dispensed: 5, due: 7 });
  });
});

describe('transfers between units', () => {
  let sender: ApiClient;
  let receiver: ApiClient;
  let tr1: string;
  beforeAll(async () => {
    sender = await createUser(server, admin, 'SENDER', holding(['INVENTORY', 'NEW_TRANSFER', 'TRANSF_CANCEL', 'TRANSF_REC']), 'Passw0rd', { unitId: p.ncf, view: 'UNIT' });
    receiver = await createUser(server, admin, 'RECEIVER', holding(['INVENTORY', 'TRANSF_REC']), 'Passw0rd', { unitId: p.bishkek, view: 'UNIT' });
    await moved(admin, { type: 'RECEIPT', unitId: p.ncf, date: day(-5), quantity: 30, ...batch('TR-1', p.hrze, day(365)) });
    tr1 = await batchId('TR-1', p.ncf);
  }, 60_000);

  const send = (client: ApiClient, doc: Record<string, unknown>) => client.post('/api/tbl/stocktransfer', { unitFromId: p.ncf, unitToId: p.bishkek, date: day(-2), ...doc });

  it('sent, the batches leave the sending unit at once; received by the other unit, they arrive there as the same batch', async () => {
    const r = await send(sender, { items: [{ batchId: tr1, quantity: 12 }] });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const id = r.body.result;
    expect((await onHandByBatch(sender, p.ncf))['TR-1']).toBe(18);
    expect((await receiver.get(`/api/tbl/stocktransfer/${id}`)).body.state).toBe('SENT');
    const early = await receiver.post(`/api/tbl/stocktransfer/${id}/action/receive`, { date: day(-3) });
    expect([early.status, early.body.errors[0].field]).toEqual([400, 'date']);
    const got = await receiver.post(`/api/tbl/stocktransfer/${id}/action/receive`, { date: day() });
    expect(got.status, JSON.stringify(got.body)).toBe(200);
    const doc = (await receiver.get(`/api/tbl/stocktransfer/${id}`)).body;
    expect([doc.state, doc.receivedDate]).toEqual(['RECEIVED', day()]);
    const arrived = await db().selectFrom('stockbatch').select(['quantity', 'manufacturer', 'source_id']).where('unit_id', '=', p.bishkek).where('batch_number', '=', 'TR-1').executeTakeFirstOrThrow();
    expect([arrived.quantity, arrived.manufacturer, arrived.source_id]).toEqual([12, 'Lupin', p.gf]);
    const ledger = await db().selectFrom('stockmovement').select(['type', 'quantity', 'unit_id']).where('transfer_id', '=', id).orderBy('created_at').execute();
    expect(ledger.map((m) => [m.type, m.quantity, m.unit_id])).toEqual([['TRANSFER_OUT', -12, p.ncf], ['TRANSFER_IN', 12, p.bishkek]]);
    // each unit's stock card of the batch names the other unit
    const cardLines = async (client: ApiClient, unitId: string) => (await client.get(`/api/stock/batch/${await batchId('TR-1', unitId)}/card`)).body.lines.map((l: any) => [l.type, l.quantity, l.balance, l.otherUnit]);
    expect(await cardLines(sender, p.ncf)).toEqual([['RECEIPT', 30, 30, null], ['TRANSFER_OUT', -12, 18, 'Бишкекский городской противотуберкулёзный диспансер']]);
    expect(await cardLines(receiver, p.bishkek)).toEqual([['TRANSFER_IN', 12, 12, 'Национальный центр фтизиатрии']]);
    const history = await db().selectFrom('cmdhistory').select('action').where('entity_id', '=', id).orderBy('exec_date').execute();
    expect(history.map((h) => h.action)).toEqual(['create', 'receive']);
  });

  it('steps out of turn are refused: received twice, cancelled once received, received by the sending unit', async () => {
    const id = (await send(sender, { items: [{ batchId: tr1, quantity: 1 }] })).body.result;
    const bySender = await sender.post(`/api/tbl/stocktransfer/${id}/action/receive`, { date: day() });
    expect([bySender.status, bySender.body.errors[0].msg]).toEqual([403, 'Получить передачу может только учреждение-получатель']);
    expect((await receiver.post(`/api/tbl/stocktransfer/${id}/action/receive`, { date: day() })).status).toBe(200);
    const twice = await receiver.post(`/api/tbl/stocktransfer/${id}/action/receive`, { date: day() });
    expect([twice.status, twice.body.errors[0].msg]).toEqual([400, 'Передача уже получена или отменена']);
    expect((await sender.post(`/api/tbl/stocktransfer/${id}/action/cancel`, { date: day() })).status).toBe(400);
    expect((await onHandByBatch(receiver, p.bishkek))['TR-1']).toBe(13);
  });

  it('cancelled by the sending unit before it is received, the stock comes back; then it cannot be received', async () => {
    const id = (await send(sender, { items: [{ batchId: tr1, quantity: 5 }] })).body.result;
    expect((await onHandByBatch(sender, p.ncf))['TR-1']).toBe(12);
    expect((await receiver.post(`/api/tbl/stocktransfer/${id}/action/cancel`, { date: day() })).status).toBe(403);
    const off = await sender.post(`/api/tbl/stocktransfer/${id}/action/cancel`, { date: day() });
    expect(off.status, JSON.stringify(off.body)).toBe(200);
    expect((await onHandByBatch(sender, p.ncf))['TR-1']).toBe(17);
    expect((await sender.get(`/api/tbl/stocktransfer/${id}`)).body.state).toBe('CANCELLED');
    expect((await receiver.post(`/api/tbl/stocktransfer/${id}/action/receive`, { date: day() })).status).toBe(400);
  });

  it('bad transfers are refused with their field and change nothing', async () => {
    const count = async () => (await db().selectFrom('stocktransfer').select('id').execute()).length;
    const before = [await count(), (await onHandByBatch(sender, p.ncf))['TR-1']];
    const tooMuch = await send(sender, { items: [{ batchId: tr1, quantity: 1 }, { batchId: tr1, quantity: 17 }] });
    // 16 held now after the first row's 1, but on the transfer's day (two days back) 5 of them — the cancelled
    // transfer's, back today — were not there: 11 could leave then
    expect([tooMuch.status, tooMuch.body.errors]).toEqual([400, [{ field: 'items.1.quantity', msg: `Недостаточно остатка на ${dateText(day(-2), 'ru')}: в наличии 11` }]]);
    await moved(admin, { type: 'RECEIPT', unitId: p.chui, quantity: 3, ...batch('TR-CHUI', p.hrze, day(365)) });
    const elsewhere = await send(admin, { items: [{ batchId: await batchId('TR-CHUI', p.chui), quantity: 1 }] });
    expect([elsewhere.status, elsewhere.body.errors[0].field]).toEqual([400, 'items.0.batchId']);
    // a batch received today does not leave two days ago: the transfer's date is refused
    await moved(admin, { type: 'RECEIPT', unitId: p.ncf, quantity: 3, ...batch('TR-TODAY', p.hrze, day(365)) });
    const early = await send(sender, { items: [{ batchId: tr1, quantity: 1 }, { batchId: await batchId('TR-TODAY', p.ncf), quantity: 1 }] });
    expect([early.status, early.body.errors]).toEqual([400, [{ field: 'date', msg: `Партия поступила в учреждение ${dateText(day(), 'ru')}: движение не может быть датировано раньше` }]]);
    const same = await send(sender, { unitToId: p.ncf, items: [{ batchId: tr1, quantity: 1 }] });
    expect([same.status, same.body.errors[0].field]).toEqual([400, 'unitToId']);
    const empty = await send(sender, { items: [] });
    expect([empty.status, empty.body.errors[0].field]).toEqual([400, 'items']);
    expect((await send(receiver, { unitFromId: p.bishkek, unitToId: p.ncf, items: [{ batchId: await batchId('TR-1', p.bishkek), quantity: 1 }] })).status).toBe(403);
    const alone = await move(admin, { type: 'TRANSFER_OUT', unitId: p.ncf, quantity: -1, ...batch('TR-1', p.hrze, day(365)) });
    expect([alone.status, alone.body.errors[0].msg]).toEqual([400, 'Передача между учреждениями оформляется документом передачи']);
    expect([await count(), (await onHandByBatch(sender, p.ncf))['TR-1']]).toEqual(before);
  });

  it('a transfer changes only by its steps, and is never deleted', async () => {
    const id = (await send(sender, { items: [{ batchId: tr1, quantity: 1 }] })).body.result;
    expect((await admin.post(`/api/tbl/stocktransfer/${id}`, { state: 'RECEIVED' })).status).toBe(400);
    expect((await admin.delete(`/api/tbl/stocktransfer/${id}`)).status).toBe(400);
    expect((await admin.get(`/api/tbl/stocktransfer/${id}`)).body.state).toBe('SENT');
  });
});
