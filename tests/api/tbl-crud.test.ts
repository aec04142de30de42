// The generic table API (`/api/tbl/<table>`) on two catalogues, through HTTP on real PostgreSQL.
import { describe, expect, it } from 'vitest';
import { admin, useTestServer } from '../helpers/use-server.ts';
import { newPatient } from '../helpers/cases.ts';


describe.each([
  { table: 'source', doc: { shortName: 'ТЕСТ', name: 'Тестовый источник' }, change: { name: 'Переименованный источник' } },
  { table: 'substance', doc: { shortName: 'Tst', name: 'Тестостатин', line: 'FIRST_LINE' }, change: { name: 'Тестостатин форте' } },
])('$table', ({ table, doc, change }) => {
  it('creates, reads, updates, queries and deletes a row', async () => {
    const created = await admin.post(`/api/tbl/${table}`, doc);
    expect(created.status).toBe(200);
    expect(created.body.success).toBe(true);
    const id = created.body.result;

    const read = await admin.get(`/api/tbl/${table}/${id}`);
    expect(read.body).toMatchObject({ id, ...doc, active: true });

    const updated = await admin.post(`/api/tbl/${table}/${id}`, change);
    expect(updated.body).toEqual({ success: true, result: id });
    expect((await admin.get(`/api/tbl/${table}/form/${id}`)).body).toMatchObject({ ...doc, ...change });

    const found = await admin.post(`/api/tbl/${table}/query`, { id });
    expect(found.body.count).toBe(1);
    expect(found.body.list[0].name).toBe(change.name);

    const removed = await admin.delete(`/api/tbl/${table}/${id}`);
    expect(removed.body.success).toBe(true);
    expect((await admin.get(`/api/tbl/${table}/${id}`)).status).toBe(404);
  });
});

/** Catalogues to page through: two unpaged ones and one with an `x-table.pageSize` (unit: 50). */
const paged: { table: string; pageSize?: number; make: (i: number, adminUnitId: string) => Record<string, unknown> }[] = [
  { table: 'source', make: (i) => ({ shortName: `P${i}`, name: `Я-источник ${i}` }) },
  { table: 'substance', make: (i) => ({ shortName: `Pg${i}`, name: `Я-субстанция ${i}`, line: 'OTHER', displayOrder: 9000 - i }) },
  { table: 'unit', pageSize: 50, make: (i, adminUnitId) => ({ type: 'LAB', name: `Я-лаборатория ${i}`, address: { adminUnitId } }) },
];

