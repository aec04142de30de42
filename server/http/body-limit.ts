import type { Context, MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { t } from '../../engine/i18n.ts';
import type { Env } from '../types.ts';
import { fail } from './errors.ts';
import { requestHeader } from './request-header.ts';

/**
 * Refuses a request body over `maxBytes` with 413 `{errors}` before anything reads it (by its
 * Content-Length, or while a chunked body streams in).
 *
 * @example
 *   app.use('/api/*', limitBody(2 * 1024 * 1024));
 */
export const limitBody = (maxBytes: number): MiddlewareHandler<Env> => {
  const tooLarge = (c: Context<Env>) => {
    throw fail(413, t(c.get('lang'), 'msg.tooLarge', { max: `${Math.round(maxBytes / 1024)} KB` }));
  };
  const streamed = bodyLimit({ maxSize: maxBytes, onError: tooLarge });
  return async (c, next) => {
    // Decided by the headers when they can: Hono's bodyLimit first asks for `c.req.raw.body`, which
    // turns the node request into a web Request and its body into a web stream (about a tenth of the
    // CPU of a small list request); only a chunked body needs counting while it streams in.
    const length = requestHeader(c, 'content-length');
    if (length !== undefined && requestHeader(c, 'transfer-encoding') === undefined) return Number(length) > maxBytes ? tooLarge(c) : next();
    if (c.req.method === 'GET' || c.req.method === 'HEAD') return next();
    return streamed(c, next);
  };
};
