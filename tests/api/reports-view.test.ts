// The administrator reports show a reader only what their view (access scope)
// covers: a unit view its unit, an area view its area's subtree, a workspace view or the
// administrator everything of the workspace — the command history and its statistics, the session
// reports, the error log and the reports' user list alike.
import { beforeAll, describe, expect, it } from 'vitest';
import { kysely } from '../../server/db/kysely.ts';
import { causeServerError } from '../helpers/failure.ts';
import type { ApiClient } from '../helpers/server.ts';
import { admin, server, useTestServer } from '../helpers/use-server.ts';
import { createUser } from '../helpers/users.ts';

/** Lenin district's TB dispensary (the demo's DOCTOR1 works there too): two users with a unit view. */
let lenin1: ApiClient;
let lenin2: ApiClient;
/** Chui region's dispensary (outside Bishkek): one user with a unit view. */
let chui: ApiClient;
/** A unit placed at the city of Bishkek itself, its user with an area view: the city and its districts. */
let cityArea: ApiClient;
let leninUnitId: string;
let leninAreaId: string;

const startOfToday = () => {
  const d = new Date();
  d.setHours(0, 0, 0, 0);
  return d.getTime();
};
const reportPerms = ['CMDHISTORY', 'CMDSTATISTICS', 'USERSESREP', 'ONLINE', 'ERRORLOGREP'].map((permission) => ({ permission })).concat([{ permission: 'SOURCES', canChange: true } as any]);

useTestServer();
beforeAll(async () => {
  const unitNamed = async (key: string) => (await admin.post('/api/tbl/unit/query', { key })).body.list[0];
  const areas = (await admin.post('/api/tbl/adminunit/query', {})).body.list;
  const areaNamed = (name: string) => areas.find((a: any) => a.name === name).id;
  const lenin = await unitNamed('Бишкекский городской противотуберкулёзный');
  leninUnitId = lenin.id;
  leninAreaId = areaNamed('Ленинский район');
  const chuiUnit = await unitNamed('Чуйский областной');
  const city = await admin.post('/api/tbl/unit', { type: 'TBUNIT', name: 'Городской методический центр', address: { adminUnitId: areaNamed('г. Бишкек') } });
  expect(city.status).toBe(200);
  lenin1 = await createUser(server, admin, 'LENIN1', reportPerms, 'Passw0rd', { unitId: leninUnitId, view: 'UNIT' });
  lenin2 = await createUser(server, admin, 'LENIN2', reportPerms, 'Passw0rd', { unitId: leninUnitId, view: 'UNIT' });
  chui = await createUser(server, admin, 'CHUI1', reportPerms, 'Passw0rd', { unitId: chuiUnit.id, view: 'UNIT' });
  cityArea = await createUser(server, admin, 'CITYAREA', reportPerms, 'Passw0rd', { unitId: city.body.result, view: 'ADMINUNIT' });
  // Each makes one change the command history records.
  for (const [client, name] of [[lenin1, 'Ленин 1'], [lenin2, 'Ленин 2'], [chui, 'Чуй'], [admin, 'Админ']] as const) {
    const r = await client.post('/api/tbl/source', { shortName: name.toUpperCase().replace(' ', ''), name: `Видимость ${name}` });
    expect(r.status, name).toBe(200);
  }
});

const names = async (client: ApiClient, path = 'cmdhistory') =>
  (await client.post(`/api/admin/rep/${path}`, { iniDate: startOfToday(), searchKey: 'Видимость' })).body.list.map((x: any) => x.entityName).sort();

