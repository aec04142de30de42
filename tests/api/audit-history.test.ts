// The audit trail: every generic write leaves exactly one command-history entry with its diff,
// a refused write leaves none, and an unexpected error lands in the error log with passwords masked.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { t } from '../../engine/i18n.ts';
import { kysely } from '../../server/tbl/store.ts';
import { causeServerError } from '../helpers/failure.ts';
import { startTestServer, type ApiClient, type TestServer } from '../helpers/server.ts';

let server: TestServer;
let admin: ApiClient;

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.login();
});
afterAll(() => server?.close());

const startOfToday = () => {
  const d = new Date();
  d.setHours(0, 0, 0, 0);
  return d.getTime();
};
const title = (table: string, key: string) => t('ru', server.ctx.registry.table(table).fields.find((f) => f.key === key)!.title!);
const entriesOf = (entityId: string) =>
  kysely(server.ctx.orm.em.fork()).selectFrom('cmdhistory').selectAll().where('entity_id', '=', entityId).orderBy('exec_date').execute();
/** The report's rows for one entity, as an administrator reads them. */
async function reportOf(entityId: string) {
  const r = await admin.post('/api/admin/rep/cmdhistory', { iniDate: startOfToday(), type: 'source' });
  expect(r.status).toBe(200);
  const ids = new Set((await entriesOf(entityId)).map((e) => e.id));
  return r.body.list.filter((row: any) => ids.has(row.id));
}

describe('command history of a catalogue', () => {
  let id: string;

  it('records a create with every field as an item, titles translated', async () => {
    const r = await admin.post('/api/tbl/source', { shortName: 'AUD', name: 'Аудит-источник', customId: 'A-1' });
    expect(r.status).toBe(200);
    id = r.body.result;
    const rows = await reportOf(id);
    expect(rows).toHaveLength(1);
    const [row] = rows;
    expect(row).toMatchObject({ type: 'source', action: 'create', entityName: 'Аудит-источник', actionName: 'Создание', userName: 'Администратор системы' });
    expect(row.unitName).toBeTruthy();
    expect(row.adminUnitName).toBeTruthy();
    expect(new Date(row.execDate).getTime()).toBeGreaterThan(startOfToday());
    expect(row.detail.items).toEqual(
      expect.arrayContaining([
        { title: title('source', 'shortName'), value: 'AUD' },
        { title: title('source', 'name'), value: 'Аудит-источник' },
        { title: title('source', 'active'), value: 'Да' },
      ]),
    );
  });

  it('records an update as diffs of prevValue and newValue', async () => {
    expect((await admin.post(`/api/tbl/source/${id}`, { name: 'Аудит-источник 2', active: false })).status).toBe(200);
    const rows = (await reportOf(id)).filter((r: any) => r.action === 'update');
    expect(rows).toHaveLength(1);
    expect(rows[0].detail.diffs).toEqual(
      expect.arrayContaining([
        { title: title('source', 'name'), prevValue: 'Аудит-источник', newValue: 'Аудит-источник 2' },
        { title: title('source', 'active'), prevValue: 'Да', newValue: 'Нет' },
      ]),
    );
    expect(rows[0].detail.diffs).toHaveLength(2);
  });

  it('records nothing for an update that changes nothing', async () => {
    const before = (await entriesOf(id)).length;
    expect((await admin.post(`/api/tbl/source/${id}`, { name: 'Аудит-источник 2', active: false })).status).toBe(200);
    expect((await entriesOf(id)).length).toBe(before);
  });

  it('records a delete with the deleted values', async () => {
    expect((await admin.delete(`/api/tbl/source/${id}`)).status).toBe(200);
    const rows = (await reportOf(id)).filter((r: any) => r.action === 'delete');
    expect(rows).toHaveLength(1);
    expect(rows[0].detail.items).toEqual(expect.arrayContaining([{ title: title('source', 'name'), value: 'Аудит-источник 2' }]));
    expect(await entriesOf(id)).toHaveLength(3);
  });

  it('leaves no entry and no row when validation refuses the write', async () => {
    const db = kysely(server.ctx.orm.em.fork());
    const count = async () => Number((await db.selectFrom('cmdhistory').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
    const before = await count();
    const r = await admin.post('/api/tbl/source', { shortName: 'X'.repeat(21), name: 'Отказанный источник' });
    expect(r.status).toBe(400);
    expect(r.body.errors[0].field).toBe('shortName');
    expect(await count()).toBe(before);
    expect(await db.selectFrom('source').select('id').where('name', '=', 'Отказанный источник').execute()).toHaveLength(0);
  });

  it('marks added and removed child items with + and -', async () => {
    const created = await admin.post('/api/tbl/userprofile', { name: 'Аудит-профиль', permissions: [{ permission: 'SOURCES', canChange: false }] });
    expect(created.status).toBe(200);
    const pid = created.body.result;
    const r = await admin.post(`/api/tbl/userprofile/${pid}`, { permissions: [{ permission: 'UNITS', canChange: false }] });
    expect(r.status).toBe(200);
    const list = (await admin.post('/api/admin/rep/cmdhistory', { iniDate: startOfToday(), type: 'userprofile.update' })).body.list;
    const row = list.find((x: any) => x.entityName === 'Аудит-профиль');
    const titles = (row.detail.items ?? []).map((i: any) => i.title);
    expect(titles.some((x: string) => x.startsWith('+'))).toBe(true);
    expect(titles.some((x: string) => x.startsWith('-'))).toBe(true);
  });
});

describe('error log', () => {
  it('stores an unexpected error with the password-like fields masked, and the user gets only an id', async () => {
    const secret = 'Secret12';
    const r = await causeServerError(server, admin, { password: secret });
    expect(r.status).toBe(500);
    expect(r.body.errorId).toBeTruthy();
    expect(JSON.stringify(r.body)).not.toMatch(/at .*\.ts/);
    for (const path of ['/api/admin/rep/todayerrorlog', '/api/admin/rep/errorlog']) {
      const rep = await admin.post(path, { iniDate: startOfToday() });
      expect(rep.status).toBe(200);
      const row = rep.body.list.find((x: any) => x.id === r.body.errorId);
      expect(row).toBeTruthy();
      expect(row.url).toBe('POST /api/sys/usersettings');
      expect(row.userName).toBe('Администратор системы');
      expect(row.workspace).toBe('Демонстрационная');
      expect(row.stackTrace).toBeTruthy();
      expect(JSON.parse(row.request)).toMatchObject({ email: 'admin@example.org', password: '******' });
      expect(row.request).not.toContain(secret);
    }
    const found = await admin.post('/api/admin/rep/errorlog', { iniDate: startOfToday(), searchKey: 'usersettings' });
    expect(found.body.list.map((x: any) => x.id)).toContain(r.body.errorId);
    const none = await admin.post('/api/admin/rep/errorlog', { iniDate: startOfToday(), searchKey: 'no-such-error-text' });
    expect(none.body).toEqual({ count: 0, list: [] });
  });
});
