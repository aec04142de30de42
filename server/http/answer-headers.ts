import type { ServerResponse } from 'node:http';
import type { Context } from 'hono';
import type { Env } from '../types.ts';

/**
 * Sets a header of the answer without a web `Headers` object: on Node (@hono/node-server hands the
 * request's `outgoing` response to the app) straight on the response, merged into whatever the
 * handler answers — a header the handler answers itself wins; elsewhere through Hono's `c.header`.
 * Hono's own way builds an undici `Headers` for the answer (a twentieth of the CPU of a small list).
 * @example answerHeader(c, 'X-Request-Id', id)
 */
export function answerHeader(c: Context<Env>, name: string, value: string): void {
  const outgoing = (c.env as { outgoing?: ServerResponse } | undefined)?.outgoing;
  if (outgoing && !outgoing.headersSent) outgoing.setHeader(name, value);
  else c.header(name, value);
}
