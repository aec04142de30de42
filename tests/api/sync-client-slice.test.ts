// Who gets the unit's password hashes from the offline client's slice (`POST /api/sync/slice`,
// docs/security.md): only a caller who proves the session with their password, and only of the unit's
// users whose rights do not exceed the caller's, never an administrator's, never another unit's user.
// The expected holders are written from that rule, per persona.
import { beforeAll, describe, expect, it } from 'vitest';
import { kysely } from '../../server/db/kysely.ts';
import { unitNamed } from '../helpers/cases.ts';
import type { ApiClient } from '../helpers/server.ts';
import { admin, server, useTestServer } from '../helpers/use-server.ts';
import { createUser } from '../helpers/users.ts';

useTestServer();
const PASSWORD = 'Passw0rd';
const DOCTOR = [{ permission: 'CASEMAN' }, { permission: 'NEWCASE' }];
/** The unit's users made here, and one of another unit; the slice's other users (the demo's) are not looked at. */
const OURS = ['SLDOC', 'SLPEER', 'SLSENIOR', 'SLWIDE', 'SLADMIN', 'SLSYSADM', 'SLOTHER'];
let doctor: ApiClient;
let unitAdmin: ApiClient;

const db = () => kysely(server.ctx.orm.em.fork());
/** The stored hash of each login. */
const storedHashes = async () => new Map((await db().selectFrom('sysuser').select(['login', 'password_hash']).where('login', 'in', OURS).execute()).map((u) => [u.login as string, u.password_hash as string]));
/** What the slice says of our logins: each one listed, with its hash or null. */
async function hashesInSlice(who: ApiClient, body: Record<string, unknown>): Promise<Record<string, string | null>> {
  const r = await who.post('/api/sync/slice', body);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  const accounts = r.body.rows.filter((row: any) => row.table === 'sysuser' && OURS.includes(row.data.login));
  return Object.fromEntries(accounts.map((a: any) => [a.data.login, a.data.passwordHash ?? null]));
}

beforeAll(async () => {
  const bishkek = await unitNamed(admin, 'Бишкекский');
  const kant = await unitNamed(admin, 'Ысык-Атинский');
  const inUnit = { unitId: bishkek, view: 'UNIT' as const };
  doctor = await createUser(server, admin, 'SLDOC', DOCTOR, PASSWORD, inUnit);
  await createUser(server, admin, 'SLPEER', [{ permission: 'CASEMAN' }], PASSWORD, inUnit); // fewer rights
  await createUser(server, admin, 'SLSENIOR', [...DOCTOR, { permission: 'CASE_TRANSFER' }], PASSWORD, inUnit); // one permission more
  await createUser(server, admin, 'SLWIDE', DOCTOR, PASSWORD, { unitId: bishkek, view: 'WORKSPACE' }); // a wider view
  await createUser(server, admin, 'SLADMIN', [{ permission: 'CASEMAN' }], PASSWORD, inUnit);
  await createUser(server, admin, 'SLSYSADM', [{ permission: 'CASEMAN' }], PASSWORD, inUnit);
  await createUser(server, admin, 'SLOTHER', DOCTOR, PASSWORD, { unitId: kant, view: 'UNIT' }); // another unit
  const idOf = async (login: string) => String((await db().selectFrom('sysuser').select('id').where('login', '=', login).executeTakeFirstOrThrow()).id);
  await db().updateTable('userws').set({ administrator: true }).where('user_id', '=', await idOf('SLADMIN')).execute();
  await db().updateTable('sysuser').set({ sysadmin: true }).where('id', '=', await idOf('SLSYSADM')).execute();
  unitAdmin = await server.login('SLADMIN', PASSWORD);
});

describe("the unit's password hashes in the slice", () => {
  it('a session alone (no password: a script, a stolen cookie, a doctor probing the API) gets the accounts without any hash', async () => {
    expect(await hashesInSlice(doctor, {})).toEqual({ SLDOC: null, SLPEER: null, SLSENIOR: null, SLWIDE: null, SLADMIN: null, SLSYSADM: null });
  });

  it('a wrong password is refused and gets nothing', async () => {
    const r = await doctor.post('/api/sync/slice', { password: 'Wrong-pass1' });
    expect([r.status, r.body.errors]).toEqual([400, [{ field: 'password', msg: 'Неверный текущий пароль' }]]);
  });

  it("a doctor with their password: their own and those of the unit's users with no more rights; none of a user who may do more, of an administrator, of another unit", async () => {
    const stored = await storedHashes();
    expect(await hashesInSlice(doctor, { password: PASSWORD })).toEqual({
      SLDOC: stored.get('SLDOC'),
      SLPEER: stored.get('SLPEER'),
      SLSENIOR: null,
      SLWIDE: null,
      SLADMIN: null,
      SLSYSADM: null,
    });
  });

  it("the unit's administrator with their password: the unit's users' hashes, never an administrator's, their own neither", async () => {
    const stored = await storedHashes();
    expect(await hashesInSlice(unitAdmin, { password: PASSWORD })).toEqual({
      SLDOC: stored.get('SLDOC'),
      SLPEER: stored.get('SLPEER'),
      SLSENIOR: stored.get('SLSENIOR'),
      SLWIDE: stored.get('SLWIDE'),
      SLADMIN: null,
      SLSYSADM: null,
    });
  });
});
