// Rules of the generic write path that come from the schema: reference filters (`x-ref-filter`:
// a regimen row takes medicines only, and its lookup offers only those), schema defaults inside
// child rows, and ids chosen by the client (the offline client makes its rows' ids).
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { kysely } from '../../server/db/kysely.ts';
import { admin, server, useTestServer } from '../helpers/use-server.ts';

let medicine: string;
let cartridge: string;
const count = async (table: string, where: string) =>
  Number((await sql<{ n: string }>`select count(*) as n from ${sql.table(table)} where ${sql.raw(where)}`.execute(kysely(server.ctx.orm.em.fork()))).rows[0].n);
const row = (over: Record<string, unknown> = {}) => ({ medicineId: medicine, defaultDoseUnit: 2, defaultFrequency: 7, iniDay: 0, days: 60, ...over });

useTestServer();
beforeAll(async () => {
  const products = (await admin.post('/api/tbl/product/query', {})).body.list as any[];
  medicine = products.find((p) => p.type === 'MEDICINE').id;
  cartridge = products.find((p) => p.shortName === 'Картридж Xpert').id;
});

describe('x-ref-filter: a regimen row takes a medicine, not any product', () => {
  it('refuses a row with a non-medicine product, naming the row, and writes nothing', async () => {
    const r = await admin.post('/api/tbl/regimen', { name: 'С картриджем', classification: 'TB', medicines: [row(), row({ medicineId: cartridge })] });
    expect(r.status).toBe(400);
    expect(r.body.errors).toEqual([{ field: 'medicines.1.medicineId', msg: 'Эту запись здесь выбрать нельзя' }]);
    expect(await count('regimen', `name = 'С картриджем'`)).toBe(0);
  });

  it('refuses it on update too, and keeps the stored rows', async () => {
    const id = (await admin.post('/api/tbl/regimen', { name: 'Только лекарства', classification: 'TB', medicines: [row()] })).body.result;
    const r = await admin.post(`/api/tbl/regimen/${id}`, { medicines: [row({ medicineId: cartridge })] });
    expect(r.status).toBe(400);
    expect(r.body.errors[0].field).toBe('medicines.0.medicineId');
    expect((await admin.get(`/api/tbl/regimen/${id}`)).body.medicines.map((m: any) => m.medicineId)).toEqual([medicine]);
  });

  it('checks only what a save changes: a row kept as it was stays, though its product is no longer a medicine', async () => {
    const made = await admin.post('/api/tbl/product', { type: 'MEDICINE', shortName: 'Врем', name: 'Временное лекарство', active: true, category: 'ORAL', line: 'OTHER' });
    expect(made.status, JSON.stringify(made.body)).toBe(200);
    const temporary = made.body.result;
    const id = (await admin.post('/api/tbl/regimen', { name: 'Со временным', classification: 'TB', medicines: [row({ medicineId: temporary })] })).body.result;
    expect((await admin.post(`/api/tbl/product/${temporary}`, { type: 'PRODUCT' })).status).toBe(200);
    // renamed, its row untouched: saved
    const renamed = await admin.post(`/api/tbl/regimen/${id}`, { name: 'Со временным, переименован' });
    expect(renamed.status).toBe(200);
    expect((await admin.get(`/api/tbl/regimen/${id}`)).body.name).toBe('Со временным, переименован');
    // a second row naming that product now is refused; the kept first row is not named
    const added = await admin.post(`/api/tbl/regimen/${id}`, { medicines: [row({ medicineId: temporary }), row({ medicineId: temporary, iniDay: 60 })] });
    expect(added.status).toBe(200); // the same product held before: not a new choice
    const swapped = await admin.post(`/api/tbl/regimen/${id}`, { medicines: [row({ medicineId: cartridge })] });
    expect(swapped.status).toBe(400);
    expect(swapped.body.errors).toEqual([{ field: 'medicines.0.medicineId', msg: 'Эту запись здесь выбрать нельзя' }]);
  });

  it("offers only medicines in the row's lookup", async () => {
    const all = (await admin.post('/api/opts/product', {})).body as any[];
    expect(all.map((o) => o.value)).toContain(cartridge);
    const forRow = await admin.post('/api/opts/product', { for: 'regimen.medicines.medicineId' });
    expect(forRow.status).toBe(200);
    const values = (forRow.body as any[]).map((o) => o.value);
    expect(values).toContain(medicine);
    expect(values).not.toContain(cartridge);
    const medicines = (await admin.post('/api/tbl/product/query', { type: 'MEDICINE' })).body.count;
    expect(values).toHaveLength(medicines);
  });

  it('the client names the field, never the filter: a field that is not a reference to the table is refused', async () => {
    expect((await admin.post('/api/opts/product', { for: 'regimen.medicines.days' })).body.errors[0].field).toBe('for');
    expect((await admin.post('/api/opts/product', { for: 'unit.authorizerId' })).status).toBe(400);
    expect((await admin.post('/api/opts/product', { for: 42 })).status).toBe(400);
    // a reference without a filter lists every row
    const substances = await admin.post('/api/opts/substance', { for: 'product.substances' });
    expect(substances.body.length).toBe((await admin.post('/api/opts/substance', {})).body.length);
  });

  it('the regimen form carries the filter for the form to name the field', async () => {
    const form = (await admin.post('/api/tbl/regimen/form', {})).body;
    expect(form.schema.$id).toBe('regimen');
    expect(form.schema.properties.medicines.items.properties.medicineId['x-ref-filter']).toEqual({ type: 'MEDICINE' });
  });
});

