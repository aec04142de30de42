import type { MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { t } from '../../engine/i18n.ts';
import type { Env } from './context.ts';
import { fail } from './errors.ts';

/**
 * Refuses a request body over `maxBytes` with 413 `{errors}` before anything reads it (by its
 * Content-Length, or while a chunked body streams in).
 *
 * @example
 *   app.use('/api/*', limitBody(2 * 1024 * 1024));
 */
export const limitBody = (maxBytes: number): MiddlewareHandler<Env> =>
  bodyLimit({
    maxSize: maxBytes,
    onError: (c) => {
      throw fail(413, t(c.get('lang'), 'msg.tooLarge', { max: `${Math.round(maxBytes / 1024)} KB` }));
    },
  });
