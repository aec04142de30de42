// Privilege boundaries (items 1–3): a workspace's administrator is not a system
// administrator; a user manager grants no right they do not hold and cannot raise their own or
// touch a user above them; adding an account of another workspace discloses nothing of it and
// needs its owner's consent.
import { beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../server/auth/password.ts';
import { kysely } from '../../server/db/kysely.ts';
import type { ApiClient } from '../helpers/server.ts';
import { admin, server, useTestServer } from '../helpers/use-server.ts';
import { createUser } from '../helpers/users.ts';
import { addWorkspace, type ExtraWorkspace } from '../helpers/workspace.ts';

let demoWs: string;
let demoUnit: string;
let other: ExtraWorkspace;
let neighbour: ApiClient; // administrator of the other workspace only
const db = () => kysely(server.ctx.orm.em.fork());
const userWs = async (login: string) => {
  const row = (await admin.post('/api/tbl/userws/query', { login })).body.list[0];
  return row && (await admin.get(`/api/tbl/userws/${row.id}`)).body; // with its profiles
};
const profileNamed = async (name: string) => (await admin.post('/api/tbl/userprofile/query', { name })).body.list[0].id as string;

useTestServer();
beforeAll(async () => {
  demoWs = (await admin.post('/api/sys/session')).body.workspaceId;
  demoUnit = (await admin.post('/api/tbl/unit/query', { pageSize: 1, page: 1 })).body.list[0].id;
  other = await addWorkspace(server, 'Соседнее пространство', ['NEIGHBOUR']);
  await db().updateTable('sysuser').set({ password_hash: await hashPassword('Neighbour1'), password_expired: false }).where('login', '=', 'NEIGHBOUR').execute();
  neighbour = await server.login('NEIGHBOUR', 'Neighbour1');
});

describe("a workspace's administrator is not a system administrator", () => {
  it('refuses the system settings to another workspace’s administrator (the registration takeover)', async () => {
    const session = (await neighbour.post('/api/sys/session')).body;
    expect(session.administrator).toBe(true);
    expect(session.permissions).toContain('USERS_EDT');
    expect(session.permissions).not.toContain('SYSSETUP');
    const takeover = {
      allowRegPage: true, workspace: demoWs, unit: demoUnit, userProfile: await profileNamed('Администратор'),
      systemURL: 'https://evil.example', pageRootURL: 'https://evil.example/', adminMail: 'evil@example.org', ulaActive: false,
    };
    const r = await neighbour.post('/api/admin/sysconfig', takeover);
    expect(r.status).toBe(403);
    expect(r.body.errors[0].msg).toBe('Нет прав доступа');
    expect((await neighbour.get('/api/admin/sysconfig')).status).toBe(403);
    expect(await db().selectFrom('sysconfig').selectAll().executeTakeFirst()).toBeUndefined();
    expect((await server.anonymous().post('/api/pub/register', { login: 'EVIL', name: 'Evil', email: 'evil@example.org', password: 'Evil12345' })).status).toBe(403);
    // nor may they look into the demo workspace through the settings' lookups
    expect((await neighbour.post('/api/opts/unit', { workspaceId: demoWs })).status).toBe(403);
  });

  it('does not grant system permissions through a profile that ticks them', async () => {
    const ticked = await createUser(server, admin, 'TICKSYS', [{ permission: 'SYSSETUP' }, { permission: 'CHECKUPDT' }]);
    expect((await ticked.post('/api/sys/session')).body.permissions).not.toContain('SYSSETUP');
    expect((await ticked.get('/api/admin/sysconfig')).status).toBe(403);
  });

  it('lets only a system administrator create a workspace', async () => {
    const names = async () => (await db().selectFrom('workspace').select('name').orderBy('name').execute()).map((w) => w.name);
    const before = await names();
    const refused = await neighbour.post('/api/tbl/workspace', { name: 'Самовольное пространство' });
    expect(refused.status).toBe(403);
    expect(refused.body.errors[0].msg).toBe('Нет прав доступа');
    expect(await names()).toEqual(before);
    // the new-workspace form opens read-only for them (the catalogue offers no 'add'), but they may still change one
    expect((await neighbour.post('/api/tbl/workspace/form', {})).body.resources).toMatchObject({ readOnly: true, mayCreate: false, mayUpdate: true });
    expect((await admin.post('/api/tbl/workspace/form', {})).body.resources).toMatchObject({ readOnly: false, mayCreate: true, mayUpdate: true });
    // their own workspace they still edit
    expect((await neighbour.post(`/api/tbl/workspace/${other.workspaceId}`, { name: 'Соседнее пространство', minStockOnHand: 2 })).status).toBe(200);
    const created = await admin.post('/api/tbl/workspace', { name: 'Пространство системного администратора' });
    expect(created.status).toBe(200);
    expect(await names()).toEqual([...before, 'Пространство системного администратора'].sort());
  });

  it('keeps them for the system administrator (the demo ADMIN) in every workspace they belong to', async () => {
    expect((await db().selectFrom('sysuser').select('sysadmin').where('login', '=', 'ADMIN').executeTakeFirstOrThrow()).sysadmin).toBe(true);
    expect((await admin.post('/api/sys/session')).body.permissions).toContain('SYSSETUP');
    expect((await admin.get('/api/admin/sysconfig')).status).toBe(200);
    // a workspace administrator who is not one is refused even in their own workspace
    expect((await db().selectFrom('sysuser').select('sysadmin').where('login', '=', 'NEIGHBOUR').executeTakeFirstOrThrow()).sysadmin).not.toBe(true);
  });
});

describe('a user manager grants no right they do not hold', () => {
  let manager: ApiClient;
  let managerProfile: string;
  let plainId: string;

  beforeAll(async () => {
    // ADMIN, TABLES, USERS, USERS_EDT (ancestors come with USERS)
    // in the administrator's unit, so what refuses them below is the rights rule, not the view
    const unitId = (await userWs('ADMIN')).unitId;
    manager = await createUser(server, admin, 'UMANAGER', [{ permission: 'USERS', canChange: true }], 'Passw0rd', { unitId });
    managerProfile = (await userWs('UMANAGER')).profiles[0];
    await createUser(server, admin, 'UPLAIN', [{ permission: 'USERS' }], 'Plain1234', { unitId, view: 'UNIT' });
    plainId = (await userWs('UPLAIN')).id;
  });

  it('cannot make themselves an administrator, or give themselves a bigger profile', async () => {
    const me = await userWs('UMANAGER');
    const flag = await manager.post(`/api/tbl/userws/${me.id}`, { administrator: true });
    expect(flag.status).toBe(403);
    expect(flag.body.errors[0].field).toBe('administrator');
    const bigger = await manager.post(`/api/tbl/userws/${me.id}`, { profiles: [await profileNamed('Администратор')] });
    expect(bigger.status).toBe(403);
    expect(bigger.body.errors[0].msg).toBe('Нельзя изменить собственные права');
    const view = await manager.post(`/api/tbl/userws/${me.id}`, { view: 'UNIT' });
    expect(view.status).toBe(403);
    expect(view.body.errors[0].field).toBe('view');
    const session = (await manager.post('/api/sys/session')).body;
    expect(session.administrator).toBe(false);
    expect(session.permissions).toEqual(['ADMIN', 'TABLES', 'USERS', 'USERS_EDT']);
    expect(await userWs('UMANAGER')).toMatchObject({ administrator: false, profiles: [managerProfile], view: 'WORKSPACE' });
  });

  it('cannot give others the administrator flag or a profile with permissions they lack', async () => {
    const flag = await manager.post(`/api/tbl/userws/${plainId}`, { administrator: true });
    expect(flag.status).toBe(403);
    expect(flag.body.errors[0].field).toBe('administrator');
    const doctor = await manager.post(`/api/tbl/userws/${plainId}`, { profiles: [await profileNamed('Врач')] });
    expect(doctor.status).toBe(403);
    expect(doctor.body.errors[0]).toEqual({ field: 'profiles', msg: 'У пользователя больше прав, чем у вас: изменить их может только тот, у кого их не меньше' });
    const unitId = (await userWs('UMANAGER')).unitId;
    const created = await manager.post('/api/tbl/userws', { login: 'UNEWADM', name: 'Новый', email: 'unewadm@example.org', unitId, profiles: [managerProfile], view: 'UNIT', administrator: true });
    expect(created.status).toBe(403);
    expect(await userWs('UNEWADM')).toBeUndefined();
    expect((await userWs('UPLAIN')).administrator).toBe(false);
    // within their own rights they do manage users
    expect((await manager.post('/api/tbl/userws', { login: 'UNEW', name: 'Новый', email: 'unew@example.org', unitId, profiles: [managerProfile], view: 'UNIT' })).status).toBe(200);
  });

  it('cannot set the password of, block or edit a user with more rights (the administrator)', async () => {
    const adminWs = (await userWs('ADMIN')).id;
    for (const [path, body] of [
      ['/api/tbl/userws/updatepwd', { userWsId: adminWs, newPassword: 'Taken1234', repeatNewPassword: 'Taken1234' }],
      ['/api/tbl/userws/resetpwd', { userWsId: adminWs }],
      [`/api/tbl/userws/${adminWs}/action/block`, {}],
      [`/api/tbl/userws/${adminWs}`, { active: false }],
      [`/api/tbl/userws/${adminWs}`, { email: 'mine@example.org' }],
    ] as const) {
      const r = await manager.post(path, body);
      expect(r.status, path).toBe(403);
    }
    expect((await manager.delete(`/api/tbl/userws/${adminWs}`)).status).toBe(403);
    const account = await db().selectFrom('sysuser').selectAll().where('login', '=', 'ADMIN').executeTakeFirstOrThrow();
    expect(account).toMatchObject({ active: true, email: 'admin@example.org' });
    await server.login('ADMIN', 'Admin123', demoWs); // the administrator's password still works
    // a user with no more rights than the manager: allowed
    expect((await manager.post('/api/tbl/userws/updatepwd', { userWsId: plainId, newPassword: 'Plain5678', repeatNewPassword: 'Plain5678' })).status).toBe(200);
    await server.login('UPLAIN', 'Plain5678');
  });

  it('manages only the users of the units in their view: no user made, edited or logged into elsewhere', async () => {
    const units = (await admin.post('/api/tbl/unit/query', { type: 'TBUNIT' })).body.list.map((u: any) => u.id as string);
    const [mine, theirs] = [units[0], units.find((u: string) => u !== units[0])!];
    const unitManager = await createUser(server, admin, 'UNITMGR', [{ permission: 'USERS', canChange: true }, { permission: 'CASEMAN' }], 'Passw0rd', { unitId: mine, view: 'UNIT' });
    const profile = (await userWs('UNITMGR')).profiles[0];
    await createUser(server, admin, 'FARUSER', [{ permission: 'USERS' }], 'Far12345', { unitId: theirs, view: 'UNIT' });
    const far = await userWs('FARUSER');
    // a puppet in another unit, to log in as it and read that unit's cases
    const puppet = await unitManager.post('/api/tbl/userws', { login: 'ZPUPPET', name: 'Кукла', email: 'zpuppet@example.org', unitId: theirs, profiles: [profile], view: 'UNIT' });
    expect(puppet.status).toBe(400);
    expect(puppet.body.errors[0].field).toBe('unitId');
    expect(await userWs('ZPUPPET')).toBeUndefined();
    // nor take over an existing user there
    expect((await unitManager.post('/api/tbl/userws/updatepwd', { userWsId: far.id, newPassword: 'Taken1234', repeatNewPassword: 'Taken1234' })).status).toBe(404);
    expect((await unitManager.post(`/api/tbl/userws/${far.id}`, { email: 'mine@example.org' })).status).toBe(404);
    expect((await unitManager.get(`/api/tbl/userws/${far.id}`)).status).toBe(404);
    expect((await unitManager.post('/api/tbl/userws/query', {})).body.list.every((u: any) => u.unitId === mine)).toBe(true);
    await server.login('FARUSER', 'Far12345'); // its password unchanged
    // their own unit's users they do manage
    expect((await unitManager.post('/api/tbl/userws', { login: 'ZNEAR', name: 'Рядом', email: 'znear@example.org', unitId: mine, profiles: [profile], view: 'UNIT' })).status).toBe(200);
  });

  it('lets a workspace administrator manage its users, but not reset a system administrator', async () => {
    // NEIGHBOUR's workspace: invite nobody, but link a system administrator directly as the system would
    const wsAdmin = await createUser(server, admin, 'WSADMIN', [{ permission: 'USERS', canChange: true }]);
    await admin.post(`/api/tbl/userws/${(await userWs('WSADMIN')).id}`, { administrator: true });
    const adminWs = (await userWs('ADMIN')).id;
    const r = await wsAdmin.post('/api/tbl/userws/updatepwd', { userWsId: adminWs, newPassword: 'Taken1234', repeatNewPassword: 'Taken1234' });
    expect(r.status).toBe(403);
    expect((await wsAdmin.post('/api/tbl/userws/updatepwd', { userWsId: plainId, newPassword: 'Plain9999', repeatNewPassword: 'Plain9999' })).status).toBe(200);
  });
});

describe('adding an account of another workspace', () => {
  let invitationId: string;

  it('discloses nothing of the account and does not make it a member', async () => {
    const real = await db().selectFrom('sysuser').select(['name', 'email']).where('login', '=', 'DOCTOR1').executeTakeFirstOrThrow();
    const r = await neighbour.post('/api/tbl/userws', { login: 'doctor1', name: 'Кто-то', email: 'someone@example.org', unitId: other.unitId, profiles: [other.profileId], view: 'UNIT' });
    expect(r.status).toBe(200);
    invitationId = r.body.result;
    const answers = [
      await neighbour.get(`/api/tbl/userws/${invitationId}`),
      await neighbour.post('/api/tbl/userws/query', {}),
      await neighbour.post('/api/tbl/userws/query', { login: 'DOCTOR1' }),
      await neighbour.post('/api/tbl/userws/form', { id: invitationId }),
    ];
    for (const a of answers) {
      expect(a.status).toBe(200);
      const text = JSON.stringify(a.body);
      expect(text).not.toContain(real.name);
      expect(text).not.toContain(real.email);
    }
    expect(answers[0].body).toMatchObject({ login: 'DOCTOR1', name: 'Кто-то', email: 'someone@example.org', pending: true });
    expect(answers[0].body).not.toHaveProperty('emailConfirmed');
    expect(answers[0].body).not.toHaveProperty('active');
    // nor can its name or e-mail be guessed by searching or filtering
    expect((await neighbour.post('/api/tbl/userws/query', { key: 'Асанова' })).body.list).toEqual([]);
    expect((await neighbour.post('/api/tbl/userws/query', { email: real.email })).body.list).toEqual([]);
    expect((await neighbour.post('/api/tbl/userws/query', {})).body.list.map((u: any) => u.id)).toContain(invitationId);
    // the owner's next login does not offer the workspace, nor can they switch to it
    const doctor = await server.login('DOCTOR1', 'Doctor123');
    expect((await doctor.post('/api/sys/workspaces')).body.map((w: any) => w.name)).toEqual(['Демонстрационная']);
    expect((await doctor.post(`/api/sys/changews/${other.workspaceId}`)).status).toBeGreaterThanOrEqual(400);
    // and the account itself is untouched
    expect(await db().selectFrom('sysuser').select(['name', 'email']).where('login', '=', 'DOCTOR1').executeTakeFirstOrThrow()).toEqual(real);
  });

  it('makes the account a member once its owner accepts', async () => {
    const doctor = await server.login('DOCTOR1', 'Doctor123');
    const invitations = (await doctor.post('/api/sys/invitations')).body;
    expect(invitations).toEqual([{ id: invitationId, workspaceId: other.workspaceId, workspaceName: 'Соседнее пространство' }]);
    // nobody else can accept it
    expect((await neighbour.post(`/api/sys/invitations/${invitationId}/accept`)).status).toBe(404);
    expect((await doctor.post(`/api/sys/invitations/${invitationId}/accept`)).body).toEqual({ success: true });
    expect((await doctor.post('/api/sys/workspaces')).body.map((w: any) => w.name)).toEqual(['Демонстрационная', 'Соседнее пространство']);
    expect((await doctor.post(`/api/sys/changews/${other.workspaceId}`)).status).toBe(200);
    // a member now: the workspace sees who it is
    const member = (await neighbour.get(`/api/tbl/userws/${invitationId}`)).body;
    expect(member).toMatchObject({ name: 'Асанова Гульмира Токтогуловна', email: 'doctor1@example.org' });
    expect(member.pending ?? null).toBeNull();
    const entry = await db().selectFrom('cmdhistory').selectAll().where('entity_id', '=', invitationId).where('action', '=', 'accept').executeTakeFirst();
    expect(entry).toMatchObject({ type: 'userws', workspace_id: other.workspaceId });
  });

  it('declining removes the invitation', async () => {
    const r = await neighbour.post('/api/tbl/userws', { login: 'umanager', name: 'Менеджер', email: 'm@example.org', unitId: other.unitId, profiles: [other.profileId], view: 'UNIT' });
    expect(r.status).toBe(200);
    const manager = await server.login('UMANAGER', 'Passw0rd');
    expect((await manager.post('/api/sys/invitations')).body.map((i: any) => i.id)).toEqual([r.body.result]);
    expect((await manager.post(`/api/sys/invitations/${r.body.result}/decline`)).body).toEqual({ success: true });
    expect(await db().selectFrom('userws').select('id').where('id', '=', r.body.result).executeTakeFirst()).toBeUndefined();
  });

  it('links at once when the system administrator adds the account', async () => {
    const r = await admin.post('/api/tbl/userws', { login: 'neighbour', name: 'Сосед', email: 'x@example.org', unitId: demoUnit, profiles: [await profileNamed('Медсестра')], view: 'UNIT' });
    expect(r.status).toBe(200);
    expect((await admin.get(`/api/tbl/userws/${r.body.result}`)).body.pending ?? null).toBeNull();
    const again = await server.login('NEIGHBOUR', 'Neighbour1', demoWs);
    expect((await again.post('/api/sys/session')).body.workspaceId).toBe(demoWs);
    // a member of the demo workspace, administrator of their own: WORKSPACES_EDT there does not reach the demo's
    const fromOwn = await server.login('NEIGHBOUR', 'Neighbour1', other.workspaceId);
    expect((await fromOwn.post('/api/tbl/workspace/query', {})).body.list.map((w: any) => w.id)).toContain(demoWs);
    expect((await fromOwn.post(`/api/tbl/workspace/${demoWs}`, { name: 'Захвачено' })).status).toBe(403);
    expect((await fromOwn.delete(`/api/tbl/workspace/${demoWs}`)).status).toBe(403);
    expect((await admin.get(`/api/tbl/workspace/${demoWs}`)).body.name).toBe('Демонстрационная');
    expect((await fromOwn.post(`/api/tbl/workspace/${other.workspaceId}`, { name: 'Соседнее пространство 2' })).status).toBe(200);
  });
});

describe('a profile editor grants no permission they do not hold', () => {
  it('ticks only what they hold, and leaves bigger profiles alone', async () => {
    const editor = await createUser(server, admin, 'PEDITOR', [{ permission: 'PROFILES', canChange: true }, { permission: 'SOURCES' }]);
    const mine = await editor.post('/api/tbl/userprofile', { name: 'Справочники', permissions: [{ permission: 'SOURCES' }] });
    expect(mine.status).toBe(200);
    const more = await editor.post('/api/tbl/userprofile', { name: 'Больше', permissions: [{ permission: 'SOURCES' }, { permission: 'CASEMAN' }] });
    expect(more.status).toBe(403);
    expect(more.body.errors).toEqual([{ field: 'permissions.1.permission', msg: 'Право CASEMAN нельзя выдать: у вас его нет' }]);
    const edit = await editor.post(`/api/tbl/userprofile/${mine.body.result}`, { permissions: [{ permission: 'SOURCES', canChange: true }] });
    expect(edit.status).toBe(403); // SOURCES_EDT is not theirs either
    // their own profile cannot be widened, the administrator profile not touched
    const own = (await userWs('PEDITOR')).profiles[0];
    expect((await editor.post(`/api/tbl/userprofile/${own}`, { permissions: [{ permission: 'PROFILES', canChange: true }, { permission: 'USERS', canChange: true }] })).status).toBe(403);
    const adminProfile = await profileNamed('Администратор');
    expect((await editor.post(`/api/tbl/userprofile/${adminProfile}`, { name: 'Мой' })).status).toBe(403);
    expect((await editor.delete(`/api/tbl/userprofile/${adminProfile}`)).status).toBe(403);
    expect((await admin.get(`/api/tbl/userprofile/${adminProfile}`)).body.name).toBe('Администратор');
  });
});
