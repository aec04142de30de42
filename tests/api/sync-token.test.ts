// An offline client's synchronisation key (server/sync/token.ts, docs/security.md › Offline
// clients' keys): issued to a user's logged-in session for one client, stored hashed, it opens the
// /api/sync/* routes only, as that user with their rights of the moment — never another route, never
// the keys' own routes, never after it was revoked (by its user, an administrator, a new key for the
// same client, a password change) or expired, never for a blocked account — and an upload made with it
// is applied as its user, whatever author the client names.
import { createHash } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { kysely } from '../../server/db/kysely.ts';
import { createCase, newPatient, unitNamed } from '../helpers/cases.ts';
import { clientChanges, type PushAnswer } from '../helpers/push.ts';
import { ApiClient } from '../helpers/server.ts';
import { admin, server, useTestServer } from '../helpers/use-server.ts';
import { createUser } from '../helpers/users.ts';

useTestServer();
const CASE_WORK = [{ permission: 'CASEMAN' }, { permission: 'NEWCASE' }];
let doctor: ApiClient; // a unit doctor, logged in with their password
let nurse: ApiClient; // another user of the unit
let bishkek: string;
let patientId: string;
let doctorId: string;
let adminId: string;

const db = () => kysely(server.ctx.orm.em.fork());
const idOf = async (login: string) => String((await db().selectFrom('sysuser').select('id').where('login', '=', login).executeTakeFirstOrThrow()).id);
/** A client calling the server with a key only: no cookie. */
const withKey = (key: string) => Object.assign(new ApiClient(server.url), { headers: { authorization: `Bearer ${key}` } });
const issue = async (who: ApiClient, device: string = crypto.randomUUID()) => {
  const r = await who.post('/api/sync/token', { device });
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  return r.body.token as string;
};
const feedStatus = async (key: string) => (await withKey(key).post('/api/sync/changes', { limit: 1 })).status;

beforeAll(async () => {
  bishkek = await unitNamed(admin, 'Бишкекский');
  patientId = await newPatient(admin, { name: 'Гульнара', lastName: 'Ключева', gender: 'FEMALE', birthDate: '1985-04-03' });
  doctor = await createUser(server, admin, 'KEYDOC', CASE_WORK, 'Passw0rd', { unitId: bishkek, view: 'UNIT' });
  nurse = await createUser(server, admin, 'KEYNURSE', CASE_WORK, 'Passw0rd', { unitId: bishkek, view: 'UNIT' });
  doctorId = await idOf('KEYDOC');
  adminId = await idOf('ADMIN');
}, 120_000);

