import { sql } from 'kysely';
import { t, type Lang } from '../../engine/i18n.ts';
import type { Em } from '../../server/db/orm.ts';
import { fail } from '../../server/http/errors.ts';
import { kysely } from '../../server/db/kysely.ts';

/** Self-registration mails strangers: at most this many registrations an hour from one address. */
export const registrationsPerHour = 5;
const marker = '#REGISTER';

/**
 * Counts a registration from the request's address in the login-attempt table (so every server
 * process sees the same count) and refuses with 429 past the hourly limit.
 */
export async function countRegistration(em: Em, ip: string, lang: Lang): Promise<void> {
  const db = kysely(em);
  const r = await sql<{ n: number }>`select count(*)::int as n from loginattempt
    where login = ${marker} and ip_address = ${ip} and attempt_date > now() - interval '1 hour'`.execute(db);
  if (r.rows[0].n >= registrationsPerHour) throw fail(429, t(lang, 'sysconfig.tooManyRegistrations'), null);
  await db.insertInto('loginattempt').values({ id: crypto.randomUUID(), login: marker, attempt_date: new Date(), success: true, ip_address: ip }).execute();
}
