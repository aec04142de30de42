import { sql } from 'kysely';
import { t, type Lang } from '../../engine/i18n.ts';
import type { Em } from '../db/orm.ts';
import { fail } from '../http/errors.ts';
import { kysely } from '../db/kysely.ts';

/**
 * The limits on failed logins, counted in `loginattempt` (the database: every server process sees
 * the same counts). They are shaped so that nobody can lock an account's owner out:
 * - one address: `perAddress` failures over all logins in `windowMinutes` → that address is refused
 *   for every login it has not logged in as before (a password sprayer; the users who log in there
 *   every day — one clinic behind one address — keep logging in);
 * - one address and one login: `perPair` failures in `windowMinutes` since that address last logged
 *   in as that login → that address is refused for that login;
 * - one login from everywhere (a distributed guesser): past `accountAlarm` failures in
 *   `backoffMinutes`, an address that has never logged in as that login (in `trustDays`) gets
 *   one failure for it per `backoffMinutes` instead of `perPair` per `windowMinutes`.
 * Nothing counts against an address that has not failed: the owner, from their usual address or
 * from any address that has not been guessing, still logs in with the right password.
 */
export const loginLimits = { windowMinutes: 15, perAddress: 20, perPair: 5, accountAlarm: 10, backoffMinutes: 60, trustDays: 90 };

/**
 * Refuses with 429 (on `field`, the minutes to wait in the message) when this address may not
 * try this login's password now; see {@link loginLimits}. The login form and the change of one's
 * own password (its current password) both ask, and both record their failures, so a stolen
 * session guesses the password no faster than a login form.
 *
 * @example
 *   await assertMayTryLogin(em, 'DOCTOR1', '10.0.0.7', 'ru');
 *   await assertMayTryLogin(em, session.userLogin, ip, session.lang, 'password'); // changepassword
 */
export async function assertMayTryLogin(em: Em, login: string, ip: string, lang: Lang, field = 'login'): Promise<void> {
  const { windowMinutes: w, perAddress, perPair, accountAlarm, backoffMinutes: b, trustDays } = loginLimits;
  const r = (await sql<{ address: number; pair: number; pairBackoff: number; account: number; trusted: boolean }>`select
      (select count(*)::int from loginattempt where ip_address = ${ip} and not success
        and attempt_date > now() - make_interval(mins => ${w})) as address,
      (select count(*)::int from loginattempt where login = ${login} and ip_address = ${ip} and not success
        and attempt_date > now() - make_interval(mins => ${w})
        and attempt_date > coalesce((select max(attempt_date) from loginattempt
          where login = ${login} and ip_address = ${ip} and success), 'epoch')) as pair,
      (select count(*)::int from loginattempt where login = ${login} and ip_address = ${ip} and not success
        and attempt_date > now() - make_interval(mins => ${b})) as "pairBackoff",
      (select count(*)::int from loginattempt where login = ${login} and not success
        and attempt_date > now() - make_interval(mins => ${b})) as account,
      exists(select 1 from loginattempt where login = ${login} and ip_address = ${ip} and success
        and attempt_date > now() - make_interval(days => ${trustDays})) as trusted`.execute(kysely(em))).rows[0];
  if ((r.address >= perAddress && !r.trusted) || r.pair >= perPair) throw fail(429, t(lang, 'msg.lockedOut', { minutes: w }), field);
  if (r.account >= accountAlarm && !r.trusted && r.pairBackoff >= 1) throw fail(429, t(lang, 'msg.lockedOut', { minutes: b }), field);
}

/** Records one login attempt (the login cut to its column's 30 characters). */
export const recordAttempt = (em: Em, login: string, success: boolean, ip: string) =>
  kysely(em).insertInto('loginattempt').values({ id: crypto.randomUUID(), login: login.slice(0, 30), attempt_date: new Date(), success, ip_address: ip }).execute();
