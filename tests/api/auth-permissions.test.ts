// Sessions, permissions and workspace boundaries, enforced by the server.
import { clientHeader } from '../../engine/client-header.ts';
import { beforeAll, describe, expect, it } from 'vitest';
import { admin, server, useTestServer } from '../helpers/use-server.ts';
import { createUser } from '../helpers/users.ts';
import { addWorkspace, type ExtraWorkspace } from '../helpers/workspace.ts';

let other: ExtraWorkspace;

useTestServer();
beforeAll(async () => {
  other = await addWorkspace(server, 'Второе пространство', ['OTHERADMIN']);
});

describe('sessions', () => {
  it('answers 401 without a session', async () => {
    const r = await server.anonymous().post('/api/tbl/source/query', {});
    expect(r.status).toBe(401);
    expect(r.body.errors).toEqual([{ field: null, msg: 'Требуется вход в систему' }]);
  });

  it('sets an HttpOnly SameSite cookie and ends the session on logout', async () => {
    const res = await fetch(`${server.url}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json', [clientHeader]: '1' }, body: JSON.stringify({ login: 'admin', password: 'Admin123' }) });
    const cookie = res.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    const client = await server.login();
    expect((await client.post('/api/sys/session')).body.workspaceName).toBe('Демонстрационная');
    await client.post('/api/auth/logout');
    expect((await client.post('/api/sys/session')).status).toBe(401);
  });

  it('refuses a wrong password and locks the login after 5 failures in 15 minutes', async () => {
    const c = server.anonymous();
    for (let i = 0; i < 5; i++) expect((await c.post('/api/auth/login', { login: 'DOCTOR1', password: 'wrong1' })).status).toBe(401);
    const locked = await c.post('/api/auth/login', { login: 'DOCTOR1', password: 'Doctor123' });
    expect(locked.status).toBe(429);
    expect(locked.body.errors[0].msg).toMatch(/15/);
  });

  it('asks a user with several workspaces to choose one, then opens the chosen one', async () => {
    await admin.post('/api/tbl/userws', { login: 'OTHERADMIN', name: 'Второй админ', email: 'o@example.org', unitId: (await admin.post('/api/tbl/unit/query', { pageSize: 1, page: 1 })).body.list[0].id, profiles: [(await admin.post('/api/tbl/userprofile/query', {})).body.list[0].id], view: 'WORKSPACE' });
    const { kysely } = await import('../../server/db/kysely.ts');
    const { hashPassword } = await import('../../server/auth/password.ts');
    await kysely(server.ctx.orm.em.fork()).updateTable('sysuser').set({ password_hash: await hashPassword('Other123') }).where('login', '=', 'OTHERADMIN').execute();
    const c = server.anonymous();
    const ask = await c.post('/api/auth/login', { login: 'OTHERADMIN', password: 'Other123' });
    expect(ask.status).toBe(400);
    expect(ask.body.result.workspaces.map((w: any) => w.name).sort()).toEqual(['Второе пространство', 'Демонстрационная']);
    expect((await c.post('/api/auth/login', { login: 'OTHERADMIN', password: 'Other123', workspaceId: other.workspaceId })).status).toBe(200);
    expect((await c.post('/api/sys/session')).body.workspaceId).toBe(other.workspaceId);
    const ws = await c.post('/api/sys/workspaces');
    expect(ws.body).toHaveLength(2);
    const demo = ws.body.find((w: any) => w.name === 'Демонстрационная');
    expect((await c.post(`/api/sys/changews/${demo.id}`)).status).toBe(200);
    expect((await c.post('/api/sys/session')).body.workspaceName).toBe('Демонстрационная');
  });
});

describe('permissions', () => {
  it('answers 403 without the catalogue permission', async () => {
    const doctor = await server.login('DOCTOR1', 'Doctor123').catch(() => undefined);
    const reader = doctor ?? (await createUser(server, admin, 'NOPERM', [{ permission: 'UNITS' }]));
    const r = await reader.post('/api/tbl/source/query', {});
    expect(r.status).toBe(403);
  });

  it('lets a user with SOURCES read but not change without SOURCES_EDT', async () => {
    const reader = await createUser(server, admin, 'READER', [{ permission: 'SOURCES', canChange: false }]);
    expect((await reader.post('/api/tbl/source/query', {})).status).toBe(200);
    const denied = await reader.post('/api/tbl/source', { shortName: 'RO', name: 'Только чтение' });
    expect(denied.status).toBe(403);
    const any = (await reader.post('/api/tbl/source/query', {})).body.list[0];
    expect((await reader.delete(`/api/tbl/source/${any.id}`)).status).toBe(403);
    expect((await reader.post(`/api/tbl/source/${any.id}`, { name: 'x' })).status).toBe(403);
    const writer = await createUser(server, admin, 'WRITER', [{ permission: 'SOURCES', canChange: true }]);
    expect((await writer.post('/api/tbl/source', { shortName: 'RW', name: 'Изменяемый' })).status).toBe(200);
    const session = (await writer.post('/api/sys/session')).body;
    expect(session.permissions).toEqual(expect.arrayContaining(['SOURCES', 'SOURCES_EDT', 'TABLES', 'ADMIN']));
  });
});

describe('workspace boundary', () => {
  it('hides and protects the rows of another workspace', async () => {
    const b = await server.login('OTHERADMIN', 'Other123', other.workspaceId).catch(async () => {
      const { kysely } = await import('../../server/db/kysely.ts');
      const { hashPassword } = await import('../../server/auth/password.ts');
      await kysely(server.ctx.orm.em.fork()).updateTable('sysuser').set({ password_hash: await hashPassword('Other123') }).where('login', '=', 'OTHERADMIN').execute();
      return server.login('OTHERADMIN', 'Other123', other.workspaceId);
    });
    const mine = await b.post('/api/tbl/source', { shortName: 'ONLYB', name: 'Только во втором' });
    const id = mine.body.result;
    const fromA = await admin.post('/api/tbl/source/query', { shortName: 'ONLYB' });
    expect(fromA.body.count).toBe(0);
    expect((await admin.get(`/api/tbl/source/${id}`)).status).toBe(404);
    expect((await admin.post(`/api/tbl/source/${id}`, { name: 'Взлом' })).status).toBe(404);
    expect((await admin.delete(`/api/tbl/source/${id}`)).status).toBe(404);
    expect((await b.get(`/api/tbl/source/${id}`)).body.name).toBe('Только во втором');
    // nor may a row of A point at a row of B
    const r = await admin.post('/api/tbl/unit', { type: 'TBUNIT', name: 'Чужой адрес', address: { adminUnitId: other.adminUnitId } });
    expect(r.status).toBe(400);
    expect(r.body.errors[0].field).toBe('address.adminUnitId');
  });
});
