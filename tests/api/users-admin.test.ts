// User administration: the userws catalogue over shared accounts,
// send-new-password (mailed through SMTP or to the outbox), change-password, block and unblock —
// guarded by USERS / USERS_EDT and the workspace boundary, each action in the command history.
import { readdirSync, readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { join } from 'node:path';
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../server/auth/password.ts';
import { kysely } from '../../server/db/kysely.ts';
import { admin, server, useTestServer } from '../helpers/use-server.ts';
import { createUser } from '../helpers/users.ts';
import { addWorkspace, type ExtraWorkspace } from '../helpers/workspace.ts';

let other: ExtraWorkspace;
let unitId: string;
let unitName: string;
let profileId: string;
const db = () => kysely(server.ctx.orm.em.fork());
const rows = async (table: string) => Number((await sql<{ n: string }>`select count(*) as n from ${sql.table(table)}`.execute(db())).rows[0].n);
const lastCommand = async () => db().selectFrom('cmdhistory').selectAll().orderBy('exec_date', 'desc').limit(1).executeTakeFirstOrThrow();
const newUser = (login: string, extra: object = {}) => ({ login, name: `Пользователь ${login}`, email: `${login.toLowerCase()}@example.org`, unitId, profiles: [profileId], view: 'UNIT', ...extra });
const userWs = async (login: string) => (await admin.post('/api/tbl/userws/query', { login })).body.list[0];

/** The newest message the outbox holds for an address. */
function outboxMail(address: string): { subject: string; text: string } | undefined {
  const dir = server.ctx.config.outboxDir;
  const mails = readdirSync(dir).sort().reverse().map((f) => JSON.parse(readFileSync(join(dir, f), 'utf8')));
  return mails.find((m) => m.to.some((t: any) => t.address === address));
}
const passwordIn = (text: string) => /Пароль: (\S+)/.exec(text)![1];

async function setPassword(login: string, password: string) {
  await db().updateTable('sysuser').set({ password_hash: await hashPassword(password), password_expired: false }).where('login', '=', login).execute();
}

useTestServer();
beforeAll(async () => {
  ({ id: unitId, name: unitName } = (await admin.post('/api/tbl/unit/query', { pageSize: 1, page: 1 })).body.list[0]);
  profileId = (await admin.post('/api/tbl/userprofile/query', { name: 'Врач' })).body.list[0].id;
  other = await addWorkspace(server, 'Соседнее пространство', ['NEIGHBOUR']);
  await setPassword('NEIGHBOUR', 'Neighbour1');
});

describe('the user catalogue', () => {
  it('creates a user with an upper-case login, a new account waiting for a password and e-mail validation', async () => {
    const r = await admin.post('/api/tbl/userws', newUser('ivanov', { comments: 'Новый сотрудник' }));
    expect(r.status).toBe(200);
    const u = await userWs('IVANOV');
    expect(u).toMatchObject({ login: 'IVANOV', name: 'Пользователь ivanov', active: true, passwordExpired: true, emailConfirmed: false, unit: { id: unitId } });
    expect(u.unit.name).toBe(unitName);
    const account = await db().selectFrom('sysuser').selectAll().where('login', '=', 'IVANOV').executeTakeFirstOrThrow();
    expect(account.email).toBe('ivanov@example.org');
  });

  it('pages 50 users by default and lists badges for the demo users', async () => {
    const r = await admin.post('/api/tbl/userws/query', { page: 1 });
    expect(r.body.count).toBeGreaterThanOrEqual(3);
    expect(r.body.list.find((u: any) => u.login === 'DOCTOR1')).toMatchObject({ active: true, passwordExpired: false, emailConfirmed: true });
  });

  it.each([
    ['login required', { login: undefined }, 'login'],
    ['login max 30', { login: 'L'.repeat(31) }, 'login'],
    ['login without spaces', { login: 'ivan petrov' }, 'login'],
    ['login in latin letters', { login: 'ИВАНОВ' }, 'login'],
    ['login unique in the workspace', { login: 'doctor1' }, 'login'],
    ['name required', { name: undefined }, 'name'],
    ['name max 200', { name: 'x'.repeat(201) }, 'name'],
    ['a valid e-mail', { email: 'not-an-email' }, 'email'],
    ['e-mail required', { email: undefined }, 'email'],
    ['e-mail max 100', { email: `${'x'.repeat(95)}@example.org` }, 'email'],
    ['unit required', { unitId: undefined }, 'unitId'],
    ['unit of this workspace', { unitId: 'OTHER' }, 'unitId'],
    ['at least one profile', { profiles: [] }, 'profiles'],
    ['view from the list', { view: 'COUNTRY' }, 'view'],
    ['view required', { view: null }, 'view'],
    ['comments max 200', { comments: 'x'.repeat(201) }, 'comments'],
  ])('refuses %s with a field error, writing nothing', async (_rule, change, field) => {
    const before = [await rows('userws'), await rows('sysuser'), await rows('cmdhistory')];
    const doc: Record<string, unknown> = { ...newUser('PETROV'), ...change };
    if (doc.unitId === 'OTHER') doc.unitId = other.unitId;
    const r = await admin.post('/api/tbl/userws', doc);
    expect(r.status).toBe(400);
    expect(r.body.errors.map((e: any) => e.field)).toContain(field);
    expect([await rows('userws'), await rows('sysuser'), await rows('cmdhistory')]).toEqual(before);
  });

  it('updates the account fields, refuses a login taken by another account, deletes', async () => {
    const id = (await admin.post('/api/tbl/userws', newUser('sidorov'))).body.result;
    expect((await admin.post(`/api/tbl/userws/${id}`, { name: 'Сидоров С.С.', email: 'sidorov@example.kg' })).status).toBe(200);
    expect(await userWs('SIDOROV')).toMatchObject({ name: 'Сидоров С.С.', email: 'sidorov@example.kg' });
    const taken = await admin.post(`/api/tbl/userws/${id}`, { login: 'DOCTOR1' });
    expect(taken.body.errors[0].field).toBe('login');
    expect((await admin.delete(`/api/tbl/userws/${id}`)).status).toBe(200);
    expect(await userWs('SIDOROV')).toBeUndefined();
  });

  it('deletes a user who has logged in: their sessions end, the history stays', async () => {
    await admin.post('/api/tbl/userws', newUser('TEMP1'));
    await setPassword('TEMP1', 'Temp12345');
    const temp = await server.login('TEMP1', 'Temp12345');
    const id = (await userWs('TEMP1')).id;
    const r = await admin.delete(`/api/tbl/userws/${id}`);
    expect(r.status).toBe(200);
    expect((await temp.post('/api/sys/session')).status).toBe(401);
    // the command history keeps the user's entries, the deletion added: nothing of it went with the row
    const history = await db().selectFrom('cmdhistory').select(['action', 'entity_name']).where('entity_id', '=', id).orderBy('exec_date').execute();
    expect(history).toEqual([{ action: 'create', entity_name: 'Пользователь TEMP1' }, { action: 'delete', entity_name: 'Пользователь TEMP1' }]);
  });
});

describe('send new password', () => {
  it('sets a new random valid password, writes it to the outbox and records the action', async () => {
    const u = await userWs('IVANOV');
    const r = await admin.post('/api/tbl/userws/resetpwd', { userWsId: u.id });
    expect(r.body).toEqual({ success: true });
    const mail = outboxMail('ivanov@example.org')!;
    expect(mail.subject).toBe('Новый пароль');
    const password = passwordIn(mail.text);
    expect(password).toMatch(/^(?=.*\p{L})(?=.*\d).{6,20}$/u);
    expect((await userWs('IVANOV')).passwordExpired).toBe(false);
    await server.login('IVANOV', password);
    const cmd = await lastCommand();
    expect(cmd).toMatchObject({ type: 'userws', action: 'resetpwd', entity_id: u.id });
    expect(JSON.stringify(cmd.detail)).not.toContain(password);
  });

  it('sends through SMTP when SMTP_URL is set', async () => {
    const smtp = await fakeSmtp();
    server.ctx.config.smtpUrl = `smtp://127.0.0.1:${smtp.port}`;
    try {
      const r = await admin.post('/api/tbl/userws/resetpwd', { userWsId: (await userWs('IVANOV')).id });
      expect(r.body).toEqual({ success: true });
      expect(smtp.messages).toHaveLength(1);
      expect(smtp.messages[0]).toMatch(/RCPT TO:<ivanov@example\.org>/);
    } finally {
      server.ctx.config.smtpUrl = undefined;
      smtp.server.close();
    }
  });

  it('refuses a bad id, a user of another workspace, and a user without USERS_EDT', async () => {
    expect((await admin.post('/api/tbl/userws/resetpwd', { userWsId: 'x' })).body.errors[0].field).toBe('userWsId');
    const neighbour = await server.login('NEIGHBOUR', 'Neighbour1');
    const foreign = (await neighbour.post('/api/tbl/userws/query', {})).body.list[0].id;
    expect((await admin.post('/api/tbl/userws/resetpwd', { userWsId: foreign })).status).toBe(404);
    expect((await neighbour.post('/api/tbl/userws/resetpwd', { userWsId: (await userWs('IVANOV')).id })).status).toBe(404);
    const reader = await createUser(server, admin, 'USREADER', [{ permission: 'USERS', canChange: false }]);
    expect((await reader.post('/api/tbl/userws/query', {})).status).toBe(200);
    expect((await reader.post('/api/tbl/userws/resetpwd', { userWsId: (await userWs('IVANOV')).id })).status).toBe(403);
    expect((await reader.post('/api/tbl/userws/updatepwd', { userWsId: (await userWs('IVANOV')).id, newPassword: 'abc123', repeatNewPassword: 'abc123' })).status).toBe(403);
  });
});

describe('change a user password', () => {
  it('says the passwords do not match on repeatNewPassword', async () => {
    const r = await admin.post('/api/tbl/userws/updatepwd', { userWsId: (await userWs('IVANOV')).id, newPassword: 'Secret123', repeatNewPassword: 'Secret124' });
    expect(r.status).toBe(400);
    expect(r.body.errors).toEqual([{ field: 'repeatNewPassword', msg: 'Подтвержденный пароль и новый пароль не совпадают' }]);
  });

  it.each([['too short', 'ab1'], ['too long', 'abcdefghij1234567890x'], ['no digit', 'abcdefgh'], ['no letter', '12345678']])(
    'refuses a password %s on newPassword',
    async (_what, password) => {
      const r = await admin.post('/api/tbl/userws/updatepwd', { userWsId: (await userWs('IVANOV')).id, newPassword: password, repeatNewPassword: password });
      expect(r.body.errors.map((e: any) => e.field)).toEqual(['newPassword']);
    },
  );

  it('requires both fields, then sets the password and records it', async () => {
    const id = (await userWs('IVANOV')).id;
    expect((await admin.post('/api/tbl/userws/updatepwd', { userWsId: id })).body.errors.map((e: any) => e.field)).toEqual(['newPassword', 'repeatNewPassword']);
    const r = await admin.post('/api/tbl/userws/updatepwd', { userWsId: id, newPassword: 'Новый123', repeatNewPassword: 'Новый123' });
    expect(r.body).toEqual({ success: true });
    await server.login('IVANOV', 'Новый123');
    expect(await lastCommand()).toMatchObject({ type: 'userws', action: 'updatepwd', entity_id: id });
  });
});

describe('block and unblock', () => {
  it('blocks with an update carrying only {active}: the sessions end and login is refused; unblocking lets in again', async () => {
    const u = await userWs('IVANOV');
    const session = await server.login('IVANOV', 'Новый123');
    const r = await admin.post(`/api/tbl/userws/${u.id}`, { active: false });
    expect(r.status).toBe(200);
    expect(await userWs('IVANOV')).toMatchObject({ active: false, name: u.name, unitId: u.unitId });
    expect((await session.post('/api/sys/session')).status).toBe(401);
    const refused = await server.anonymous().post('/api/auth/login', { login: 'IVANOV', password: 'Новый123' });
    expect(refused.status).toBe(403);
    const cmd = await lastCommand();
    expect(cmd).toMatchObject({ type: 'userws', action: 'update', entity_id: u.id });
    expect(cmd.detail?.diffs).toEqual([{ title: 'Активен', prevValue: 'Да', newValue: 'Нет' }]);

    expect((await admin.post(`/api/tbl/userws/${u.id}`, { active: true })).status).toBe(200);
    expect((await userWs('IVANOV')).active).toBe(true);
    await server.login('IVANOV', 'Новый123');
  });

  it('does not let administrators block themselves, nor anyone reach another workspace', async () => {
    const me = await userWs('ADMIN');
    const r = await admin.post(`/api/tbl/userws/${me.id}`, { active: false });
    expect(r.body.errors[0].field).toBe('active');
    const neighbour = await server.login('NEIGHBOUR', 'Neighbour1');
    expect((await neighbour.post(`/api/tbl/userws/${(await userWs('DOCTOR1')).id}`, { active: false })).status).toBe(404);
    expect((await userWs('DOCTOR1')).active).toBe(true);
  });

  it('needs USERS_EDT', async () => {
    const reader = await server.login('USREADER', 'Passw0rd');
    expect((await reader.post(`/api/tbl/userws/${(await userWs('DOCTOR1')).id}`, { active: false })).status).toBe(403);
  });
});

describe('accounts shared by several workspaces', () => {
  it('lets a workspace invite an existing login, but not take the account over', async () => {
    const neighbour = await server.login('NEIGHBOUR', 'Neighbour1');
    const linked = await neighbour.post('/api/tbl/userws', { login: 'admin', name: 'Чужой админ', email: 'evil@example.org', unitId: other.unitId, profiles: [other.profileId], view: 'UNIT' });
    expect(linked.status).toBe(200);
    const id = linked.body.result;
    // an invitation: the owner has not accepted it, so nothing may be done to the account from here
    for (const [path, body] of [
      ['/api/tbl/userws/updatepwd', { userWsId: id, newPassword: 'Evil1234', repeatNewPassword: 'Evil1234' }],
      ['/api/tbl/userws/resetpwd', { userWsId: id }],
      [`/api/tbl/userws/${id}`, { active: false }],
    ] as const) {
      const r = await neighbour.post(path, body);
      expect(r.status, path).toBe(400);
      expect(r.body.errors[0].msg).toMatch(/не принял приглашение/);
    }
    // editing the invitation changes what the inviter typed, never the account
    expect((await neighbour.post(`/api/tbl/userws/${id}`, { email: 'evil2@example.org' })).status).toBe(200);
    const account = await db().selectFrom('sysuser').selectAll().where('login', '=', 'ADMIN').executeTakeFirstOrThrow();
    expect(account).toMatchObject({ email: 'admin@example.org', active: true, name: 'Администратор системы' });
    await server.login('ADMIN', 'Admin123', (await admin.post('/api/sys/session')).body.workspaceId); // the password still works
    // what belongs to the link itself stays theirs to change, and they may remove the link
    expect((await neighbour.post(`/api/tbl/userws/${id}`, { comments: 'Связь с общей учётной записью' })).status).toBe(200);
    expect((await neighbour.delete(`/api/tbl/userws/${id}`)).status).toBe(200);
  });
});

/** A minimal SMTP server that accepts every message and keeps the whole dialogue of each. */
async function fakeSmtp(): Promise<{ server: Server; port: number; messages: string[] }> {
  const messages: string[] = [];
  const server = createServer((socket) => {
    let log = '';
    let inData = false;
    socket.write('220 fake ESMTP\r\n');
    socket.on('data', (chunk) => {
      log += chunk.toString();
      for (const line of chunk.toString().split('\r\n').filter(Boolean)) {
        if (inData) {
          if (line === '.') {
            inData = false;
            messages.push(log);
            socket.write('250 queued\r\n');
          }
          continue;
        }
        const cmd = line.slice(0, 4).toUpperCase();
        if (cmd === 'EHLO' || cmd === 'HELO') socket.write('250 fake\r\n');
        else if (cmd === 'DATA') {
          inData = true;
          socket.write('354 go\r\n');
        } else if (cmd === 'QUIT') socket.end('221 bye\r\n');
        else socket.write('250 ok\r\n');
      }
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { server, port: (server.address() as any).port, messages };
}