describe.each(paged)('query paging: $table', ({ table, pageSize, make }) => {
  it('pages with a total count and the schema order; a page past the end is empty but counted', async () => {
    const adminUnitId = (await admin.post('/api/tbl/adminunit/query', { rootUnits: true })).body.list[0].id;
    for (let i = 0; i < 7; i++) expect((await admin.post(`/api/tbl/${table}`, make(i, adminUnitId))).status).toBe(200);
    const all = await admin.post(`/api/tbl/${table}/query`, {});
    expect(all.body.count).toBe(all.body.list.length);
    expect(all.body.count).toBeGreaterThanOrEqual(8);
    const page1 = await admin.post(`/api/tbl/${table}/query`, { page: 1, pageSize: 4 });
    const page2 = await admin.post(`/api/tbl/${table}/query`, { page: 2, pageSize: 4 });
    expect(page1.body.count).toBe(all.body.count);
    expect(page2.body.count).toBe(all.body.count);
    expect(page1.body.list).toHaveLength(4);
    expect(page2.body.list).toHaveLength(4);
    const ids = [...page1.body.list, ...page2.body.list].map((r: any) => r.id);
    expect(ids).toEqual(all.body.list.slice(0, 8).map((r: any) => r.id));
    const last = Math.ceil(all.body.count / 4);
    const tail = await admin.post(`/api/tbl/${table}/query`, { page: last, pageSize: 4 });
    expect(tail.body.list.map((r: any) => r.id)).toEqual(all.body.list.slice((last - 1) * 4).map((r: any) => r.id));
    const past = await admin.post(`/api/tbl/${table}/query`, { page: last + 1, pageSize: 4 });
    expect(past.body).toEqual({ count: all.body.count, countCapped: false, list: [], next: null });
    // keyset paging walks the same order: page 1's cursor gives page 2
    const after = await admin.post(`/api/tbl/${table}/query`, { pageSize: 4, after: page1.body.next, count: false });
    expect(after.body.list.map((r: any) => r.id)).toEqual(page2.body.list.map((r: any) => r.id));
    expect(after.body.count).toBeUndefined();
  });

  it(pageSize ? `a query without pageSize answers the schema's ${pageSize} rows, and its cursor the next ones` : 'a query without pageSize answers every row of a small catalogue', async () => {
    const adminUnitId = (await admin.post('/api/tbl/adminunit/query', { rootUnits: true })).body.list[0].id;
    for (let i = 100; (await admin.post(`/api/tbl/${table}/query`, {})).body.count <= (pageSize ?? 0); i++) {
      expect((await admin.post(`/api/tbl/${table}`, make(i, adminUnitId))).status).toBe(200);
    }
    const all = await admin.post(`/api/tbl/${table}/query`, {});
    const page1 = await admin.post(`/api/tbl/${table}/query`, { page: 1 });
    expect(page1.body.count).toBe(all.body.count);
    expect(all.body.list).toHaveLength(pageSize ?? all.body.count);
    expect(page1.body.list.map((r: any) => r.id)).toEqual(all.body.list.map((r: any) => r.id));
    if (pageSize) {
      const page2 = await admin.post(`/api/tbl/${table}/query`, { page: 2 });
      const next = await admin.post(`/api/tbl/${table}/query`, { after: all.body.next });
      expect(next.body.list[0].id).toBe(page2.body.list[0].id);
    } else expect(all.body.next).toBeNull();
  });

  it('refuses a bad page or page size', async () => {
    for (const body of [{ page: 0 }, { page: 'one' }, { page: 1, pageSize: 0 }, { page: 1, pageSize: 501 }]) {
      const r = await admin.post(`/api/tbl/${table}/query`, body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(['page', 'pageSize']).toContain(r.body.errors[0].field);
    }
  });
});

useTestServer();

describe('query', () => {
  it('filters by a declared field and searches by key', async () => {
    const r = await admin.post('/api/tbl/source/query', { key: 'я-источник 3' });
    expect(r.body.list.map((x: any) => x.shortName)).toEqual(['P3']);
    const byField = await admin.post('/api/tbl/source/query', { shortName: 'P5' });
    expect(byField.body.count).toBe(1);
  });

  it('returns a form with the schema, the layout and the document', async () => {
    const list = await admin.post('/api/tbl/source/query', { shortName: 'P1' });
    const form = await admin.post('/api/tbl/source/form', { id: list.body.list[0].id });
    expect(form.body.doc.shortName).toBe('P1');
    expect(form.body.schema.properties.shortName.maxLength).toBe(20);
    expect(form.body.resources.uiSchema['ui:order']).toContain('shortName');
    expect((await admin.post('/api/tbl/source/form?ro', {})).body.resources.readOnly).toBe(true);
  });
});

describe('emptying a field', () => {
  it('null empties an optional field (a form’s erased field, an offline client’s cleared one); a required one is refused as missing', async () => {
    const id = await newPatient(admin, { name: 'Асан', middleName: 'Бекович', lastName: 'Очисткин', gender: 'MALE', birthDate: '1980-01-01' });
    expect((await admin.post(`/api/tbl/patient/${id}`, { middleName: null })).body).toEqual({ success: true, result: id });
    const read = (await admin.get(`/api/tbl/patient/${id}`)).body;
    expect(read.middleName).toBeUndefined();
    expect(read.name).toBe('Асан');
    const required = await admin.post(`/api/tbl/patient/${id}`, { name: null });
    expect(required.status).toBe(400);
    expect(required.body.errors).toEqual([{ field: 'name', msg: 'Имя: Обязательное поле' }]);
    expect((await admin.get(`/api/tbl/patient/${id}`)).body.name).toBe('Асан');
  });
});
