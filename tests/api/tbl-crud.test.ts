// The generic table API of spec 000 §7.2 on two catalogues, through HTTP on real PostgreSQL.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type ApiClient, type TestServer } from '../helpers/server.ts';

let server: TestServer;
let admin: ApiClient;
beforeAll(async () => {
  server = await startTestServer();
  admin = await server.login();
});
afterAll(() => server?.close());

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

describe('query', () => {
  it('pages with a total count and the schema order', async () => {
    for (let i = 0; i < 7; i++) await admin.post('/api/tbl/source', { shortName: `P${i}`, name: `Я-источник ${i}` });
    const all = await admin.post('/api/tbl/source/query', {});
    const page1 = await admin.post('/api/tbl/source/query', { page: 1, pageSize: 4 });
    const page2 = await admin.post('/api/tbl/source/query', { page: 2, pageSize: 4 });
    expect(page1.body.count).toBe(all.body.count);
    expect(page2.body.count).toBe(all.body.count);
    expect(page1.body.list).toHaveLength(4);
    const names = [...page1.body.list, ...page2.body.list].map((r: any) => r.name);
    expect(names).toEqual(all.body.list.slice(0, 8).map((r: any) => r.name));
  });

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