describe('schema defaults in child rows', () => {
  it('fills defaultFrequency and iniDay of a row that leaves them out', async () => {
    const r = await admin.post('/api/tbl/regimen', { name: 'По умолчанию', classification: 'TB', medicines: [{ medicineId: medicine, defaultDoseUnit: 1, days: 30 }] });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const stored = (await admin.get(`/api/tbl/regimen/${r.body.result}`)).body;
    expect(stored.medicines).toEqual([{ id: expect.any(String), medicineId: medicine, defaultDoseUnit: 1, defaultFrequency: 7, iniDay: 0, days: 30 }]); // a row is read with its id
  });

  it('fills them in rows added by an update, keeping given values', async () => {
    const id = (await admin.post('/api/tbl/regimen', { name: 'Дополняемая', classification: 'TB', medicines: [row({ defaultFrequency: 3, iniDay: 5 })] })).body.result;
    const r = await admin.post(`/api/tbl/regimen/${id}`, { medicines: [row({ defaultFrequency: 3, iniDay: 5 }), { medicineId: medicine, defaultDoseUnit: 2, days: 10 }] });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const stored = (await admin.get(`/api/tbl/regimen/${id}`)).body.medicines;
    expect(stored.map((m: any) => [m.defaultFrequency, m.iniDay])).toEqual([[3, 5], [7, 0]]);
  });

  it('still requires what has no default', async () => {
    const r = await admin.post('/api/tbl/regimen', { name: 'Без дней', classification: 'TB', medicines: [{ medicineId: medicine, defaultDoseUnit: 1 }] });
    expect(r.status).toBe(400);
    expect(r.body.errors.map((e: any) => e.field)).toEqual(['medicines.0.days']);
  });
});

describe('client-generated ids', () => {
  it('creates the row under the uuid the client chose', async () => {
    const id = crypto.randomUUID();
    const r = await admin.post('/api/tbl/source', { id, shortName: 'OFF1', name: 'Создан без связи' });
    expect(r.body).toEqual({ success: true, result: id });
    expect((await admin.get(`/api/tbl/source/${id}`)).body).toMatchObject({ id, shortName: 'OFF1' });
    const regimenId = crypto.randomUUID().toUpperCase();
    const reg = await admin.post('/api/tbl/regimen', { id: regimenId, name: 'Схема офлайн', classification: 'TB', medicines: [row()] });
    expect(reg.body.result).toBe(regimenId.toLowerCase());
    expect((await admin.get(`/api/tbl/regimen/${regimenId.toLowerCase()}`)).body.medicines).toHaveLength(1);
  });

  it('refuses an id that is not a uuid with a field error, writing nothing', async () => {
    for (const id of ['abc', 42, '123e4567-e89b-12d3-a456-42661417400Z', {}]) {
      const r = await admin.post('/api/tbl/source', { id, shortName: 'BADID', name: 'Неверный id' });
      expect(r.status).toBe(400);
      expect(r.body.errors).toEqual([{ field: 'id', msg: 'Неверный идентификатор' }]);
    }
    expect(await count('source', `short_name = 'BADID'`)).toBe(0);
  });

  it('refuses an id already taken — in this workspace or any other — and changes nothing', async () => {
    const id = crypto.randomUUID();
    await admin.post('/api/tbl/source', { id, shortName: 'FIRST', name: 'Первый' });
    const again = await admin.post('/api/tbl/source', { id, shortName: 'SECOND', name: 'Второй' });
    expect(again.status).toBe(409);
    expect(again.body.errors).toEqual([{ field: 'id', msg: 'Запись с таким идентификатором уже существует' }]);
    expect((await admin.get(`/api/tbl/source/${id}`)).body.shortName).toBe('FIRST');
    expect(await count('source', `short_name = 'SECOND'`)).toBe(0);
    // a row of another table does not share the id space, but another workspace's row of the same table does
    const otherTable = await admin.post('/api/tbl/substance', { id, shortName: 'SUB', name: 'Тот же id', line: 'FIRST_LINE' });
    expect(otherTable.status).toBe(200);
    const ws = (await admin.post('/api/tbl/workspace', { name: 'Для id' })).body.result;
    const inOther = await server.login('ADMIN', 'Admin123', ws);
    const taken = await inOther.post('/api/tbl/source', { id, shortName: 'THIRD', name: 'Третий' });
    expect(taken.status).toBe(409);
    expect((await admin.post('/api/tbl/source/query', { id })).body.list.map((s: any) => s.shortName)).toEqual(['FIRST']);
  });
});
