// System configuration: one settings document guarded by SYSSETUP, the
// clearing rules enforced by the server, the login page's public view of it, self-registration and
// the user licence agreement.
import { clientHeader } from '../../engine/client-header.ts';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { kysely } from '../../server/db/kysely.ts';
import { admin, server, useTestServer } from '../helpers/use-server.ts';
import { addWorkspace, type ExtraWorkspace } from '../helpers/workspace.ts';

let other: ExtraWorkspace;
let demo: { workspace: string; unit: string; userProfile: string };
const db = () => kysely(server.ctx.orm.em.fork());
const rows = async (table: string) => Number((await sql<{ n: string }>`select count(*) as n from ${sql.table(table)}`.execute(db())).rows[0].n);
const base = { systemURL: 'https://tb.example.kg', pageRootURL: 'https://tb.example.kg/', adminMail: 'admin@example.kg', ulaActive: false };

function outboxMail(address: string): { subject: string; text: string } | undefined {
  const dir = server.ctx.config.outboxDir;
  return readdirSync(dir).sort().reverse().map((f) => JSON.parse(readFileSync(join(dir, f), 'utf8'))).find((m) => m.to.some((t: any) => t.address === address));
}

useTestServer();
beforeAll(async () => {
  other = await addWorkspace(server, 'Другое');
  demo = {
    workspace: (await admin.post('/api/sys/session')).body.workspaceId,
    unit: (await admin.post('/api/tbl/unit/query', { pageSize: 1, page: 1 })).body.list[0].id,
    userProfile: (await admin.post('/api/tbl/userprofile/query', { name: 'Медсестра' })).body.list[0].id,
  };
});

describe('GET/POST /api/admin/sysconfig', () => {
  it('starts with defaults and is closed to users without SYSSETUP', async () => {
    expect((await admin.get('/api/admin/sysconfig')).body).toEqual({ ulaActive: false, allowRegPage: false });
    const doctor = await server.login('DOCTOR1', 'Doctor123');
    expect((await doctor.get('/api/admin/sysconfig')).status).toBe(403);
    expect((await doctor.post('/api/admin/sysconfig', base)).status).toBe(403);
  });

  it.each([
    ['systemURL required', { systemURL: undefined }, 'systemURL'],
    ['systemURL max 200', { systemURL: `https://${'x'.repeat(200)}` }, 'systemURL'],
    ['pageRootURL required', { pageRootURL: '' }, 'pageRootURL'],
    ['adminMail required', { adminMail: undefined }, 'adminMail'],
    ['adminMail an e-mail', { adminMail: 'admin' }, 'adminMail'],
    ['ulaActive yes/no', { ulaActive: 'yes' }, 'ulaActive'],
    ['a workspace when registration is allowed', { allowRegPage: true }, 'workspace'],
    ['a unit once a workspace is chosen', { allowRegPage: true, workspace: 'DEMO', userProfile: 'DEMO' }, 'unit'],
    ['a profile once a workspace is chosen', { allowRegPage: true, workspace: 'DEMO', unit: 'DEMO' }, 'userProfile'],
    ['a unit of the chosen workspace', { allowRegPage: true, workspace: 'OTHER', unit: 'DEMO', userProfile: 'OTHER' }, 'unit'],
    ['a profile of the chosen workspace', { allowRegPage: true, workspace: 'DEMO', unit: 'DEMO', userProfile: 'OTHER' }, 'userProfile'],
    ['an existing workspace', { allowRegPage: true, workspace: '00000000-0000-4000-8000-000000000000', unit: 'DEMO', userProfile: 'DEMO' }, 'workspace'],
  ])('refuses %s with a field error, writing nothing', async (_rule, change, field) => {
    const pick = (k: string, v: unknown) => (v === 'DEMO' ? demo[k as keyof typeof demo] : v === 'OTHER' ? { workspace: other.workspaceId, unit: other.unitId, userProfile: other.profileId }[k] : v);
    const doc = Object.fromEntries(Object.entries({ ...base, ...change }).map(([k, v]) => [k, pick(k, v)]));
    const before = [await rows('sysconfig'), await rows('cmdhistory')];
    const r = await admin.post('/api/admin/sysconfig', doc);
    expect(r.status).toBe(400);
    expect(r.body.errors.map((e: any) => e.field)).toContain(field);
    expect([await rows('sysconfig'), await rows('cmdhistory')]).toEqual(before);
  });

  it('saves the document, records it, and clears the registration targets when registration is off', async () => {
    expect((await admin.post('/api/admin/sysconfig', { ...base, allowRegPage: true, ...demo })).body).toEqual({ success: true });
    expect((await admin.get('/api/admin/sysconfig')).body).toMatchObject({ ...base, allowRegPage: true, ...demo });
    const history = await db().selectFrom('cmdhistory').selectAll().where('type', '=', 'sysconfig').execute();
    expect(history.map((h) => h.action)).toEqual(['create']);

    await admin.post('/api/admin/sysconfig', { ...base, allowRegPage: false, ...demo });
    // the report names the settings document by its title
    const entries = (await admin.post('/api/admin/rep/cmdhistory', { iniDate: Date.now() - 3600_000, type: 'sysconfig' })).body.list;
    expect(entries.map((x: any) => [x.action, x.entityName])).toEqual([['update', 'Настройки системы'], ['create', 'Настройки системы']]);
    const cleared = (await admin.get('/api/admin/sysconfig')).body;
    expect(cleared.allowRegPage).toBe(false);
    expect(cleared).not.toHaveProperty('workspace');
    expect(cleared).not.toHaveProperty('unit');
    expect(cleared).not.toHaveProperty('userProfile');
    expect(await rows('sysconfig')).toBe(1);
  });
});

