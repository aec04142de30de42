/**
 * An offline client's synchronisation key (docs/security.md › Offline clients' keys): what lets the
 * client synchronise by itself without keeping anybody's password. Issued to a session — a user who
 * just logged in on the server with their password to synchronise — for one client (`device`: the
 * client's id; issuing again to the same user and client revokes the earlier key). Random (32 bytes),
 * shown once, stored as its SHA-256 only; bound to the user and the workspace of the session; valid
 * {@link SYNC_TOKEN_DAYS} days; revoked by its user or a user administrator, and all of a user's by a
 * change of their password. A request carrying it (`Authorization: Bearer tbsync_…`) is the user's own
 * session, with their rights and view as they are at that moment (a blocked account or a membership
 * gone: refused), on `/api/sync/*` only, never the key routes themselves: it reads the feed and
 * uploads changes as that user, and nothing else.
 */
import { sql } from 'kysely';
import { t } from '../../engine/i18n.ts';
import type { JsonSchema } from '../../engine/types.ts';
import { SYNC_TOKEN_PREFIX } from '../auth/sync-key.ts';
import { newToken, tokenHash } from '../auth/tokens.ts';
import { kysely } from '../db/kysely.ts';
import type { Em } from '../db/orm.ts';
import { defineRoute, rule, type DeclaredRoute } from '../http/define-route.ts';
import { fail, isUuid } from '../http/errors.ts';
import { hasPermission } from '../http/middleware.ts';
import type { AppContext, Session } from '../types.ts';
import { writeTransaction } from '../tbl/retry.ts';

/** How long a key lasts; the client gets a new one at every synchronisation a user starts with their password. */
export const SYNC_TOKEN_DAYS = 30;
/** The permission that lets an administrator see and revoke other users' keys: the users' catalogue's. */
const MANAGE = 'USERS_EDT';


/**
 * Issues a key for the session's user and workspace and the client `device`, revoking the earlier
 * key of that user and client. Answers the key itself (shown once) and when it expires.
 * @example await issueSyncToken(em, session, clientId) // { token: 'tbsync_…', expiresAt: '2026-12-29T…' }
 */
export async function issueSyncToken(em: Em, s: Session, device: string): Promise<{ token: string; expiresAt: string }> {
  const token = SYNC_TOKEN_PREFIX + newToken();
  const expiresAt = new Date(Date.now() + SYNC_TOKEN_DAYS * 86_400_000);
  const db = kysely(em);
  await db.updateTable('synctoken').set({ revoked_at: sql`now()`, updated_at: sql`now()`, version: sql`version + 1` })
    .where('workspace_id', '=', s.workspaceId).where('user_id', '=', s.userId).where('device', '=', device).where('revoked_at', 'is', null).execute();
  await db.insertInto('synctoken').values({
    id: crypto.randomUUID(), workspace_id: s.workspaceId, user_id: s.userId, userws_id: s.userwsId, token_hash: tokenHash(token), device, expires_at: expiresAt,
  }).execute();
  return { token, expiresAt: expiresAt.toISOString() };
}

const issueBody: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['device'],
  properties: { device: { type: 'string', minLength: 1, maxLength: 200 } },
};

/** A session opened by a key may not manage keys (a key never makes another). */
function byLogin(s: Session): void {
  if (s.viaSyncToken) throw fail(403, t(s.lang, 'msg.forbidden'));
}

const done: JsonSchema = { type: 'object', required: ['success'], properties: { success: { const: true } } };

/**
 * The keys' routes, declared: any session (`rule.session`) — but never one a key opened, which depends
 * on the session and is refused by each handler (`byLogin`: 403); whose keys are listed and revoked
 * (the user's own, a user administrator's all of the workspace) is decided by the handler too:
 * - `POST /api/sync/token {device}` — a key for the session's user and this client: `{token, expiresAt}`;
 * - `GET /api/sync/tokens` — the user's own keys (a user administrator: the workspace's, with `?all=1`):
 *   `{list: [{id, userId, userName, device, createdAt, expiresAt, lastUsedAt, revokedAt}]}` (never a key or its hash);
 * - `POST /api/sync/tokens/:id/revoke` — by its user or a user administrator of its workspace.
 */
export function syncTokenRoutes(ctx: AppContext): DeclaredRoute[] {
  return [
    defineRoute<'/api/sync/token', { device: string }>({
      method: 'POST', path: '/api/sync/token', rule: rule.session, summary: "A synchronisation key for the session's user and an offline client (shown once)",
      body: issueBody, example: { device: '5b0d9c8e-7a6f-4e3d-8c2b-1a0f9e8d7c61' },
      answer: { type: 'object', required: ['token', 'expiresAt'], properties: { token: { type: 'string' }, expiresAt: { type: 'string', format: 'date-time' } } },
      handler: async (c, { body }) => {
        const s = c.get('session');
        byLogin(s);
        return c.json(await writeTransaction(ctx, (em) => issueSyncToken(em, s, body.device), 'sync key'));
      },
    }),
    defineRoute({
      method: 'GET', path: '/api/sync/tokens', rule: rule.session, summary: "The user's synchronisation keys (a user administrator's: the workspace's, with `?all=1`)",
      answer: { type: 'object', required: ['list'], properties: { list: { type: 'array', items: { type: 'object' } } } },
      handler: async (c) => {
        const s = c.get('session');
        byLogin(s);
        const all = c.req.query('all') === '1' && hasPermission(s, MANAGE);
        const list = await kysely(ctx.orm.em.fork())
          .selectFrom('synctoken as k').leftJoin('sysuser as u', 'u.id', 'k.user_id')
          .select(['k.id', 'k.user_id as userId', 'u.name as userName', 'k.device', 'k.created_at as createdAt', 'k.expires_at as expiresAt', 'k.last_used_at as lastUsedAt', 'k.revoked_at as revokedAt'])
          .where('k.workspace_id', '=', s.workspaceId).$if(!all, (q) => q.where('k.user_id', '=', s.userId))
          .orderBy('k.created_at', 'desc').limit(500).execute();
        return c.json({ list });
      },
    }),
    defineRoute({
      method: 'POST', path: '/api/sync/tokens/:id/revoke', rule: rule.session, summary: 'A synchronisation key revoked by its user or a user administrator',
      answer: done,
      handler: async (c) => {
        const s = c.get('session');
        byLogin(s);
        const id = c.req.param('id');
        if (!isUuid(id)) throw fail(404, t(s.lang, 'msg.notFound'));
        const db = kysely(ctx.orm.em.fork());
        const k = await db.selectFrom('synctoken').select(['user_id']).where('id', '=', id).where('workspace_id', '=', s.workspaceId).executeTakeFirst();
        if (!k || (String(k.user_id) !== s.userId && !hasPermission(s, MANAGE))) throw fail(404, t(s.lang, 'msg.notFound'));
        await db.updateTable('synctoken').set({ revoked_at: sql`coalesce(revoked_at, now())`, updated_at: sql`now()`, version: sql`version + 1` }).where('id', '=', id).execute();
        return c.json({ success: true });
      },
    }),
  ];
}
