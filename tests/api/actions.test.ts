// Declared workflow actions (server/actions): a domain module declares an action
// on a table row; the host lists it for a row with {name, enabled, reason} and runs it in one
// transaction — permission, guard, input checked, the change written by the table writer with its
// history entry. Proved on the user catalogue's actions (block, unblock, resetpwd, updatepwd).
import { beforeAll, describe, expect, it } from 'vitest';
import { admin, server, useTestServer } from '../helpers/use-server.ts';
import { historyOf } from '../helpers/history.ts';
import { createUser } from '../helpers/users.ts';

const userWs = async (login: string) => (await admin.post('/api/tbl/userws/query', { login })).body.list[0];
const byName = (list: any[]) => Object.fromEntries(list.map((a) => [a.name, a]));

useTestServer();
beforeAll(async () => {
  await createUser(server, admin, 'ACTTARGET', [{ permission: 'SOURCES' }], 'Target123');
});

describe('GET /api/tbl/<table>/<id>/actions', () => {
  it("lists a row's actions with whether they may run now and why not", async () => {
    const me = await userWs('ADMIN');
    const r = await admin.get(`/api/tbl/userws/${me.id}/actions`);
    expect(r.status).toBe(200);
    expect(r.body.map((a: any) => a.name)).toEqual(['resetpwd', 'updatepwd', 'block', 'unblock']);
    expect(byName(r.body)).toEqual({
      resetpwd: { name: 'resetpwd', enabled: true },
      updatepwd: { name: 'updatepwd', enabled: true },
      block: { name: 'block', enabled: false, reason: 'Нельзя заблокировать самого себя' },
      unblock: { name: 'unblock', enabled: false, reason: 'Пользователь не заблокирован' },
    });
  });

  it('says a user without the permission may not run them; 404 for an unknown row', async () => {
    const reader = await createUser(server, admin, 'ACTREADER', [{ permission: 'USERS' }]);
    const target = await userWs('ACTTARGET');
    const list = (await reader.get(`/api/tbl/userws/${target.id}/actions`)).body;
    expect(list.every((a: any) => a.enabled === false && a.reason === 'Нет прав доступа')).toBe(true);
    expect((await admin.get(`/api/tbl/userws/${crypto.randomUUID()}/actions`)).status).toBe(404);
    const doctor = await server.login('DOCTOR1', 'Doctor123'); // cannot read users at all
    expect((await doctor.get(`/api/tbl/userws/${target.id}/actions`)).status).toBe(403);
  });
});

describe('POST /api/tbl/<table>/<id>/action/<name>', () => {
  it('runs the change through the table writer: the row changes, one history entry names the action and its diff', async () => {
    const target = await userWs('ACTTARGET');
    const session = await server.login('ACTTARGET', 'Target123');
    const r = await admin.post(`/api/tbl/userws/${target.id}/action/block`, {});
    expect(r.body).toEqual({ success: true });
    expect((await userWs('ACTTARGET')).active).toBe(false);
    expect((await session.post('/api/sys/session')).status).toBe(401); // the blocked user's sessions ended
    const entries = await historyOf(target.id);
    expect(entries.at(-1)).toMatchObject({ type: 'userws', action: 'block', entity_name: 'ACTTARGET' });
    expect(entries.at(-1)!.detail?.diffs).toEqual([{ title: 'Активен', prevValue: 'Да', newValue: 'Нет' }]);
    const list = byName((await admin.get(`/api/tbl/userws/${target.id}/actions`)).body);
    expect(list.block).toEqual({ name: 'block', enabled: false, reason: 'Пользователь уже заблокирован' });
    expect(list.unblock).toEqual({ name: 'unblock', enabled: true });
    expect((await admin.post(`/api/tbl/userws/${target.id}/action/unblock`, {})).status).toBe(200);
    expect((await userWs('ACTTARGET')).active).toBe(true);
    expect((await historyOf(target.id)).at(-1)).toMatchObject({ action: 'unblock' });
  });

  it('refused by its guard: changes nothing, writes no history, and says why', async () => {
    const me = await userWs('ADMIN');
    const before = (await historyOf(me.id)).length;
    const r = await admin.post(`/api/tbl/userws/${me.id}/action/block`, {});
    expect(r.status).toBe(400);
    expect(r.body).toEqual({ success: false, errors: [{ field: null, msg: 'Нельзя заблокировать самого себя' }] });
    expect((await userWs('ADMIN')).active).toBe(true);
    expect((await historyOf(me.id)).length).toBe(before);
    const again = await admin.post(`/api/tbl/userws/${(await userWs('ACTTARGET')).id}/action/unblock`, {});
    expect(again.body.errors[0].msg).toBe('Пользователь не заблокирован');
  });

  it('checks the permission first', async () => {
    const reader = await server.login('ACTREADER', 'Passw0rd');
    const target = await userWs('ACTTARGET');
    const r = await reader.post(`/api/tbl/userws/${target.id}/action/block`, {});
    expect(r.status).toBe(403);
    expect((await userWs('ACTTARGET')).active).toBe(true);
  });

  it("validates the input against the action's schema (ajv), in the {errors} shape", async () => {
    const target = await userWs('ACTTARGET');
    const r = await admin.post(`/api/tbl/userws/${target.id}/action/updatepwd`, { newPassword: 5 });
    expect(r.status).toBe(400);
    expect(r.body.errors.map((e: any) => e.field).sort()).toEqual(['newPassword', 'repeatNewPassword']);
    const ok = await admin.post(`/api/tbl/userws/${target.id}/action/updatepwd`, { newPassword: 'Fresh1234', repeatNewPassword: 'Fresh1234' });
    expect(ok.body).toEqual({ success: true });
    await server.login('ACTTARGET', 'Fresh1234');
    const entry = (await historyOf(target.id)).at(-1)!;
    expect(entry).toMatchObject({ action: 'updatepwd' });
    expect(JSON.stringify(entry.detail)).not.toContain('Fresh1234');
  });

  it('answers 404 for an action nobody declared, and registers the declared ones as command types', async () => {
    const target = await userWs('ACTTARGET');
    expect((await admin.post(`/api/tbl/userws/${target.id}/action/explode`, {})).status).toBe(404);
    const types = (await admin.post('/api/opts/command-types', {})).body;
    const userws = types.find((t: any) => t.id === 'userws');
    expect(userws.children.map((c: any) => c.id)).toEqual(expect.arrayContaining(['userws.block', 'userws.unblock', 'userws.resetpwd', 'userws.updatepwd']));
    expect(userws.children.find((c: any) => c.id === 'userws.block').name).toBe('Блокировка пользователя');
  });
});
