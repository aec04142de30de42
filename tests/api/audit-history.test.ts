// The audit trail: every generic write leaves exactly one command-history entry with its diff,
// a refused write leaves none, and an unexpected error lands in the error log with passwords masked.
import { describe, expect, it } from 'vitest';
import { sql } from 'kysely';
import { t } from '../../engine/i18n.ts';
import { kysely } from '../../server/db/kysely.ts';
import { causeServerError, withColumnLost } from '../helpers/failure.ts';
import { admin, server, useTestServer } from '../helpers/use-server.ts';



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

useTestServer();

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
    // the demo administrator's unit and its area
    expect(row.unitName).toBe('Национальный центр фтизиатрии');
    expect(row.adminUnitName).toBe('Октябрьский район');
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

describe('enum labels in child rows', () => {
  it("names a regimen row's frequency by its label (7/7), in created, changed and deleted rows alike", async () => {
    const medicines = (await admin.post('/api/opts/product', { for: 'regimen.medicines.medicineId' })).body;
    expect(medicines.length).toBeGreaterThan(0);
    const row = (defaultFrequency: number) => ({ medicineId: medicines[0].value, defaultDoseUnit: 1, defaultFrequency, iniDay: 0, days: 60 });
    const created = await admin.post('/api/tbl/regimen', { name: 'Аудит-режим', classification: 'TB', medicines: [row(7)] });
    expect(created.status).toBe(200);
    const rid = created.body.result;
    expect((await admin.post(`/api/tbl/regimen/${rid}`, { medicines: [row(5)] })).status).toBe(200);
    expect((await admin.delete(`/api/tbl/regimen/${rid}`)).status).toBe(200);
    const list = (await admin.post('/api/admin/rep/cmdhistory', { iniDate: startOfToday(), type: 'regimen', searchKey: 'Аудит-режим' })).body.list;
    const entry = (action: string) => list.find((x: any) => x.action === action).detail;
    const freq = t('ru', 'regimen.defaultFrequency');
    const medicinesTitle = t('ru', 'regimen.medicines');
    const itemOf = (detail: any, itemTitle: string) => detail.items.find((i: any) => i.title === itemTitle).value as string;
    expect(itemOf(entry('create'), medicinesTitle)).toContain(`${freq}: 7/7`);
    const update = entry('update');
    expect(itemOf(update, `+${medicinesTitle}`)).toContain(`${freq}: 5/7`);
    expect(itemOf(update, `-${medicinesTitle}`)).toContain(`${freq}: 7/7`);
    expect(itemOf(entry('delete'), medicinesTitle)).toContain(`${freq}: 5/7`);
  });
});

describe('details of actions outside the table API', () => {
  it("titles a user's own settings change in that user's language", async () => {
    const doctor = await server.login('DOCTOR1', 'Doctor123');
    expect((await doctor.post('/api/sys/language/en')).status).toBe(200);
    try {
      const mine = (await doctor.get('/api/sys/usersettings')).body;
      expect((await doctor.post('/api/sys/usersettings', { ...mine, mobile: '+996 555 123 456' })).status).toBe(200);
      const list = (await admin.post('/api/admin/rep/cmdhistory', { iniDate: startOfToday(), type: 'sysuser.usersettings' })).body.list;
      const row = list.find((x: any) => x.userName === 'Асанова Гульмира Токтогуловна');
      expect(row.detail.diffs).toEqual([{ title: 'Mobile phone', prevValue: mine.mobile, newValue: '+996 555 123 456' }]);
    } finally {
      await doctor.post('/api/sys/language/ru');
    }
  });
});

