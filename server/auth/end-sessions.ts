import { sql } from 'kysely';
import type { Em } from '../db/orm.ts';
import { kysely } from '../db/kysely.ts';

/**
 * Ends every open session of a user (all workspaces, every server process at once: sessions are
 * rows read on each request), but `except` — the session making the change, when it is the user's
 * own, and revokes every offline client's synchronisation key of the user (server/sync/token.ts).
 * Called when a password changes, in the change's transaction. Returns how many sessions ended.
 *
 * @example
 *   await endSessions(em, s.userId, { except: s.sessionId }); // the user changed their password
 */
export async function endSessions(em: Em, userId: string, opts: { except?: string } = {}): Promise<number> {
  const r = await sql`update syssession set logout_date = now()
    where user_id = ${userId} and logout_date is null and id is distinct from ${opts.except ?? null}::uuid`.execute(kysely(em));
  await sql`update synctoken set revoked_at = now(), updated_at = now(), version = version + 1 where user_id = ${userId} and revoked_at is null`.execute(kysely(em));
  return Number(r.numAffectedRows ?? 0);
}