describe('a key opens the synchronisation only', () => {
  it('is stored as its hash only, and reads the feed and the slice as its user (the slice without password hashes)', async () => {
    const key = await issue(doctor);
    expect(key).toMatch(/^tbsync_[A-Za-z0-9_-]{43}$/);
    const stored = await db().selectFrom('synctoken').select(['token_hash', 'user_id', 'expires_at']).where('user_id', '=', doctorId).execute();
    expect(stored.map((k) => k.token_hash)).toContain(createHash('sha256').update(key).digest('hex'));
    expect(JSON.stringify(stored)).not.toContain(key);
    // about 30 days
    const days = (new Date(stored[0].expires_at as string).getTime() - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(29);
    expect(days).toBeLessThanOrEqual(30);
    expect(await feedStatus(key)).toBe(200);
    const slice = await withKey(key).post('/api/sync/slice', {});
    expect(slice.status, JSON.stringify(slice.body)).toBe(200);
    const accounts = slice.body.rows.filter((r: any) => r.table === 'sysuser');
    expect(accounts.map((a: any) => a.data.login)).toContain('KEYDOC');
    expect(accounts.every((a: any) => a.data.passwordHash === null)).toBe(true);
  });

  it('is refused outside /api/sync/*, and on the keys\' own routes: a key never makes or lists keys', async () => {
    const key = await issue(doctor);
    const caseId = await createCase(admin, patientId, bishkek);
    for (const [method, path, body] of [
      ['GET', `/api/tbl/tbcase/${caseId}`, undefined],
      ['POST', '/api/tbl/tbcase/query', {}],
      ['POST', `/api/tbl/tbcase/${caseId}`, { caseNumber: 'КЛЮЧ-1' }],
      ['GET', '/api/sys/session', undefined],
      ['POST', '/api/sys/changepassword', { password: 'Passw0rd', newPassword: 'Drugoi1Parol', repeatNewPassword: 'Drugoi1Parol' }],
      ['POST', '/api/sync/token', { device: 'x' }],
      ['GET', '/api/sync/tokens', undefined],
    ] as const) {
      const r = await withKey(key).call(method, path, body);
      expect([path, r.status], JSON.stringify(r.body)).toEqual([path, 401]);
    }
    expect((await withKey(key).get(`/api/tbl/tbcase/${caseId}`)).body.errors).toEqual([{ field: null, msg: 'Ключ синхронизации действует только для синхронизации' }]);
    expect((await admin.get(`/api/tbl/tbcase/${caseId}`)).body.caseNumber).not.toBe('КЛЮЧ-1');
    // the generic query's copy under /api/sync (a case's sub-records for the client) reads as the user
    expect((await withKey(key).post('/api/sync/query/tbcase', { id: caseId })).status).toBe(200);
    expect((await withKey(key).post('/api/sync/query/userws', {})).status).toBe(403);
  });

  it('an unknown key, or none, is 401', async () => {
    expect(await feedStatus('tbsync_' + 'A'.repeat(43))).toBe(401);
    expect(await feedStatus('not-a-key')).toBe(401);
  });
});

describe('a key that no longer holds', () => {
  it('revoked by its user, by a user administrator, by a new key for the same client, or expired: refused; another user may not revoke it', async () => {
    const list = async (who: ApiClient, all = false) => (await who.get(`/api/sync/tokens${all ? '?all=1' : ''}`)).body.list as { id: string; userId: string; device: string; revokedAt: string | null }[];
    const own = await issue(doctor, 'client-own');
    const byAdmin = await issue(doctor, 'client-admin');
    const expired = await issue(doctor, 'client-expired');
    const mine = await list(doctor);
    const idOfDevice = (device: string) => mine.find((k) => k.device === device && !k.revokedAt)!.id;
    // the nurse sees only her own keys and may not revoke the doctor's
    expect((await list(nurse, true)).map((k) => k.userId)).not.toContain(doctorId);
    expect((await nurse.post(`/api/sync/tokens/${idOfDevice('client-own')}/revoke`, {})).status).toBe(404);
    expect(await feedStatus(own)).toBe(200);
    expect((await doctor.post(`/api/sync/tokens/${idOfDevice('client-own')}/revoke`, {})).status).toBe(200);
    expect(await feedStatus(own)).toBe(401);
    expect((await list(admin, true)).map((k) => k.userId)).toContain(doctorId);
    expect((await admin.post(`/api/sync/tokens/${idOfDevice('client-admin')}/revoke`, {})).status).toBe(200);
    expect(await feedStatus(byAdmin)).toBe(401);
    await db().updateTable('synctoken').set({ expires_at: new Date(Date.now() - 1000) }).where('id', '=', idOfDevice('client-expired')).execute();
    expect(await feedStatus(expired)).toBe(401);
    const first = await issue(doctor, 'client-again');
    const second = await issue(doctor, 'client-again');
    expect([await feedStatus(first), await feedStatus(second)]).toEqual([401, 200]);
  });

  it('its user\'s password changed, or the account blocked: refused', async () => {
    const user = await createUser(server, admin, 'KEYPASS', CASE_WORK, 'Passw0rd', { unitId: bishkek, view: 'UNIT' });
    const key = await issue(user);
    expect(await feedStatus(key)).toBe(200);
    const changed = await user.post('/api/sys/changepassword', { password: 'Passw0rd', newPassword: 'Nov0eParol1', repeatNewPassword: 'Nov0eParol1' });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(await feedStatus(key)).toBe(401);
    const blocked = await createUser(server, admin, 'KEYBLOCK', CASE_WORK, 'Passw0rd', { unitId: bishkek, view: 'UNIT' });
    const key2 = await issue(blocked);
    expect(await feedStatus(key2)).toBe(200);
    await db().updateTable('sysuser').set({ active: false }).where('login', '=', 'KEYBLOCK').execute();
    server.ctx.identities.clear();
    expect(await feedStatus(key2)).toBe(401);
  });
});

describe('an upload with a key is applied as its user', () => {
  it('naming another user as the author grants nothing: a change only an administrator may make is refused, one the user may make is written under the key\'s user', async () => {
    const key = await issue(doctor);
    const userws = String((await db().selectFrom('userws').select('id').where('user_id', '=', doctorId).executeTakeFirstOrThrow()).id);
    const caseId = await createCase(admin, patientId, bishkek, { caseNumber: 'КЛЮЧ-2' });
    const r = await withKey(key).post('/api/sync/push', { changes: clientChanges(
      { table: 'userws', op: 'update', id: userws, baseVersion: 1, userId: adminId, data: { administrator: true, view: 'WORKSPACE' } },
      { table: 'tbcase', op: 'update', id: caseId, baseVersion: 1, userId: adminId, data: { caseNumber: 'КЛЮЧ-3' } },
    ) });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const [promotion, edit] = r.body.results as PushAnswer[];
    expect([promotion.result, promotion.errors]).toEqual(['rejected', [{ field: null, msg: 'Нет прав доступа' }]]);
    expect(edit.result).toBe('applied');
    expect((await db().selectFrom('userws').select(['administrator', 'view']).where('id', '=', userws).executeTakeFirstOrThrow())).toEqual({ administrator: false, view: 'UNIT' });
    const history = await db().selectFrom('cmdhistory').select(['user_id', 'action']).where('entity_id', '=', caseId).where('action', '=', 'update').execute();
    expect(history).toEqual([{ user_id: doctorId, action: 'update' }]);
  });
});
