import type { Hono } from 'hono';
import { deleteCookie, getCookie, setCookie } from 'hono/cookie';
import { sql } from 'kysely';
import { jsonBody } from '../http/body.ts';
import type { AppContext, Env } from '../types.ts';
import { isTls } from '../http/tls.ts';
import { kysely } from '../db/kysely.ts';
import { login } from './login.ts';
import { cookieName, tokenHash } from './tokens.ts';

/** Public routes: log in (the cookie `Secure` when the request came over TLS) and log out. */
export function authRoutes(app: Hono<Env>, ctx: AppContext): void {
  app.post('/api/auth/login', async (c) => {
    const { token, workspaceId } = await login(ctx, c, await jsonBody(c), c.get('lang'));
    setCookie(c, cookieName, token, { httpOnly: true, sameSite: 'Lax', path: '/', secure: isTls(c, ctx.config.trustProxy) });
    return c.json({ success: true, result: { workspaceId } });
  });

  app.post('/api/auth/logout', async (c) => {
    const token = getCookie(c, cookieName);
    if (token) {
      await sql`update syssession set logout_date = now() where token_hash = ${tokenHash(token)} and logout_date is null`.execute(kysely(ctx.orm.em.fork()));
    }
    deleteCookie(c, cookieName, { path: '/', secure: isTls(c, ctx.config.trustProxy) });
    return c.json({ success: true });
  });
}
