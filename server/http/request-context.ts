import type { MiddlewareHandler } from 'hono';
import { routePath } from 'hono/route';
import type { AppContext, Env } from '../types.ts';
import { log, requestStore } from '../log.ts';
import { isUuid } from './errors.ts';
import { answerHeader } from './answer-headers.ts';
import { requestHeader } from './request-header.ts';

/**
 * The request's id: the `X-Request-Id` a trusted proxy set (nginx's `$request_id`, 32 hex digits,
 * written as a uuid) when `TB_TRUST_PROXY` is on, else a new uuid — never one a client chose, since
 * it names the error log's row.
 * @example requestId('0f5e3c2a9b8d4e6f8a1b2c3d4e5f6a7b', true) // '0f5e3c2a-9b8d-4e6f-8a1b-2c3d4e5f6a7b'
 */
export function requestId(header: string | undefined, trustProxy: boolean): string {
  const given = trustProxy ? header?.trim().toLowerCase() : undefined;
  if (given && isUuid(given)) return given;
  if (given && /^[0-9a-f]{32}$/.test(given)) return `${given.slice(0, 8)}-${given.slice(8, 12)}-${given.slice(12, 16)}-${given.slice(16, 20)}-${given.slice(20)}`;
  return crypto.randomUUID();
}

/**
 * Gives the request its id (the `X-Request-Id` answer header, `c.get('requestId')`, every log line
 * written while it is served) and logs one line when it is answered: method, route (the registered
 * pattern: `/api/tbl/:table/:id`), path (unless a token is in it), status, milliseconds, user; and
 * counts it in the metrics by method, route and status.
 * @example app.use('*', requestContext(ctx))
 */
export const requestContext = (ctx: AppContext): MiddlewareHandler<Env> => async (c, next) => {
  const id = requestId(requestHeader(c, 'x-request-id'), ctx.config.trustProxy);
  c.set('requestId', id);
  answerHeader(c, 'X-Request-Id', id);
  const started = performance.now();
  await requestStore.run({ id }, async () => {
    try {
      await next();
    } finally {
      // a stopping process serves what reached it, and tells the client not to send more on this connection
      if (ctx.lifecycle.stopping) answerHeader(c, 'Connection', 'close');
      const route = routePath(c);
      const ms = performance.now() - started;
      const labels = { method: c.req.method, route, status: String(c.res.status) };
      ctx.metrics.requests.inc(labels);
      ctx.metrics.requestSeconds.observe(labels, ms / 1000);
      if (log.isLevelEnabled('info')) log.info({ method: c.req.method, route, path: route.includes(':token') ? route : c.req.path, status: c.res.status, ms: Math.round(ms) }, 'request');
    }
  });
};