describe('the settings as one document saved by the table writer', () => {
  it('refuses a save made from a copy read before another save with 409, changing nothing', async () => {
    const read = (await admin.get('/api/admin/sysconfig')).body;
    expect(read.version).toBeGreaterThanOrEqual(1);
    expect((await admin.post('/api/admin/sysconfig', { ...base, adminMail: 'first@example.kg', version: read.version })).status).toBe(200);
    const after = (await admin.get('/api/admin/sysconfig')).body;
    expect(after.version).toBe(read.version + 1);
    const historyBefore = await rows('cmdhistory');
    const stale = await admin.post('/api/admin/sysconfig', { ...base, adminMail: 'second@example.kg', version: read.version });
    expect(stale.status).toBe(409);
    expect(stale.body.errors[0]).toEqual({ field: 'version', msg: 'Запись уже изменена другим пользователем: обновите её и повторите' });
    expect((await admin.get('/api/admin/sysconfig')).body.adminMail).toBe('first@example.kg');
    expect(await rows('cmdhistory')).toBe(historyBefore);
    // the copy read after the save goes through
    expect((await admin.post('/api/admin/sysconfig', { ...base, version: after.version })).status).toBe(200);
  });

  it('keeps one row when first saves arrive at once', async () => {
    await db().deleteFrom('sysconfig').execute();
    const answers = await Promise.all([1, 2, 3, 4].map((n) => admin.post('/api/admin/sysconfig', { ...base, adminMail: `n${n}@example.kg` })));
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200]);
    expect(await rows('sysconfig')).toBe(1);
  });

  it('names a unit that exists in another workspace than the chosen one as not of it', async () => {
    const r = await admin.post('/api/admin/sysconfig', { ...base, allowRegPage: true, workspace: demo.workspace, unit: other.unitId, userProfile: demo.userProfile });
    expect(r.status).toBe(400);
    expect(r.body.errors).toEqual([{ field: 'unit', msg: 'Не принадлежит выбранному рабочему пространству' }]);
  });
});