describe('the history entry is part of the change (one transaction)', () => {
  const db = () => kysely(server.ctx.orm.em.fork());
  const historyCount = async () => Number((await db().selectFrom('cmdhistory').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
  const sourcesNamed = (name: string) => db().selectFrom('source').select(['id', 'name', 'short_name']).where('name', '=', name).execute();

  it('writes no row when the history entry cannot be written: create, update and delete all fail whole', async () => {
    const kept = await admin.post('/api/tbl/source', { shortName: 'TXK', name: 'Источник до сбоя' });
    expect(kept.status).toBe(200);
    const before = await historyCount();
    const [created, updated, deleted] = await withColumnLost(server, 'cmdhistory', 'detail', async () => [
      await admin.post('/api/tbl/source', { shortName: 'TXF', name: 'Источник без истории' }),
      await admin.post(`/api/tbl/source/${kept.body.result}`, { name: 'Источник без истории 2' }),
      await admin.delete(`/api/tbl/source/${kept.body.result}`),
    ]);
    for (const r of [created, updated, deleted]) {
      expect(r.status).toBe(500);
      expect(r.body.errorId).toMatch(/^[0-9a-f-]{36}$/);
    }
    expect(await sourcesNamed('Источник без истории')).toHaveLength(0);
    expect(await sourcesNamed('Источник без истории 2')).toHaveLength(0);
    expect(await sourcesNamed('Источник до сбоя')).toHaveLength(1); // neither renamed nor deleted
    expect(await historyCount()).toBe(before);
    // the failure itself is in the error log, for the administrator to see
    const log = (await admin.post('/api/admin/rep/todayerrorlog')).body.list;
    expect(log.find((x: any) => x.id === created.body.errorId)).toMatchObject({ url: 'POST /api/tbl/source' });
    // and with the table back, the same create goes through with its entry
    const again = await admin.post('/api/tbl/source', { shortName: 'TXF', name: 'Источник без истории' });
    expect(again.status).toBe(200);
    expect(await entriesOf(again.body.result)).toHaveLength(1);
  });

  it('a duplicate key leaves no row and no entry', async () => {
    expect((await admin.post('/api/tbl/source', { shortName: 'DUPK', name: 'Первый с кодом' })).status).toBe(200);
    const before = await historyCount();
    const r = await admin.post('/api/tbl/source', { shortName: 'DUPK', name: 'Второй с тем же кодом' });
    expect(r.status).toBe(400);
    expect(r.body.errors[0].field).toBe('shortName');
    expect(await sourcesNamed('Второй с тем же кодом')).toHaveLength(0);
    expect(await historyCount()).toBe(before);
  });

  it('a duplicate key raised by the history write itself takes the already inserted row back', async () => {
    const name = 'Дубль в истории';
    expect((await admin.post('/api/tbl/source', { shortName: 'HDUP1', name })).status).toBe(200);
    // one entry per entity name from now on: the next entry with this name breaks the index
    await sql`create unique index tmp_history_once on cmdhistory (entity_name) where entity_name = ${sql.lit(name)}`.execute(db());
    try {
      const before = await historyCount();
      const r = await admin.post('/api/tbl/source', { shortName: 'HDUP2', name });
      expect(r.status).toBe(400);
      expect((await sourcesNamed(name)).map((x) => x.short_name)).toEqual(['HDUP1']);
      expect(await historyCount()).toBe(before);
    } finally {
      await sql`drop index tmp_history_once`.execute(db());
    }
  });
});

describe('error log', () => {
  it('stores an unexpected error with the password-like fields masked, and the user gets only an id', async () => {
    const secret = 'Secret12';
    const r = await causeServerError(server, admin, { password: secret });
    expect(r.status).toBe(500);
    expect(r.body.errorId).toMatch(/^[0-9a-f-]{36}$/);
    expect(JSON.stringify(r.body)).not.toMatch(/at .*\.ts/);
    for (const path of ['/api/admin/rep/todayerrorlog', '/api/admin/rep/errorlog']) {
      const rep = await admin.post(path, { iniDate: startOfToday() });
      expect(rep.status).toBe(200);
      const row = rep.body.list.find((x: any) => x.id === r.body.errorId);
      expect(row, `${path} lists error ${r.body.errorId}`).toBeDefined();
      expect(row.url).toBe('POST /api/sys/usersettings');
      expect(row.userName).toBe('Администратор системы');
      expect(row.workspace).toBe('Демонстрационная');
      expect(row.stackTrace).toMatch(/"mobile".* does not exist/); // the database's own error, the lost column named
      expect(JSON.parse(row.request)).toMatchObject({ email: 'admin@example.org', password: '******' });
      expect(row.request).not.toContain(secret);
    }
    const found = await admin.post('/api/admin/rep/errorlog', { iniDate: startOfToday(), searchKey: 'usersettings' });
    expect(found.body.list.map((x: any) => x.id)).toContain(r.body.errorId);
    const none = await admin.post('/api/admin/rep/errorlog', { iniDate: startOfToday(), searchKey: 'no-such-error-text' });
    expect(none.body).toEqual({ count: 0, list: [] });
  });
});
