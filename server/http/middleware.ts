import type { MiddlewareHandler } from 'hono';
import { asLang, t } from '../../engine/i18n.ts';
import { isSystemPermission } from '../../engine/system-permissions.ts';
import { loadSession } from '../auth/load-session.ts';
import { tokenHash } from '../auth/tokens.ts';
import { requestHeader, sessionToken } from './request-header.ts';
import { bearerOf, keyOpens, sessionOfSyncToken } from '../auth/sync-key.ts';
import type { AppContext, Env, Session } from '../types.ts';
import { fail } from './errors.ts';
import { requestStore } from '../log.ts';
import { sessionTimeZone } from './time-zone.ts';

/**
 * What a session may call before its user accepted the licence agreement the settings require:
 * the session itself (the UI learns `ulaAccepted: false` from it), the acceptance, the language.
 * Logout and the public routes are registered before the session check.
 */
const beforeUla = [/^\/api\/sys\/session$/, /^\/api\/sys\/acceptula$/, /^\/api\/sys\/language\/[^/]+$/];

/**
 * Requires a live session; puts it on the context. While the user licence agreement waits
 * (`session.ulaPending`), anything else is refused with 403 and `result: {ulaRequired: true}`.
 * Without a session cookie, an offline client's synchronisation key (`Authorization: Bearer tbsync_…`,
 * server/auth/sync-key.ts) opens its user's session on `/api/sync/*` only: anywhere else it is 401.
 */
export const requireSession = (ctx: AppContext): MiddlewareHandler<Env> => async (c, next) => {
  const token = sessionToken(c);
  const hash = token ? tokenHash(token) : undefined;
  const key = hash ? undefined : bearerOf(requestHeader(c, 'authorization'));
  if (key && !keyOpens(c.req.path)) throw fail(401, t(c.get('lang'), 'msg.syncKeyOnlySync'));
  // the session's statements are single reads and writes outside any transaction, on the pool: no
  // fork of the entity manager (MikroORM's fork writes process.env twice, on every request)
  const session = hash
    ? await loadSession(ctx.orm.em, hash, ctx.config.sessionHours, ctx.identities)
    : key ? await sessionOfSyncToken(ctx.orm.em, key, ctx.identities) : undefined;
  if (!session) throw fail(401, t(c.get('lang'), 'msg.notAuthenticated'));
  session.timeZone = sessionTimeZone(session.workspaceTimeZone, requestHeader(c, 'x-time-zone'));
  c.set('session', session);
  c.set('lang', session.lang);
  const request = requestStore.getStore();
  if (request) request.userId = session.userId;
  if (session.ulaPending && !beforeUla.some((r) => r.test(c.req.path))) throw fail(403, t(session.lang, 'msg.ulaRequired'), null, { ulaRequired: true });
  await next();
};

/** The request's language before a session is known: `?lang`, then Accept-Language, then Russian. */
export const detectLang: MiddlewareHandler<Env> = async (c, next) => {
  const header = requestHeader(c, 'accept-language') ?? '';
  c.set('lang', asLang(c.req.query('lang') ?? (header.startsWith('en') ? 'en' : 'ru')));
  await next();
};

/**
 * Whether the session holds `perm`. A workspace's administrator holds every workspace permission,
 * never a system-wide one (SYSSETUP…): those come with the account's system administrator role.
 *
 * @example hasPermission(wsAdmin, 'USERS_EDT') // true
 * @example hasPermission(wsAdmin, 'SYSSETUP') // false unless wsAdmin.sysadmin
 */
export const hasPermission = (s: Session, perm: string) =>
  isSystemPermission(perm) ? s.sysadmin : s.administrator || s.permissions.has(perm);

/** Refuses with 403 unless the session holds `perm`. */
export function assertPermission(s: Session, perm: string | undefined): void {
  if (perm && !hasPermission(s, perm)) throw fail(403, t(s.lang, 'msg.forbidden'));
}

/** Requires one permission for a route. */
export const requirePermission = (perm: string): MiddlewareHandler<Env> => async (c, next) => {
  assertPermission(c.get('session'), perm);
  await next();
};
