// Deleting a workspace removes everything in it, the sessions that entered it included
// (`x-on-delete: cascade`); the system settings forget it (`set null`) and self-registration,
// whose setup is then incomplete, is off until an administrator chooses again.
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { kysely } from '../../server/db/kysely.ts';
import { admin, server, useTestServer } from '../helpers/use-server.ts';

const sessionsIn = async (workspaceId: string) =>
  Number((await sql<{ n: string }>`select count(*) as n from syssession where workspace_id = ${workspaceId}`.execute(kysely(server.ctx.orm.em.fork()))).rows[0].n);


useTestServer();

describe('DELETE /api/tbl/workspace/<id>', () => {
  it('deletes a workspace that sessions have entered, and ends those sessions', async () => {
    const created = await admin.post('/api/tbl/workspace', { name: 'Временное пространство' });
    expect(created.status).toBe(200);
    const ws = created.body.result;
    // one session logs straight into it, another one moves into it
    const inside = await server.login('ADMIN', 'Admin123', ws);
    expect((await inside.post('/api/sys/session')).body.workspaceName).toBe('Временное пространство');
    const visitor = await server.login('ADMIN', 'Admin123', (await admin.post('/api/sys/session')).body.workspaceId);
    expect((await visitor.post(`/api/sys/changews/${ws}`)).status).toBe(200);
    expect(await sessionsIn(ws)).toBe(2);

    const removed = await admin.delete(`/api/tbl/workspace/${ws}`);
    expect(removed.status, JSON.stringify(removed.body)).toBe(200);
    expect(removed.body.success).toBe(true);

    expect(await sessionsIn(ws)).toBe(0);
    expect((await inside.post('/api/sys/session')).status).toBe(401);
    expect((await visitor.post('/api/sys/session')).status).toBe(401);
    expect((await admin.post('/api/sys/workspaces')).body.map((w: any) => w.name)).not.toContain('Временное пространство');
    expect((await admin.post('/api/sys/session')).status).toBe(200);
  });

  it('clears it from the registration settings, and registration is then off', async () => {
    const ws = (await admin.post('/api/tbl/workspace', { name: 'Для регистрации' })).body.result;
    const unit = (await admin.post('/api/opts/unit', { workspaceId: ws })).body[0].value;
    const userProfile = (await admin.post('/api/opts/userprofile', { workspaceId: ws })).body[0].value;
    const settings = { systemURL: 'https://tb.example.kg', pageRootURL: 'https://tb.example.kg/', adminMail: 'admin@example.kg', ulaActive: false, allowRegPage: true, workspace: ws, unit, userProfile };
    const saved = await admin.post('/api/admin/sysconfig', settings);
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    const pub = server.anonymous();
    expect((await pub.get('/api/pub/sysconfig')).body).toMatchObject({ allowRegPage: true, workspaceName: 'Для регистрации' });

    expect((await admin.delete(`/api/tbl/workspace/${ws}`)).status).toBe(200);

    const after = (await admin.get('/api/admin/sysconfig')).body;
    expect(after).toMatchObject({ allowRegPage: true, systemURL: 'https://tb.example.kg' });
    expect(after.workspace ?? after.unit ?? after.userProfile).toBeUndefined();
    expect((await pub.get('/api/pub/sysconfig')).body).toMatchObject({ allowRegPage: false, workspaceName: null });
    const register = await pub.post('/api/pub/register', { login: 'NEWBIE', name: 'Новичок', email: 'newbie@example.org', password: 'Passw0rd1' });
    expect(register.status).toBe(403);
  });

  it('still refuses to delete the workspace the administrator is working in', async () => {
    const current = (await admin.post('/api/sys/session')).body.workspaceId;
    const r = await admin.delete(`/api/tbl/workspace/${current}`);
    expect(r.status).toBe(400);
    expect(await sessionsIn(current)).toBeGreaterThan(0);
  });
});
