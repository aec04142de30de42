// Workspaces are tenants: a user sees and changes only the workspaces they belong to; a new
// workspace is usable at once by its creator.
import { describe, expect, it } from 'vitest';
import { admin, server, useTestServer } from '../helpers/use-server.ts';
import { addWorkspace } from '../helpers/workspace.ts';


useTestServer();

describe('workspace catalogue', () => {
  it('lists and changes only the workspaces the user belongs to', async () => {
    const stranger = await addWorkspace(server, 'Чужое пространство');
    const list = await admin.post('/api/tbl/workspace/query', {});
    expect(list.body.list.map((w: any) => w.name)).toEqual(['Демонстрационная']);
    expect((await admin.get(`/api/tbl/workspace/${stranger.workspaceId}`)).status).toBe(404);
    expect((await admin.post(`/api/tbl/workspace/${stranger.workspaceId}`, { name: 'Захвачено' })).status).toBe(404);
    expect((await admin.delete(`/api/tbl/workspace/${stranger.workspaceId}`)).status).toBe(404);
  });

  it('gives a new workspace a root area, a unit and its creator as administrator', async () => {
    const created = await admin.post('/api/tbl/workspace', { name: 'Новая область' });
    expect(created.status).toBe(200);
    const mine = await admin.post('/api/sys/workspaces');
    expect(mine.body.map((w: any) => w.name)).toContain('Новая область');
    expect((await admin.post(`/api/sys/changews/${created.body.result}`)).status).toBe(200);
    const session = (await admin.post('/api/sys/session')).body;
    expect(session).toMatchObject({ workspaceName: 'Новая область', administrator: true, unitName: 'Центральный офис' });
    const units = await admin.post('/api/tbl/unit/query', {});
    expect(units.body.list.map((u: any) => u.name)).toEqual(['Центральный офис']);
    const history = await admin.post('/api/admin/rep/todaycmdhistory');
    expect(history.body.list.map((h: any) => h.type)).toEqual(expect.arrayContaining(['adminunit', 'unit', 'userws']));
  });
});