describe('login page', () => {
  it('tells anyone whether registration is open and a licence must be accepted', async () => {
    const anon = server.anonymous();
    expect((await anon.get('/api/pub/sysconfig')).body).toEqual({ allowRegPage: false, ulaActive: false, workspaceName: null });
    expect((await anon.post('/api/pub/register', { login: 'SELF1', name: 'Сам', email: 'self1@example.org', password: 'Self1234' })).status).toBe(403);
    await admin.post('/api/admin/sysconfig', { ...base, allowRegPage: true, ...demo });
    expect((await anon.get('/api/pub/sysconfig')).body).toEqual({ allowRegPage: true, ulaActive: false, workspaceName: 'Демонстрационная' });
  });

  it.each([
    ['a login in the login pattern', { login: 'сам себе' }, 'login'],
    ['a login of at most 30', { login: 'S'.repeat(31) }, 'login'],
    ['a name', { name: '' }, 'name'],
    ['a valid e-mail', { email: 'nope' }, 'email'],
    ['a valid password', { password: 'short' }, 'password'],
    ['a login nobody has', { login: 'doctor1' }, 'login'],
  ])('refuses a registration without %s', async (_rule, change, field) => {
    const before = await rows('sysuser');
    const r = await server.anonymous().post('/api/pub/register', { login: 'self2', name: 'Самостоятельный', email: 'self2@example.org', password: 'Self1234', ...change });
    expect(r.status).toBe(400);
    expect(r.body.errors.map((e: any) => e.field)).toContain(field);
    expect(await rows('sysuser')).toBe(before);
  });

  it('registers a user in the configured workspace, unit and profile, then confirms the e-mail by the mailed link', async () => {
    const anon = server.anonymous();
    const r = await anon.post('/api/pub/register', { login: 'self1', name: 'Самостоятельный Пользователь', email: 'self1@example.org', password: 'Self1234' });
    expect(r.body).toEqual({ success: true });
    const listed = (await admin.post('/api/tbl/userws/query', { login: 'SELF1' })).body.list[0];
    const u = (await admin.get(`/api/tbl/userws/form/${listed.id}`)).body;
    expect(u).toMatchObject({ unitId: demo.unit, profiles: [demo.userProfile], emailConfirmed: false, active: true, administrator: false });
    // no way in until the e-mail is confirmed: a field error in the request's language, no session
    const user = server.anonymous();
    const refused = await user.post('/api/auth/login', { login: 'self1', password: 'Self1234' });
    expect(refused.status).toBe(403);
    expect(refused.body.errors).toEqual([{ field: 'login', msg: 'Адрес эл. почты не подтверждён. Откройте ссылку из письма, отправленного при регистрации' }]);
    expect(user.cookie).toBe('');
    expect((await user.post('/api/sys/session')).status).toBe(401);
    const inEnglish = await fetch(`${server.url}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json', [clientHeader]: '1', 'accept-language': 'en' }, body: JSON.stringify({ login: 'SELF1', password: 'Self1234' }) });
    expect((await inEnglish.json()).errors[0].msg).toMatch(/^The e-mail address is not confirmed/);
    // a wrong password still says only that, not whether the account waits for its e-mail
    expect((await user.post('/api/auth/login', { login: 'SELF1', password: 'Wrong1234' })).body.errors[0].msg).toBe('Неверное имя пользователя или пароль');

    const mail = outboxMail('self1@example.org')!;
    const link = /https:\/\/tb\.example\.kg(\/api\/pub\/confirmemail\/\S+)/.exec(mail.text)![1];
    expect((await anon.get('/api/pub/confirmemail/wrong-token')).status).toBe(400);
    expect((await user.post('/api/auth/login', { login: 'SELF1', password: 'Self1234' })).status).toBe(403);
    expect((await anon.get(link)).body.success).toBe(true);
    expect((await admin.post('/api/tbl/userws/query', { login: 'SELF1' })).body.list[0].emailConfirmed).toBe(true);
    expect((await anon.get(link)).status).toBe(400);

    expect((await user.post('/api/auth/login', { login: 'SELF1', password: 'Self1234' })).status).toBe(200);
    const session = (await user.post('/api/sys/session')).body;
    expect(session).toMatchObject({ workspaceId: demo.workspace, userName: 'Самостоятельный Пользователь' });
    expect(session.permissions).toContain('CASEMAN');
    expect(await db().selectFrom('cmdhistory').select('action').where('type', '=', 'sysuser').where('action', '=', 'register').execute()).toHaveLength(1);
  });

  it('lets an administrator release a registration whose link was lost: the new password goes to that address', async () => {
    expect((await server.anonymous().post('/api/pub/register', { login: 'lost1', name: 'Потерял Ссылку', email: 'lost1@example.org', password: 'Lost1234' })).body).toEqual({ success: true });
    expect((await server.anonymous().post('/api/auth/login', { login: 'LOST1', password: 'Lost1234' })).status).toBe(403);
    const userWsId = (await admin.post('/api/tbl/userws/query', { login: 'LOST1' })).body.list[0].id;
    expect((await admin.post('/api/tbl/userws/resetpwd', { userWsId })).body).toEqual({ success: true });
    const password = /Пароль: (\S+)/.exec(outboxMail('lost1@example.org')!.text)![1];
    expect((await server.anonymous().post('/api/auth/login', { login: 'LOST1', password: 'Lost1234' })).status).toBe(401); // the old password is gone
    expect((await server.login('LOST1', password).then((u) => u.post('/api/sys/session'))).body.userLogin).toBe('LOST1');
  });
});

describe('accounts an administrator creates', () => {
  it('log in although their e-mail is unconfirmed: no confirmation was ever sent to them', async () => {
    const id = (await admin.post('/api/tbl/userws', { login: 'byadmin', name: 'Создан администратором', email: 'byadmin@example.org', unitId: demo.unit, profiles: [demo.userProfile], view: 'UNIT' })).body.result;
    expect((await admin.get(`/api/tbl/userws/form/${id}`)).body).toMatchObject({ emailConfirmed: false });
    expect((await admin.post('/api/tbl/userws/updatepwd', { userWsId: id, newPassword: 'Admin1234', repeatNewPassword: 'Admin1234' })).status).toBe(200);
    const u = await server.login('BYADMIN', 'Admin1234');
    expect((await u.post('/api/sys/session')).body.userLogin).toBe('BYADMIN');
  });
});

describe('user licence agreement', () => {
  it('reports ulaAccepted: false and refuses every other call until the user accepts it', async () => {
    const doctor = await server.login('DOCTOR1', 'Doctor123');
    expect((await doctor.post('/api/sys/session')).body.ulaAccepted).toBe(true);
    expect((await doctor.post('/api/tbl/unit/query', {})).status).toBe(200);
    expect((await admin.post('/api/admin/sysconfig', { ...base, ulaActive: true })).status).toBe(200);
    expect((await server.anonymous().get('/api/pub/sysconfig')).body.ulaActive).toBe(true);

    // an open session is held at once: the data, the user's own settings, lookups, search
    expect((await doctor.post('/api/sys/session')).body.ulaAccepted).toBe(false);
    const refused = await doctor.post('/api/tbl/unit/query', {});
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ success: false, errors: [{ field: null, msg: 'Сначала примите пользовательское соглашение' }], result: { ulaRequired: true } });
    for (const [method, path] of [['GET', '/api/sys/usersettings'], ['POST', '/api/sys/workspaces'], ['POST', '/api/opts/unit'], ['POST', '/api/session/search'], ['GET', '/api/admin/sysconfig'], ['POST', '/api/sys/changepassword']]) {
      expect((await doctor.call(method, path, method === 'POST' ? {} : undefined)).status, path).toBe(403);
    }
    // what the agreement page needs still answers: the session, the language, the acceptance
    expect((await doctor.post('/api/sys/language/en')).status).toBe(200);
    expect((await doctor.post('/api/tbl/unit/query', {})).body.errors[0].msg).toBe('Accept the user licence agreement first');
    expect((await doctor.post('/api/sys/language/ru')).status).toBe(200);
    expect((await doctor.post('/api/sys/acceptula')).body).toEqual({ success: true });
    expect((await doctor.post('/api/sys/session')).body.ulaAccepted).toBe(true);
    expect((await doctor.post('/api/tbl/unit/query', {})).status).toBe(200);
    expect(await db().selectFrom('cmdhistory').select('action').where('action', '=', 'acceptula').execute()).toHaveLength(1);

    // a new login is held too, and may log out
    const again = await server.login();
    expect((await again.post('/api/sys/session')).body.ulaAccepted).toBe(false);
    expect((await again.post('/api/tbl/unit/query', {})).status).toBe(403);
    expect((await again.post('/api/auth/logout')).status).toBe(200);
    expect((await again.post('/api/sys/session')).status).toBe(401);

    // the administrator who switched it on is held as well, until accepting
    expect((await admin.post('/api/sys/session')).body.ulaAccepted).toBe(false);
    expect((await admin.post('/api/admin/sysconfig', { ...base, ulaActive: false })).status).toBe(403);
    expect((await admin.post('/api/sys/acceptula')).status).toBe(200);
    expect((await admin.get('/api/admin/sysconfig')).body.ulaActive).toBe(true);
  });

  it('lets everyone through once the settings no longer require it', async () => {
    expect((await admin.post('/api/admin/sysconfig', { ...base, ulaActive: false })).status).toBe(200);
    const nurse = await server.login('DOCTOR1', 'Doctor123');
    expect((await nurse.post('/api/tbl/unit/query', {})).status).toBe(200);
    await db().updateTable('sysuser').set({ ula_accepted_at: null }).execute();
    server.ctx.identities.clear();
    expect((await nurse.post('/api/sys/session')).body.ulaAccepted).toBe(true);
    expect((await nurse.post('/api/tbl/unit/query', {})).status).toBe(200);
  });

  it('refuses more than 5 registrations an hour from one address, counted in the database', async () => {
    await admin.post('/api/admin/sysconfig', { ...base, allowRegPage: true, ...demo });
    const anon = server.anonymous();
    const statuses: number[] = [];
    for (let i = 0; i < 7; i++) {
      statuses.push((await anon.post('/api/pub/register', { login: `FLOOD${i}`, name: 'Поток', email: `flood${i}@example.org`, password: 'Flood123' })).status);
    }
    const refusedFrom = statuses.indexOf(429);
    expect(refusedFrom).toBeGreaterThan(-1);
    expect(refusedFrom).toBeLessThanOrEqual(5);
    expect(statuses.slice(refusedFrom).every((s) => s === 429)).toBe(true);
    expect(statuses.slice(0, refusedFrom).every((s) => s === 200)).toBe(true);
  });
});
