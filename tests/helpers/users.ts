// Creates a workspace user with chosen permissions through the API, and gives them a password
// the way an administrator would (the account's hash is set directly: the reset-password flow has
// tests of its own).
import { hashPassword } from '../../server/auth/password.ts';
import { kysely } from '../../server/db/kysely.ts';
import type { ApiClient, TestServer } from './server.ts';

export async function createUser(
  server: TestServer,
  admin: ApiClient,
  login: string,
  permissions: { permission: string; canChange?: boolean }[],
  password = 'Passw0rd',
  /** The user's unit (else the first unit listed), view (else the whole workspace), and whether they act for other units. */
  place: { unitId?: string; view?: 'WORKSPACE' | 'ADMINUNIT' | 'UNIT'; playOtherUnits?: boolean } = {},
): Promise<ApiClient> {
  const profile = await admin.post('/api/tbl/userprofile', { name: `Профиль ${login}`, permissions });
  if (profile.status !== 200) throw new Error(JSON.stringify(profile.body));
  const unitId = place.unitId ?? (await admin.post('/api/tbl/unit/query', { pageSize: 1, page: 1 })).body.list[0].id;
  const user = await admin.post('/api/tbl/userws', {
    login, name: login, email: `${login.toLowerCase()}@example.org`, unitId, profiles: [profile.body.result], view: place.view ?? 'WORKSPACE',
    ...(place.playOtherUnits === undefined ? {} : { playOtherUnits: place.playOtherUnits }),
  });
  if (user.status !== 200) throw new Error(JSON.stringify(user.body));
  return signInWithPassword(server, login, password);
}

/**
 * Gives an existing account a password (its hash set directly, as an administrator would) and signs it in.
 * @example const other = await signInWithPassword(server, 'OTHERADMIN', 'Passw0rd')
 */
export async function signInWithPassword(server: TestServer, login: string, password = 'Passw0rd'): Promise<ApiClient> {
  await kysely(server.ctx.orm.em.fork()).updateTable('sysuser').set({ password_hash: await hashPassword(password), password_expired: false }).where('login', '=', login).execute();
  return server.login(login, password);
}
