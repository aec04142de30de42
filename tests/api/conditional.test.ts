// A conditional field declared once (x-visible) is enforced by the server: a value of a hidden field
// is not stored (in table rows too), a field required while shown is a 400 naming it when missing,
// and the read-only view (GET /api/tbl/<table>/view/<id>) shows only what is shown, by its labels.
import pg from 'pg';
import { beforeAll, describe, expect, it } from 'vitest';
import { startServerWithSchemas } from '../helpers/extra-schemas.ts';
import { admin, server, useTestServer } from '../helpers/use-server.ts';

/** A smear exam: the number of AFB only for a POSITIVE result; each culture row's colonies only when it grew. */
const smear = {
  $id: 'smeartest',
  title: 'smeartest',
  type: 'object',
  additionalProperties: false,
  'x-table': { name: 'smeartest', workspace: true, permission: 'SOURCES' },
  'x-list': { title: 'code' },
  'x-visible': {
    numberOfAFB: { field: 'result', equals: 'POSITIVE', required: true },
    unitId: { field: 'result', equals: 'POSITIVE' },
  },
  required: ['code', 'result'],
  properties: {
    code: { type: 'string', maxLength: 20, title: 'global.name' },
    result: { type: 'string', enum: ['NEGATIVE', 'POSITIVE'], title: 'product.type', 'x-enum': 'smearResult' },
    numberOfAFB: { type: 'integer', minimum: 1, maximum: 999, title: 'smeartest.numberOfAFB' },
    unitId: { type: 'string', format: 'uuid', 'x-ref': 'unit', title: 'unit.title' },
    cultures: {
      type: 'array',
      'x-child': true,
      items: {
        type: 'object',
        additionalProperties: false,
        'x-visible': {
          colonies: { field: 'growth', equals: true, required: true },
          note: { field: '/result', equals: 'POSITIVE' },
        },
        properties: {
          growth: { type: 'boolean', title: 'smeartest.growth' },
          colonies: { type: 'integer', minimum: 0, title: 'smeartest.colonies' },
          note: { type: 'string', maxLength: 50 },
        },
      },
    },
  },
};

let unitId: string;

useTestServer(() => startServerWithSchemas('conditional', [smear]));
beforeAll(async () => {
  unitId = (await admin.post('/api/tbl/unit/query', { pageSize: 1, page: 1 })).body.list[0].id;
}, 180_000);

async function stored(id: string) {
  const client = new pg.Client({ connectionString: server.databaseUrl });
  await client.connect();
  try {
    const row = (await client.query('select number_of_afb, unit_id from smeartest where id = $1', [id])).rows[0];
    const rows = (await client.query('select growth, colonies, note from smeartest_cultures where parent_id = $1 order by idx', [id])).rows;
    return { row, rows };
  } finally {
    await client.end();
  }
}
const count = async () => (await admin.post('/api/tbl/smeartest/query', {})).body.list.length;

describe('a conditional field on the server', () => {
  it('does not store a numberOfAFB sent with a NEGATIVE result', async () => {
    const r = await admin.post('/api/tbl/smeartest', { code: 'S1', result: 'NEGATIVE', numberOfAFB: 3, unitId });
    expect(r.status).toBe(200);
    expect((await admin.get(`/api/tbl/smeartest/${r.body.result}`)).body).not.toHaveProperty('numberOfAFB');
    expect((await stored(r.body.result)).row).toEqual({ number_of_afb: null, unit_id: null });
  });

  it('refuses a POSITIVE result without numberOfAFB with a 400 naming the field, storing nothing', async () => {
    const before = await count();
    const r = await admin.post('/api/tbl/smeartest', { code: 'S2', result: 'POSITIVE' });
    expect(r.status).toBe(400);
    expect(r.body.success).toBe(false);
    expect(r.body.errors).toEqual([{ field: 'numberOfAFB', msg: expect.stringMatching(/^smeartest\.numberOfAFB: /) }]);
    expect(await count()).toBe(before);
  });

  it('stores it with a POSITIVE result, and drops it when an update makes the result NEGATIVE', async () => {
    const id = (await admin.post('/api/tbl/smeartest', { code: 'S3', result: 'POSITIVE', numberOfAFB: 12, unitId })).body.result;
    expect((await stored(id)).row).toEqual({ number_of_afb: 12, unit_id: unitId });
    // the update names only the result: what the stored document shows is decided on the whole of it
    expect((await admin.post(`/api/tbl/smeartest/${id}`, { result: 'NEGATIVE' })).status).toBe(200);
    expect((await stored(id)).row).toEqual({ number_of_afb: null, unit_id: null });
    const back = await admin.post(`/api/tbl/smeartest/${id}`, { result: 'POSITIVE' });
    expect(back.status).toBe(400);
    expect(back.body.errors.map((e: any) => e.field)).toEqual(['numberOfAFB']);
  });

  it('decides each table row by its own fields and by the root’s', async () => {
    const cultures = [{ growth: false, colonies: 5, note: 'a' }, { growth: true, note: 'b' }];
    const missing = await admin.post('/api/tbl/smeartest', { code: 'S4', result: 'POSITIVE', numberOfAFB: 1, cultures });
    expect(missing.status).toBe(400);
    expect(missing.body.errors.map((e: any) => e.field)).toEqual(['cultures.1.colonies']);

    cultures[1] = { ...cultures[1], colonies: 40 } as any;
    const positive = await admin.post('/api/tbl/smeartest', { code: 'S5', result: 'POSITIVE', numberOfAFB: 1, cultures });
    expect(positive.status).toBe(200);
    expect((await stored(positive.body.result)).rows).toEqual([
      { growth: false, colonies: null, note: 'a' },
      { growth: true, colonies: 40, note: 'b' },
    ]);
    const negative = await admin.post('/api/tbl/smeartest', { code: 'S6', result: 'NEGATIVE', cultures });
    expect((await stored(negative.body.result)).rows).toEqual([
      { growth: false, colonies: null, note: null },
      { growth: true, colonies: 40, note: null },
    ]);
  });
});

describe('the read-only view', () => {
  it('shows labels, enum texts and reference names of the shown fields only', async () => {
    const unitName = (await admin.get(`/api/tbl/unit/${unitId}`)).body.name;
    const pos = (await admin.post('/api/tbl/smeartest', { code: 'V1', result: 'POSITIVE', numberOfAFB: 7, unitId })).body.result;
    const view = await admin.get(`/api/tbl/smeartest/view/${pos}`);
    expect(view.status).toBe(200);
    expect(view.body).toMatchObject({ id: pos, name: 'V1' });
    expect(view.body.items).toEqual(
      expect.arrayContaining([
        { title: 'Наименование', value: 'V1' },
        { title: 'smeartest.numberOfAFB', value: 7 },
        { title: 'ТБ медучреждения и лаборатории', value: unitName },
        { title: 'Тип продукции', value: 'POSITIVE' },
      ]),
    );
    const neg = (await admin.post('/api/tbl/smeartest', { code: 'V2', result: 'NEGATIVE' })).body.result;
    const titles = (await admin.get(`/api/tbl/smeartest/view/${neg}`)).body.items.map((i: any) => i.title);
    expect(titles).not.toContain('smeartest.numberOfAFB');
  });

  it('answers 404 for an unknown row and 400 for a bad id, in the errors shape', async () => {
    const unknown = await admin.get(`/api/tbl/smeartest/view/${crypto.randomUUID()}`);
    expect(unknown.status).toBe(404);
    expect(unknown.body.errors[0].field).toBe('id');
    expect((await admin.get('/api/tbl/smeartest/view/nope')).status).toBe(400);
  });
});