describe('command history by view', () => {
  it("a unit view sees its unit's entries, a colleague's included, and not another unit's", async () => {
    expect(await names(lenin1)).toEqual(['Видимость Ленин 1', 'Видимость Ленин 2']);
    expect(await names(chui)).toEqual(['Видимость Чуй']);
    // today's entries too: none of the administrator's (user and profile creation in another unit)
    const today = (await lenin1.post('/api/admin/rep/todaycmdhistory')).body.list;
    expect(today.map((x: any) => x.entityName)).toContain('Видимость Ленин 2');
    expect(today.some((x: any) => x.type === 'userws' || x.entityName === 'Видимость Чуй')).toBe(false);
    // nor by asking for another user or another area explicitly
    const chuiAccount = (await admin.post('/api/opts/report-users')).body.find((u: any) => u.login === 'CHUI1').value;
    expect((await lenin1.post('/api/admin/rep/cmdhistory', { iniDate: startOfToday(), userId: chuiAccount })).body).toEqual({ count: 0, list: [] });
  });

  it("an area view sees the entries of its area's subtree, not those of another area", async () => {
    // Lenin district's users and the administrator (National centre, Oktyabr district) are in Bishkek; Chui is not
    expect(await names(cityArea)).toEqual(['Видимость Админ', 'Видимость Ленин 1', 'Видимость Ленин 2']);
    const stats = (await cityArea.post('/api/admin/rep/cmdstatistics', { iniDate: startOfToday() })).body;
    expect(stats.byUser.map((u: any) => u.userName)).not.toContain('CHUI1');
    expect(stats.byUser.map((u: any) => u.userName)).toEqual(expect.arrayContaining(['LENIN1', 'LENIN2', 'Администратор системы']));
  });

  it('the administrator sees every entry of the workspace', async () => {
    expect(await names(admin)).toEqual(['Видимость Админ', 'Видимость Ленин 1', 'Видимость Ленин 2', 'Видимость Чуй']);
    const stats = (await admin.post('/api/admin/rep/cmdstatistics', { iniDate: startOfToday(), searchKey: 'Видимость' })).body;
    expect(stats.count).toBe(4);
  });

  it("an entry without a user counts by its unit and area (a unit view by the unit, an area view by the area)", async () => {
    const me = (await admin.post('/api/sys/session')).body;
    await kysely(server.ctx.orm.em.fork()).insertInto('cmdhistory').values({
      id: crypto.randomUUID(), workspace_id: me.workspaceId, user_id: null, unit_id: leninUnitId, admin_unit_id: leninAreaId,
      exec_date: new Date(), type: 'source', action: 'update', entity_name: 'Видимость без пользователя', detail: '{}',
    }).execute();
    expect(await names(lenin1)).toContain('Видимость без пользователя');
    expect(await names(cityArea)).toContain('Видимость без пользователя');
    expect(await names(chui)).not.toContain('Видимость без пользователя');
  });
});

describe('sessions, error log and the user list by view', () => {
  const logins = async (client: ApiClient, path: string) => {
    const r = await client.post(`/api/admin/rep/${path}`, { iniDate: startOfToday() });
    expect(r.status, path).toBe(200);
    return [...new Set<string>((Array.isArray(r.body) ? r.body : r.body.list).map((x: any) => x.userLogin))].sort();
  };

  it("session reports list the sessions of the users the view covers", async () => {
    for (const path of ['usersession', 'dailyusersession', 'onlineusers']) {
      expect(await logins(lenin1, path), path).toEqual(['LENIN1', 'LENIN2']);
      expect(await logins(cityArea, path), path).toEqual(['ADMIN', 'CITYAREA', 'LENIN1', 'LENIN2']);
      expect(await logins(admin, path), path).toEqual(expect.arrayContaining(['ADMIN', 'CHUI1', 'CITYAREA', 'LENIN1', 'LENIN2']));
    }
    const offered = async (client: ApiClient) => (await client.post('/api/opts/report-users')).body.map((u: any) => u.login).sort();
    // the demo's DOCTOR1, NURSE1 and the pharmacist PHARM1 work at Lenin district's dispensary too
    expect(await offered(lenin1)).toEqual(['DOCTOR1', 'LENIN1', 'LENIN2', 'NURSE1', 'PHARM1']);
    expect(await offered(chui)).toEqual(['CHUI1']);
    expect(await offered(admin)).toEqual(expect.arrayContaining(['CHUI1', 'DOCTOR1', 'LENIN1']));
  });

  it('the error log shows an area or unit view only the errors of its users', async () => {
    const settings = (login: string) => ({ name: login, email: `${login.toLowerCase()}@example.org` });
    const mine = await causeServerError(server, lenin2, settings('LENIN2'));
    const theirs = await causeServerError(server, chui, settings('CHUI1'));
    expect([mine.status, theirs.status]).toEqual([500, 500]);
    const seen = async (client: ApiClient) => {
      const out = [];
      for (const path of ['errorlog', 'todayerrorlog']) {
        const ids = (await client.post(`/api/admin/rep/${path}`, { iniDate: startOfToday() })).body.list.map((x: any) => x.id);
        out.push([ids.includes(mine.body.errorId), ids.includes(theirs.body.errorId)]);
      }
      return out;
    };
    expect(await seen(lenin1)).toEqual([[true, false], [true, false]]);
    expect(await seen(cityArea)).toEqual([[true, false], [true, false]]);
    expect(await seen(chui)).toEqual([[false, true], [false, true]]);
    expect(await seen(admin)).toEqual([[true, true], [true, true]]);
  });
});
