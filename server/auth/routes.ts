import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { sql } from 'kysely';
import { jsonBody } from '../http/body.ts';
import type { AppContext } from '../types.ts';
import { isTls } from '../http/tls.ts';
import { kysely } from '../db/kysely.ts';
import { login } from './login.ts';
import { cookieName, tokenHash } from './tokens.ts';
import { defineRoute, rule, type DeclaredRoute } from '../http/define-route.ts';

/** Public routes: log in (the cookie `Secure` when the request came over TLS) and log out. */
export function authRoutes(ctx: AppContext): DeclaredRoute[] {
  return [
  defineRoute({ method: 'POST', path: '/api/auth/login', rule: rule.public, summary: 'Sign in: {login, password[, workspaceId]}; sets the session cookie tbsid', handler: async (c) => {
    const { token, workspaceId } = await login(ctx, c, await jsonBody(c), c.get('lang'));
    setCookie(c, cookieName, token, { httpOnly: true, sameSite: 'Lax', path: '/', secure: isTls(c, ctx.config.trustProxy) });
    return c.json({ success: true, result: { workspaceId } });
  } }),

  defineRoute({ method: 'POST', path: '/api/auth/logout', rule: rule.public, summary: 'Sign out: ends the session and clears its cookie', handler: async (c) => {
    const token = getCookie(c, cookieName);
    if (token) {
      await sql`update syssession set logout_date = now() where token_hash = ${tokenHash(token)} and logout_date is null`.execute(kysely(ctx.orm.em.fork()));
    }
    deleteCookie(c, cookieName, { path: '/', secure: isTls(c, ctx.config.trustProxy) });
    return c.json({ success: true });
  } }),
  ];
}
