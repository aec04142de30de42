/**
 * The session an offline client's synchronisation key opens (the keys themselves: server/sync/token.ts;
 * docs/security.md › Offline clients' keys), for the session check (server/http/middleware.ts).
 */
import { sql } from 'kysely';
import { asLang } from '../../engine/i18n.ts';
import { kysely } from '../db/kysely.ts';
import type { Em } from '../db/orm.ts';
import type { IdentityMemo, Session } from '../types.ts';
import { loadIdentity } from './load-session.ts';
import { tokenHash } from './tokens.ts';

/** Every key starts so: a log or a leak shows what it is. */
export const SYNC_TOKEN_PREFIX = 'tbsync_';

/**
 * Whether a request path is one a key opens: the synchronisation's routes, not the keys' own.
 * @example keyOpens('/api/sync/push') // true
 * @example keyOpens('/api/tbl/tbcase/query') // false
 */
export const keyOpens = (path: string): boolean => /^\/api\/sync\//.test(path) && !/^\/api\/sync\/tokens?(\/|$)/.test(path);

/** The key an `Authorization: Bearer …` header carries, if any. */
export const bearerOf = (header: string | undefined): string | undefined => /^Bearer\s+(\S+)$/i.exec(header ?? '')?.[1];

/**
 * The session a key opens: its user in its workspace with their rights of now, or undefined — a key
 * unknown, revoked or expired, an account blocked, a membership gone. Its use is noted at most once a minute.
 * @example await sessionOfSyncToken(em, 'tbsync_…', ctx.identities) // { userId, workspaceId, viaSyncToken: true, … }
 */
export async function sessionOfSyncToken(em: Em, token: string, identities: IdentityMemo): Promise<Session | undefined> {
  if (!token.startsWith(SYNC_TOKEN_PREFIX)) return undefined;
  const db = kysely(em);
  const k = await db.selectFrom('synctoken').select(['id', 'user_id', 'userws_id', 'workspace_id', 'last_used_at'])
    .where('token_hash', '=', tokenHash(token)).where('revoked_at', 'is', null).where('expires_at', '>', sql<string>`now()`).executeTakeFirst();
  if (!k) return undefined;
  const key = `${k.user_id}|${k.userws_id}|${k.workspace_id}`;
  let identity = identities.get(key);
  if (!identity) {
    identity = await loadIdentity(em, String(k.user_id), k.userws_id ? String(k.userws_id) : null, String(k.workspace_id));
    if (!identity) return undefined;
    identities.set(key, identity);
  }
  if (!k.last_used_at || Date.now() - new Date(k.last_used_at as string).getTime() > 60_000) await db.updateTable('synctoken').set({ last_used_at: sql`now()` }).where('id', '=', k.id).execute();
  return { ...identity, sessionId: '', lang: asLang(undefined), viaSyncToken: true };
}

