// Option lookups: the session workspace's rows, filters checked by the field's schema, and another
// workspace's rows only for the system settings (SYSSETUP).
import { beforeAll, describe, expect, it } from 'vitest';
import { admin, server, useTestServer } from '../helpers/use-server.ts';
import { createUser } from '../helpers/users.ts';
import { addWorkspace, type ExtraWorkspace } from '../helpers/workspace.ts';

let other: ExtraWorkspace;
useTestServer();
beforeAll(async () => {
  other = await addWorkspace(server, 'Соседнее пространство');
});

describe('POST /api/opts/<table>', () => {
  it('lists the workspace rows as value/label, filtered by declared fields', async () => {
    const labs = await admin.post('/api/opts/unit', { type: 'LAB' });
    expect(labs.status).toBe(200);
    expect(labs.body.length).toBeGreaterThan(0);
    const all = await admin.post('/api/opts/unit', {});
    expect(all.body.length).toBeGreaterThan(labs.body.length);
    expect(labs.body[0]).toEqual({ value: expect.any(String), label: expect.any(String) });
    expect(all.body.map((o: any) => o.label)).not.toContain('Соседнее пространство — диспансер');
  });

  it('refuses an unknown filter or a value of the wrong type', async () => {
    expect((await admin.post('/api/opts/unit', { colour: 'red' })).body.errors[0].field).toBe('colour');
    const wrong = await admin.post('/api/opts/unit', { active: 'maybe' });
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors[0].field).toBe('active');
  });

  it("lists another workspace's units only for SYSSETUP", async () => {
    const theirs = await admin.post('/api/opts/unit', { workspaceId: other.workspaceId });
    expect(theirs.body.map((o: any) => o.label)).toEqual(['Соседнее пространство — диспансер']);
    const clerk = await createUser(server, admin, 'CLERK', [{ permission: 'UNITS' }]);
    expect((await clerk.post('/api/opts/unit', {})).status).toBe(200);
    expect((await clerk.post('/api/opts/unit', { workspaceId: other.workspaceId })).status).toBe(403);
  });
});

describe('who may read options', () => {
  const tables = ['source', 'userprofile', 'substance', 'product', 'unit', 'adminunit', 'workspace'];
  const lookups = ['perms-tree', 'user-views', 'command-types', 'report-users'];

  it('a doctor (clinical profile): lookups of readable-by-all tables and of what their case forms name only', async () => {
    const doctor = await server.login('DOCTOR1', 'Doctor123');
    for (const name of ['source', 'userprofile', ...lookups]) {
      const r = await doctor.post(`/api/opts/${name}`, {});
      expect(r.status, name).toBe(403);
      expect(r.body.errors[0].msg).toBe('Нет прав доступа');
    }
    // the adverse-effect form names substances (ADV_EFFECTS), the prescription forms medicines (CASE_TREAT)
    for (const name of ['unit', 'adminunit', 'workspace', 'substance', 'product']) expect((await doctor.post(`/api/opts/${name}`, {})).status, name).toBe(200);
  });

  it('a user manager (USERS): the profiles and user views a user form needs, not the substances', async () => {
    const manager = await createUser(server, admin, 'USERMGR', [{ permission: 'USERS' }]);
    const profiles = await manager.post('/api/opts/userprofile', {});
    expect(profiles.status).toBe(200);
    expect(profiles.body.map((o: any) => o.label)).toContain('Профиль USERMGR');
    expect((await manager.post('/api/opts/user-views', {})).status).toBe(200);
    for (const name of ['substance', 'product', 'perms-tree', 'command-types']) expect((await manager.post(`/api/opts/${name}`, {})).status, name).toBe(403);
  });

  it('a unit manager (UNITS) picks units (a unit names its supplier unit), not sources; a product manager picks substances', async () => {
    const units = await createUser(server, admin, 'UNITMGR', [{ permission: 'UNITS' }]);
    expect((await units.post('/api/opts/unit', {})).status).toBe(200);
    expect((await units.post('/api/opts/source', {})).status).toBe(403);
    expect((await units.post('/api/opts/userprofile', {})).status).toBe(403);
    const products = await createUser(server, admin, 'PRODMGR', [{ permission: 'PRODUCTS' }]);
    expect((await products.post('/api/opts/substance', {})).status).toBe(200);
    expect((await products.post('/api/opts/userprofile', {})).status).toBe(403);
  });

  it('the reports: command types and users for a holder of CMDHISTORY', async () => {
    const auditor = await createUser(server, admin, 'AUDITOR', [{ permission: 'CMDHISTORY' }]);
    expect((await auditor.post('/api/opts/command-types', {})).status).toBe(200);
    expect((await auditor.post('/api/opts/report-users', {})).status).toBe(200);
    expect((await auditor.post('/api/opts/userprofile', {})).status).toBe(403);
  });

  it('the administrator reads them all', async () => {
    for (const name of [...tables, ...lookups]) expect((await admin.post(`/api/opts/${name}`, {})).status, name).toBe(200);
  });
});

describe('POST /api/tbl/unit/query {type, adminUnitId}', () => {
  it('lists the TB units of an area and of every area below it', async () => {
    const areas = (await admin.post('/api/tbl/adminunit/query', { rootUnits: true })).body.list;
    const country = areas[0];
    const all = await admin.post('/api/tbl/unit/query', { type: 'TBUNIT', adminUnitId: country.id, page: 1 });
    expect(all.status).toBe(200);
    expect(all.body.count).toBe((await admin.post('/api/tbl/unit/query', { type: 'TBUNIT' })).body.count);
    const units = (await admin.post('/api/tbl/unit/query', { type: 'TBUNIT' })).body.list;
    const deep = units.find((u: any) => u.address.adminUnitId !== country.id);
    const inArea = await admin.post('/api/tbl/unit/query', { type: 'TBUNIT', adminUnitId: deep.address.adminUnitId });
    expect(inArea.body.list.map((u: any) => u.id)).toContain(deep.id);
    expect(inArea.body.count).toBeLessThan(all.body.count);
    expect((await admin.post('/api/tbl/unit/query', { adminUnitId: 'nope' })).status).toBe(400);
  });
});

describe('POST /api/opts/unit {adminUnitId}', () => {
  it('offers the units of an area and below, as the unit lookups ask', async () => {
    const units = (await admin.post('/api/tbl/unit/query', { type: 'TBUNIT' })).body.list;
    const area = units[units.length - 1].address.adminUnitId;
    const opts = await admin.post('/api/opts/unit', { type: 'TBUNIT', adminUnitId: area });
    expect(opts.status).toBe(200);
    expect(opts.body.map((o: any) => o.value)).toContain(units[units.length - 1].id);
    expect(opts.body.length).toBeLessThanOrEqual(units.length);
  });
});
