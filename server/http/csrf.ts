import type { Context, MiddlewareHandler } from 'hono';
import { clientHeader } from '../../engine/client-header.ts';
import { t } from '../../engine/i18n.ts';
import type { ServerConfig } from '../config.ts';
import type { Env } from '../types.ts';
import { fail } from './errors.ts';
import { isTls, requestHost } from './tls.ts';
import { requestHeader } from './request-header.ts';

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
 * Refuses a request that a page of another site could have made: a browser's `Origin` must be
 * this server's own (a page on another port of the same host is another origin) → else 403;
 * without `Origin`, a `Sec-Fetch-Site` other than `same-origin`/`none` → 403.
 */
function refuseForeign(c: Context<Env>, config: ServerConfig): void {
  const lang = c.get('lang');
  const origin = requestHeader(c, 'origin');
  if (origin !== undefined) {
    if (!originAllowed(origin, c, config)) throw fail(403, t(lang, 'msg.crossOrigin'));
  } else {
    const site = requestHeader(c, 'sec-fetch-site')?.toLowerCase();
    if (site && site !== 'same-origin' && site !== 'none') throw fail(403, t(lang, 'msg.crossOrigin'));
  }
}

/**
 * Whether the request proves it was made by this server's pages or one of our clients: the
 * browser's `Sec-Fetch-Site: same-origin`, an `Origin` of ours, or the clients' own header
 * ({@link clientHeader}), which no page of another site can add without a preflight. A link, an
 * image or a form of another site carries none of them — even in a browser without Fetch Metadata.
 */
function sameOriginProven(c: Context<Env>, config: ServerConfig): boolean {
  if (requestHeader(c, clientHeader) !== undefined) return true;
  if (requestHeader(c, 'sec-fetch-site')?.toLowerCase() === 'same-origin') return true;
  const origin = requestHeader(c, 'origin');
  return origin !== undefined && originAllowed(origin, c, config);
}

/**
 * For a state change made by a GET (the spec's validate, reopen, undo-transfer paths): refuses it
 * (403) unless it is proven same-origin, as {@link refuseForgedRequests} does for every other method.
 *
 * @example app.get('/api/cases/case/validate/:id', (c) => { assertSameOriginChange(c, ctx.config); … });
 */
export function assertSameOriginChange(c: Context<Env>, config: ServerConfig): void {
  refuseForeign(c, config);
  if (!sameOriginProven(c, config)) throw fail(403, t(c.get('lang'), 'msg.crossOrigin'));
}

/**
 * Refuses forged state-changing requests (any method but GET/HEAD/OPTIONS; the GETs that change
 * state call {@link assertSameOriginChange}), before they reach a route or a session:
 * - a request another site's page could have made → 403 (`Origin` not ours, `Sec-Fetch-Site`
 *   cross-site or same-site);
 * - a body must be JSON (`Content-Type: application/json`) → else 415: an HTML form can only send
 *   `text/plain`, `multipart/form-data` or `application/x-www-form-urlencoded`, and a page's
 *   `fetch` with JSON across origins needs a CORS preflight the server never grants;
 * - and it must prove it is same-origin (`Sec-Fetch-Site: same-origin`, our `Origin`, or the
 *   clients' header `X-TB-Client`) → else 403: a browser without Fetch Metadata, or a script, says
 *   nothing else that a page could not forge.
 *
 * @example
 *   app.use('/api/*', refuseForgedRequests(ctx.config));
 */
export const refuseForgedRequests = (config: ServerConfig): MiddlewareHandler<Env> => async (c, next) => {
  if (safeMethods.has(c.req.method)) return next();
  const lang = c.get('lang');
  refuseForeign(c, config);
  const type = requestHeader(c, 'content-type');
  const hasBody = Number(requestHeader(c, 'content-length') ?? 0) > 0 || requestHeader(c, 'transfer-encoding') !== undefined;
  if (type ? !isJsonType(type) : hasBody) throw fail(415, t(lang, 'msg.notJson'));
  if (!sameOriginProven(c, config)) throw fail(403, t(lang, 'msg.crossOrigin'));
  await next();
};
