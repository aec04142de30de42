// Age ranges: a derived display name, ordered bounds, no overlaps within a
// workspace — and each workspace has its own.
import { describe, expect, it } from 'vitest';
import { admin, server, useTestServer } from '../helpers/use-server.ts';
import { createUser } from '../helpers/users.ts';
import { addWorkspace } from '../helpers/workspace.ts';

const list = async () => (await admin.post('/api/tbl/agerange/query', {})).body.list as any[];


useTestServer();

describe('age ranges', () => {
  it('names each range from its bounds, the last one open-ended', async () => {
    expect((await list()).map((r) => r.name)).toEqual(['0-4', '5-14', '15-24', '25-34', '35-44', '45-54', '55-64', '65+']);
  });

  it('renames a range when its bounds change, creates, queries and deletes', async () => {
    const last = (await list()).at(-1);
    const r = await admin.post(`/api/tbl/agerange/${last.id}`, { endAge: 79 });
    expect(r.status).toBe(200);
    expect((await admin.get(`/api/tbl/agerange/${last.id}`)).body).toMatchObject({ iniAge: 65, endAge: 79, name: '65-79' });
    const created = await admin.post('/api/tbl/agerange', { iniAge: 80, endAge: 150, name: 'ignored' });
    expect(created.status).toBe(200);
    expect((await admin.post('/api/tbl/agerange/query', { id: created.body.result })).body.list[0].name).toBe('80+');
    expect((await admin.delete(`/api/tbl/agerange/${created.body.result}`)).status).toBe(200);
    expect((await list()).map((x) => x.name).at(-1)).toBe('65-79');
  });

  it.each([
    ['an overlap with another range', { iniAge: 60, endAge: 70 }, 'iniAge', /55-64/],
    ['a range inside another', { iniAge: 20, endAge: 21 }, 'iniAge', /15-24/],
    ['an end before the start', { iniAge: 90, endAge: 85 }, 'endAge', /не меньше/],
    ['a missing start', { endAge: 99 }, 'iniAge', /Обязательное поле/],
    ['a missing end', { iniAge: 99 }, 'endAge', /Обязательное поле/],
    ['a fractional age', { iniAge: 90.5, endAge: 99 }, 'iniAge', /.+/],
    ['a negative age', { iniAge: -1, endAge: 99 }, 'iniAge', /.+/],
    ['an age above 150', { iniAge: 90, endAge: 151 }, 'endAge', /.+/],
  ])('refuses %s with a field error, writing nothing', async (_what, doc, field, msg) => {
    const before = (await list()).length;
    const r = await admin.post('/api/tbl/agerange', doc);
    expect(r.status).toBe(400);
    expect(r.body.errors[0].field).toBe(field);
    expect(r.body.errors[0].msg).toMatch(msg);
    expect((await list()).length).toBe(before);
  });

  it('refuses an update that would overlap', async () => {
    const first = (await list())[0];
    const r = await admin.post(`/api/tbl/agerange/${first.id}`, { endAge: 10 });
    expect(r.status).toBe(400);
    expect((await admin.get(`/api/tbl/agerange/${first.id}`)).body.endAge).toBe(4);
  });

  it('checks overlaps only within the workspace', async () => {
    await addWorkspace(server, 'Другое пространство', ['AGEADMIN']);
    const { kysely } = await import('../../server/db/kysely.ts');
    const { hashPassword } = await import('../../server/auth/password.ts');
    await kysely(server.ctx.orm.em.fork()).updateTable('sysuser').set({ password_hash: await hashPassword('Age12345') }).where('login', '=', 'AGEADMIN').execute();
    const other = await server.login('AGEADMIN', 'Age12345');
    expect((await other.post('/api/tbl/agerange', { iniAge: 0, endAge: 17 })).status).toBe(200);
    expect((await other.post('/api/tbl/agerange/query', {})).body.list.map((r: any) => r.name)).toEqual(['0-17']);
  });

  it('needs AGERANGES_EDT to write', async () => {
    const reader = await createUser(server, admin, 'AGEREADER', [{ permission: 'AGERANGES' }]);
    const first = (await reader.post('/api/tbl/agerange/query', {})).body.list[0];
    expect((await reader.post('/api/tbl/agerange', { iniAge: 151, endAge: 151 })).status).toBe(403);
    expect((await reader.post(`/api/tbl/agerange/${first.id}`, { endAge: 3 })).status).toBe(403);
    expect((await reader.delete(`/api/tbl/agerange/${first.id}`)).status).toBe(403);
  });
});
