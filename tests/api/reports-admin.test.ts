// The administrator reports: sessions, online users, command history and
// statistics, error log — their filters, their permissions and the workspace boundary.
import { beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../server/auth/password.ts';
import { kysely } from '../../server/db/kysely.ts';
import { causeServerError, withColumnLost } from '../helpers/failure.ts';
import { startTestServer, type ApiClient } from '../helpers/server.ts';
import { admin, server, useTestServer } from '../helpers/use-server.ts';
import { createUser } from '../helpers/users.ts';
import { addWorkspace } from '../helpers/workspace.ts';

let sourceId: string;

const startOfToday = () => {
  const d = new Date();
  d.setHours(0, 0, 0, 0);
  return d.getTime();
};
const accountOf = async (login: string) =>
  (await kysely(server.ctx.orm.em.fork()).selectFrom('sysuser').select('id').where('login', '=', login).executeTakeFirstOrThrow()).id as string;

useTestServer();
beforeAll(async () => {
  sourceId = (await admin.post('/api/tbl/source', { shortName: 'REP', name: 'Отчётный источник' })).body.result;
});

describe('session history', () => {
  it('shows a login and its logout, by day and by period', async () => {
    const before = Date.now() - 1000; // the database's clock may be a moment behind this process's
    const doctor = await server.login('DOCTOR1', 'Doctor123');
    await doctor.post('/api/auth/logout');
    const doctorId = await accountOf('DOCTOR1');
    const r = await admin.post('/api/admin/rep/usersession', { iniDate: startOfToday(), userId: doctorId });
    expect(r.status).toBe(200);
    expect(r.body.count).toBe(1);
    const [row] = r.body.list;
    expect(row).toMatchObject({ userLogin: 'DOCTOR1', userName: 'Асанова Гульмира Токтогуловна' });
    // login ≤ last access ≤ logout, all within this test
    const at = (iso: string) => (expect(iso).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/), new Date(iso).getTime());
    expect(at(row.loginDate)).toBeGreaterThanOrEqual(before);
    expect(at(row.lastAccess)).toBeGreaterThanOrEqual(at(row.loginDate));
    expect(at(row.logoutDate)).toBeGreaterThanOrEqual(at(row.lastAccess));
    expect(at(row.logoutDate)).toBeLessThanOrEqual(Date.now() + 1000);
    expect(row).toHaveProperty('ipAddress');
    // the application is named; the user agent it came with is kept as the detail
    expect(row.application).toBe('Браузер');
    expect(row.userAgent).toBe('node');
    const daily = await admin.post('/api/admin/rep/dailyusersession', { iniDate: startOfToday() });
    expect(daily.body.list.map((x: any) => x.userLogin)).toEqual(expect.arrayContaining(['DOCTOR1', 'ADMIN']));
    const yesterday = await admin.post('/api/admin/rep/dailyusersession', { iniDate: startOfToday() - 86_400_000 });
    expect(yesterday.body).toEqual({ count: 0, list: [] });
    const d = new Date();
    const day = `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
    const byDay = await admin.post('/api/admin/rep/usersession', { iniDate: day, endDate: day });
    expect(byDay.body.count).toBeGreaterThanOrEqual(2);
  });

  it('shows an expired session with the logout it had when the timeout ran out', async () => {
    const stale = await server.login('DOCTOR1', 'Doctor123');
    const db = kysely(server.ctx.orm.em.fork());
    const doctorId = await accountOf('DOCTOR1');
    const hours = server.ctx.config.sessionHours;
    const last = new Date(Date.now() - (hours + 1) * 3600_000);
    await db.updateTable('syssession').set({ login_date: new Date(startOfToday() + 1000), last_access: last }).where('user_id', '=', doctorId).where('logout_date', 'is', null).execute();
    const r = await admin.post('/api/admin/rep/usersession', { iniDate: startOfToday(), userId: doctorId });
    const open = r.body.list.filter((x: any) => new Date(x.lastAccess).getTime() === last.getTime());
    expect(open).toHaveLength(1);
    expect(new Date(open[0].logoutDate).getTime()).toBe(last.getTime() + hours * 3600_000);
    expect((await stale.post('/api/sys/session')).status).toBe(401);
  });
});

describe('sessions of the offline client', () => {
  it('the client-mode build names its sessions the offline client, with the user agent as detail', async () => {
    const client = await startTestServer({ clientMode: true });
    try {
      const me = await client.login();
      const list = (await me.post('/api/admin/rep/onlineusers')).body;
      expect(list.find((x: any) => x.userLogin === 'ADMIN')).toMatchObject({ application: 'Офлайн-клиент', userAgent: 'node' });
      await me.post('/api/sys/language/en');
      const en = (await me.post('/api/admin/rep/usersession', { iniDate: startOfToday() })).body.list;
      expect(en.map((x: any) => x.application)).toContain('Offline client');
    } finally {
      await client.close();
    }
  });
});

describe('online users', () => {
  it('lists the users with a live session; a logged-out one disappears', async () => {
    const doctor = await server.login('DOCTOR1', 'Doctor123');
    const online = async () => (await admin.post('/api/admin/rep/onlineusers')).body.map((x: any) => x.userLogin);
    const r = await admin.post('/api/admin/rep/onlineusers');
    expect(r.status).toBe(200);
    expect(Array.isArray(r.body)).toBe(true);
    expect(await online()).toEqual(expect.arrayContaining(['ADMIN', 'DOCTOR1']));
    await doctor.post('/api/auth/logout');
    expect(await online()).not.toContain('DOCTOR1');
    expect(await online()).toContain('ADMIN');
  });
});

describe('command history report', () => {
  it('loads today, filters by user, type, action, area and search key', async () => {
    const today = await admin.post('/api/admin/rep/todaycmdhistory');
    expect(today.status).toBe(200);
    expect(today.body.list.some((x: any) => x.entityName === 'Отчётный источник')).toBe(true);
    const base = { iniDate: startOfToday() };
    const names = async (f: object) => (await admin.post('/api/admin/rep/cmdhistory', { ...base, ...f })).body.list.map((x: any) => x.entityName);
    expect(await names({ searchKey: 'отчётный' })).toContain('Отчётный источник');
    expect(await names({ searchKey: 'REP' })).toContain('Отчётный источник');
    expect(await names({ type: 'source.create' })).toContain('Отчётный источник');
    expect(await names({ type: 'source.delete' })).not.toContain('Отчётный источник');
    expect(await names({ type: 'unit' })).not.toContain('Отчётный источник');
    expect(await names({ userId: await accountOf('ADMIN') })).toContain('Отчётный источник');
    expect(await names({ userId: await accountOf('DOCTOR1') })).toEqual([]);
    const session = (await admin.post('/api/sys/session')).body;
    expect(await names({ adminUnitId: session.adminUnitId })).toContain('Отчётный источник');
    const units = (await admin.post('/api/tbl/adminunit/query', {})).body.list;
    const idOf = (v: any) => v?.id ?? v;
    const mine = units.find((u: any) => u.id === session.adminUnitId);
    expect(await names({ adminUnitId: idOf(mine.p0) })).toContain('Отчётный источник');
    // an area outside the administrator's: the city of Osh, not on the path of the administrator's area
    const osh = (await admin.post('/api/tbl/adminunit/query', { key: 'г. Ош' })).body.list.find((u: any) => u.name === 'г. Ош');
    expect([mine.p0, mine.p1, mine.p2, mine.p3, mine.p4].map(idOf)).not.toContain(osh.id);
    expect(await names({ adminUnitId: osh.id })).not.toContain('Отчётный источник');
    const tomorrow = await admin.post('/api/admin/rep/cmdhistory', { iniDate: startOfToday() + 86_400_000 });
    expect(tomorrow.body).toEqual({ count: 0, list: [] });
    const paged = await admin.post('/api/admin/rep/cmdhistory', { ...base, pageSize: 1, page: 1 });
    expect(paged.body.list).toHaveLength(1);
    expect(paged.body.count).toBeGreaterThan(1);
  });

  it('counts commands by type and by user', async () => {
    const stats = async (f: object = {}) => (await admin.post('/api/admin/rep/cmdstatistics', { iniDate: startOfToday(), ...f })).body;
    const before = await stats({ userId: await accountOf('ADMIN') });
    await admin.post(`/api/tbl/source/${sourceId}`, { name: 'Отчётный источник 2' });
    const mine = await stats({ userId: await accountOf('ADMIN') });
    expect(mine.count).toBe(before.count + 1);
    const source = mine.byType.find((x: any) => x.type === 'source');
    expect(source.count).toBe(2);
    expect(source.actions.map((a: any) => a.action).sort()).toEqual(['create', 'update']);
    expect(source.typeName).toBe('источники поставки лекарств');
    expect(mine.byUser).toEqual([{ userId: await accountOf('ADMIN'), userName: 'Администратор системы', count: mine.count }]);
    const r = await admin.post('/api/admin/rep/cmdstatistics', { iniDate: startOfToday() });
    expect(r.status).toBe(200);
    expect(r.body.byUser.length).toBeGreaterThanOrEqual(2); // the seed's entries have no user
    expect(r.body.count).toBe(r.body.byType.reduce((n: number, x: any) => n + x.count, 0));
    const onlySource = await admin.post('/api/admin/rep/cmdstatistics', { iniDate: startOfToday(), type: 'source' });
    expect(onlySource.body.byType.map((x: any) => x.type)).toEqual(['source']);
  });

  it('takes the same filter as the command history: area and search key', async () => {
    const stats = async (f: object) => {
      const r = await admin.post('/api/admin/rep/cmdstatistics', { iniDate: startOfToday(), ...f });
      expect(r.status).toBe(200);
      return r.body;
    };
    const history = async (f: object) => (await admin.post('/api/admin/rep/cmdhistory', { iniDate: startOfToday(), ...f })).body;
    // the search key: only the entries of the report's source (its create and its update)
    const found = await stats({ searchKey: 'Отчётный источник' });
    expect(found.count).toBe((await history({ searchKey: 'Отчётный источник' })).count);
    expect(found.byType.map((x: any) => x.type)).toEqual(['source']);
    expect(found.byUser.map((x: any) => x.userName)).toEqual(['Администратор системы']);
    expect((await stats({ searchKey: 'нет-такого-текста' })).count).toBe(0);
    // the area: the session's area counts ADMIN's entries; an area elsewhere counts none of them
    const session = (await admin.post('/api/sys/session')).body;
    const mine = await stats({ adminUnitId: session.adminUnitId });
    expect(mine.count).toBe((await history({ adminUnitId: session.adminUnitId })).count);
    expect(mine.count).toBeGreaterThanOrEqual(found.count);
    const all = await stats({});
    expect(all.count).toBeGreaterThan(mine.count); // the seed's entries have no area
    const other = await addWorkspace(server, 'Статистика по областям');
    expect((await stats({ adminUnitId: other.adminUnitId })).count).toBe(0);
    // checked like the history's filter
    const bad = await admin.post('/api/admin/rep/cmdstatistics', { iniDate: startOfToday(), adminUnitId: 'x', searchKey: 'x'.repeat(51) });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.map((e: any) => e.field).sort()).toEqual(['adminUnitId', 'searchKey']);
  });
});

describe('history entries of a workspace name its own units', () => {
  it('creating a workspace and entering it records the unit and area of that workspace, not of the one left', async () => {
    const me = (await admin.post('/api/sys/session')).body;
    expect(me.unitName).toBe('Национальный центр фтизиатрии');
    const created = await admin.post('/api/tbl/workspace', { name: 'Область для истории' });
    expect(created.status).toBe(200);
    const wsId = created.body.result;
    expect((await admin.post(`/api/sys/changews/${wsId}`)).status).toBe(200);
    try {
      const there = (await admin.post('/api/sys/session')).body;
      expect(there.workspaceId).toBe(wsId);
      const list = (await admin.post('/api/admin/rep/cmdhistory', { iniDate: startOfToday() })).body.list;
      const byType = (type: string, action = 'create') => list.find((x: any) => x.type === type && x.action === action);
      // made before the workspace had a unit: none named; made after: the new central unit and area
      for (const type of ['countrystructure', 'adminunit', 'unit']) expect(byType(type), type).toMatchObject({ unitName: null, adminUnitName: null });
      for (const type of ['userprofile', 'userws']) expect(byType(type), type).toMatchObject({ unitName: there.unitName, adminUnitName: 'Область для истории' });
      expect(byType('session', 'changews')).toMatchObject({ entityName: 'Область для истории', unitName: there.unitName, adminUnitName: 'Область для истории', userName: 'Администратор системы' });
      expect(list.length).toBeGreaterThanOrEqual(6);
      for (const row of list) expect(row.unitName, row.type).not.toBe(me.unitName);
      // nor do the stored ids point into the other workspace
      const stray = await kysely(server.ctx.orm.em.fork()).selectFrom('cmdhistory').select('id')
        .where('workspace_id', '=', wsId).where((eb) => eb.or([eb('unit_id', '=', me.unitId), eb('admin_unit_id', '=', me.adminUnitId)])).execute();
      expect(stray).toEqual([]);
    } finally {
      expect((await admin.post(`/api/sys/changews/${me.workspaceId}`)).status).toBe(200);
    }
    // back home: the entry names the home unit again
    const home = (await admin.post('/api/admin/rep/cmdhistory', { iniDate: startOfToday(), type: 'session.changews' })).body.list;
    expect(home[0]).toMatchObject({ entityName: me.workspaceName, unitName: me.unitName });
  });

  it("the report never shows another workspace's unit, even when an entry's ids point there", async () => {
    const me = (await admin.post('/api/sys/session')).body;
    const other = await addWorkspace(server, 'Чужие учреждения');
    const id = crypto.randomUUID();
    await kysely(server.ctx.orm.em.fork()).insertInto('cmdhistory').values({
      id, workspace_id: me.workspaceId, user_id: null, unit_id: other.unitId, admin_unit_id: other.adminUnitId, exec_date: new Date(),
      type: 'source', action: 'update', entity_name: 'Запись с чужим учреждением', detail: '{}',
    }).execute();
    const row = (await admin.post('/api/admin/rep/cmdhistory', { iniDate: startOfToday(), searchKey: 'чужим учреждением' })).body.list;
    expect(row).toMatchObject([{ id, unitName: null, adminUnitName: null }]);
  });
});

describe("today is the user's day (X-Time-Zone)", () => {
  /** Today's date and its start in `zone`, from the wall clock there (whole-hour zones). */
  const dayIn = (zone: string) => {
    const now = Date.now();
    const p = Object.fromEntries(
      new Intl.DateTimeFormat('en-US', { timeZone: zone, hourCycle: 'h23', year: 'numeric', month: '2-digit', day: '2-digit', hour: 'numeric', minute: 'numeric', second: 'numeric' })
        .formatToParts(new Date(now)).map((x) => [x.type, x.value]),
    );
    const start = now - ((Number(p.hour) * 60 + Number(p.minute)) * 60 + Number(p.second)) * 1000 - (now % 1000);
    return { start, date: `${p.year}-${p.month}-${p.day}` };
  };
  const serverToday = (at: number) => at >= startOfToday() && at < startOfToday() + 86_400_000;

  it('todaycmdhistory, todayerrorlog and date-only filters follow the zone the browser sends; an unknown zone is ignored', async () => {
    const me = (await admin.post('/api/sys/session')).body;
    const db = kysely(server.ctx.orm.em.fork());
    for (const zone of ['Pacific/Kiritimati', 'Pacific/Pago_Pago']) { // UTC+14 and UTC-11
      const { start, date } = dayIn(zone);
      const at = { inside: start + 60_000, before: start - 60_000 };
      for (const [when, time] of Object.entries(at)) {
        const name = `${zone} ${when}`;
        await db.insertInto('cmdhistory').values({ id: crypto.randomUUID(), workspace_id: me.workspaceId, exec_date: new Date(time), type: 'source', action: 'update', entity_name: name, detail: '{}' }).execute();
        await db.insertInto('errorlog').values({ id: crypto.randomUUID(), workspace_id: me.workspaceId, error_date: new Date(time), exception_class: 'Error', url: 'POST /x', exception_message: name }).execute();
      }
      const client = await server.login('ADMIN', 'Admin123', me.workspaceId);
      const seen = async (zoneHeader?: string) => {
        client.headers = zoneHeader ? { 'X-Time-Zone': zoneHeader } : {};
        const history = (await client.post('/api/admin/rep/todaycmdhistory')).body.list.map((x: any) => x.entityName);
        const errors = (await client.post('/api/admin/rep/todayerrorlog')).body.list.map((x: any) => x.exceptionMessage);
        const byDate = (await client.post('/api/admin/rep/cmdhistory', { iniDate: date, endDate: date, searchKey: zone })).body.list.map((x: any) => x.entityName);
        return Object.fromEntries(Object.keys(at).map((when) => [when, [history, errors].map((l) => l.includes(`${zone} ${when}`))]).concat([['byDate', byDate]]));
      };
      const zoned = await seen(zone);
      expect(zoned.inside, zone).toEqual([true, true]);
      expect(zoned.before, zone).toEqual([false, false]);
      expect(zoned.byDate, zone).toEqual([`${zone} inside`]);
      // without the header (or with a zone that does not exist) it is the server's day
      for (const header of [undefined, 'Mars/Olympus', "'; drop table errorlog; --"]) {
        const plain = await seen(header);
        expect(plain.inside, `${zone} ${header}`).toEqual([serverToday(at.inside), serverToday(at.inside)]);
        expect(plain.before, `${zone} ${header}`).toEqual([serverToday(at.before), serverToday(at.before)]);
      }
    }
  });
});

describe('report filters', () => {
  it('requires iniDate and limits searchKey and type to 50', async () => {
    for (const path of ['usersession', 'dailyusersession', 'cmdhistory', 'errorlog', 'cmdstatistics']) {
      const r = await admin.post(`/api/admin/rep/${path}`, {});
      expect(r.status, path).toBe(400);
      expect(r.body.errors.map((e: any) => e.field)).toContain('iniDate');
    }
    const long = 'x'.repeat(51);
    const r = await admin.post('/api/admin/rep/cmdhistory', { iniDate: startOfToday(), searchKey: long, type: long });
    expect(r.status).toBe(400);
    expect(r.body.errors.map((e: any) => e.field).sort()).toEqual(['searchKey', 'type']);
    expect(r.body.errors[0].msg).toMatch(/50/);
    expect((await admin.post('/api/admin/rep/errorlog', { iniDate: startOfToday(), searchKey: long })).body.errors[0].field).toBe('searchKey');
    expect((await admin.post('/api/admin/rep/cmdhistory', { iniDate: startOfToday(), searchKey: 'x'.repeat(50) })).status).toBe(200);
    const bad = await admin.post('/api/admin/rep/cmdhistory', { iniDate: 'not a date', endDate: '2020-01-01' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0].field).toBe('iniDate');
    const reversed = await admin.post('/api/admin/rep/usersession', { iniDate: '2025-02-01', endDate: '2025-01-01' });
    expect(reversed.body.errors[0].field).toBe('endDate');
    expect((await admin.post('/api/admin/rep/usersession', { iniDate: startOfToday(), userId: 'nope' })).body.errors[0].field).toBe('userId');
    expect((await admin.post('/api/admin/rep/cmdhistory', { iniDate: startOfToday(), endDate: null, searchKey: '' })).status).toBe(200);
  });
});

describe('permissions and workspaces', () => {
  const reports: [string, string][] = [
    ['dailyusersession', 'USERSESREP'], ['usersession', 'USERSESREP'], ['onlineusers', 'ONLINE'],
    ['cmdhistory', 'CMDHISTORY'], ['todaycmdhistory', 'CMDHISTORY'], ['cmdstatistics', 'CMDSTATISTICS'],
    ['errorlog', 'ERRORLOGREP'], ['todayerrorlog', 'ERRORLOGREP'],
  ];

  it('refuses each report to a user without its permission', async () => {
    const doctor = await server.login('DOCTOR1', 'Doctor123');
    for (const [path] of reports) expect((await doctor.post(`/api/admin/rep/${path}`, { iniDate: startOfToday() })).status, path).toBe(403);
    expect((await doctor.post('/api/opts/report-users')).status).toBe(403);
    const historian = await createUser(server, admin, 'HISTORIAN', [{ permission: 'CMDHISTORY' }]);
    for (const [path, perm] of reports) {
      expect((await historian.post(`/api/admin/rep/${path}`, { iniDate: startOfToday() })).status, path).toBe(perm === 'CMDHISTORY' ? 200 : 403);
    }
    const users = await historian.post('/api/opts/report-users');
    expect(users.body.map((u: any) => u.login)).toEqual(expect.arrayContaining(['ADMIN', 'DOCTOR1']));
  });

  it("keeps one workspace's history, sessions and errors from another's administrators", async () => {
    const err = await causeServerError(server, admin);
    expect(err.status).toBe(500);
    await addWorkspace(server, 'Отдельное пространство', ['WS2ADMIN']);
    await kysely(server.ctx.orm.em.fork()).updateTable('sysuser').set({ password_hash: await hashPassword('Other123'), password_expired: false }).where('login', '=', 'WS2ADMIN').execute();
    const other = await server.login('WS2ADMIN', 'Other123');
    const f = { iniDate: startOfToday() };
    const history = (await other.post('/api/admin/rep/cmdhistory', f)).body;
    expect(history.list.some((x: any) => x.entityName?.startsWith('Отчётный источник'))).toBe(false);
    expect((await other.post('/api/admin/rep/todaycmdhistory')).body.list.some((x: any) => x.type === 'source')).toBe(false);
    const stats = (await other.post('/api/admin/rep/cmdstatistics', f)).body;
    expect(stats.byType.some((x: any) => x.type === 'source')).toBe(false);
    const logins = (await other.post('/api/admin/rep/usersession', f)).body.list.map((x: any) => x.userLogin);
    expect(logins).toEqual(['WS2ADMIN']);
    expect((await other.post('/api/admin/rep/onlineusers')).body.map((x: any) => x.userLogin)).toEqual(['WS2ADMIN']);
    expect((await other.post('/api/admin/rep/errorlog', f)).body.list.map((x: any) => x.id)).not.toContain(err.body.errorId);
    expect((await admin.post('/api/admin/rep/errorlog', f)).body.list.map((x: any) => x.id)).toContain(err.body.errorId);
    expect((await other.post('/api/opts/report-users')).body.map((u: any) => u.login)).toEqual(['WS2ADMIN']);
  });

  it('shows errors outside any workspace (a failed login) to system administrators (SYSSETUP) only', async () => {
    const failed = await withColumnLost(server, 'loginattempt', 'ip_address', () => server.anonymous().post('/api/auth/login', { login: 'DOCTOR1', password: 'Doctor123' }));
    expect(failed.status).toBe(500);
    const stored = await kysely(server.ctx.orm.em.fork()).selectFrom('errorlog').select(['workspace_id', 'request']).where('id', '=', failed.body.errorId).executeTakeFirstOrThrow();
    expect(stored.workspace_id).toBeNull();
    expect(stored.request).not.toContain('Doctor123');
    const sees = async (client: ApiClient) => {
      const ids = [];
      for (const path of ['errorlog', 'todayerrorlog']) {
        const r = await client.post(`/api/admin/rep/${path}`, { iniDate: startOfToday() });
        expect(r.status).toBe(200);
        ids.push(r.body.list.some((x: any) => x.id === failed.body.errorId));
      }
      return ids;
    };
    const reader = await createUser(server, admin, 'ERRREADER', [{ permission: 'ERRORLOGREP' }]);
    // SYSSETUP comes with the account's system administrator role, not with a profile
    const sysadmin = await createUser(server, admin, 'ERRSYSADM', [{ permission: 'ERRORLOGREP' }]);
    await kysely(server.ctx.orm.em.fork()).updateTable('sysuser').set({ sysadmin: true }).where('login', '=', 'ERRSYSADM').execute();
    server.ctx.identities.clear();
    expect(await sees(admin)).toEqual([true, true]);
    expect(await sees(sysadmin)).toEqual([true, true]);
    expect(await sees(reader)).toEqual([false, false]);
    const row = (await sysadmin.post('/api/admin/rep/errorlog', { iniDate: startOfToday(), searchKey: 'auth/login' })).body.list.find((x: any) => x.id === failed.body.errorId);
    expect(row).toMatchObject({ url: 'POST /api/auth/login', workspace: null, userName: null });
    // the workspace's own errors stay visible to a reader without SYSSETUP
    const own = await causeServerError(server, admin);
    expect((await reader.post('/api/admin/rep/todayerrorlog')).body.list.map((x: any) => x.id)).toContain(own.body.errorId);
  });
});
