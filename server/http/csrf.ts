import type { Context, MiddlewareHandler } from 'hono';
import { t } from '../../engine/i18n.ts';
import type { ServerConfig } from '../config.ts';
import type { Env } from '../types.ts';
import { fail } from './errors.ts';
import { isTls, requestHost } from './tls.ts';

const safeMethods = new Set(['GET', 'HEAD', 'OPTIONS']);

/** `application/json` or a `+json` type, with or without parameters (`; charset=utf-8`). */
const isJsonType = (type: string) => /^application\/([\w.-]+\+)?json\s*(;|$)/i.test(type.trim());

/**
 * Whether a page of `origin` may change things here: the same host and port as the request (and
 * an https page when the request came over TLS), or an origin listed in `TB_ORIGINS`.
 */
function originAllowed(origin: string, c: Context<Env>, config: ServerConfig): boolean {
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return false; // `null` (sandboxed frames, cross-site redirects) and garbage
  }
  if (config.allowedOrigins.some((o) => o.replace(/\/+$/, '').toLowerCase() === url.origin.toLowerCase())) return true;
  if (url.host.toLowerCase() !== requestHost(c, config.trustProxy)) return false;
  return url.protocol === 'https:' || (url.protocol === 'http:' && !isTls(c, config.trustProxy));
}

/**
 * Refuses forged state-changing requests (any method but GET/HEAD/OPTIONS), before they reach a
 * route or a session:
 * - a browser's `Origin` must be this server's own (a page on another port of the same host is
 *   another origin) → else 403; without `Origin`, a `Sec-Fetch-Site` other than `same-origin`/`none`
 *   → 403. Clients that send neither (scripts, the test client, the offline client) are not
 *   browsers and cannot be made to act by a page;
 * - a body must be JSON (`Content-Type: application/json`) → else 415: an HTML form can only send
 *   `text/plain`, `multipart/form-data` or `application/x-www-form-urlencoded`, and a page's
 *   `fetch` with JSON across origins needs a CORS preflight the server never grants.
 *
 * @example
 *   app.use('/api/*', refuseForgedRequests(ctx.config));
 */
export const refuseForgedRequests = (config: ServerConfig): MiddlewareHandler<Env> => async (c, next) => {
  if (safeMethods.has(c.req.method)) return next();
  const lang = c.get('lang');
  const origin = c.req.header('origin');
  if (origin !== undefined) {
    if (!originAllowed(origin, c, config)) throw fail(403, t(lang, 'msg.crossOrigin'));
  } else {
    const site = c.req.header('sec-fetch-site')?.toLowerCase();
    if (site && site !== 'same-origin' && site !== 'none') throw fail(403, t(lang, 'msg.crossOrigin'));
  }
  const type = c.req.header('content-type');
  const hasBody = Number(c.req.header('content-length') ?? 0) > 0 || c.req.header('transfer-encoding') !== undefined;
  if (type ? !isJsonType(type) : hasBody) throw fail(415, t(lang, 'msg.notJson'));
  await next();
};
