import type { IncomingMessage } from 'node:http';
import type { Context } from 'hono';
import { parse } from 'hono/utils/cookie';
import { cookieName } from '../auth/tokens.ts';
import type { Env } from '../types.ts';

/**
 * A header of the request, read on Node straight from the request Node parsed (`incoming`, which
 * @hono/node-server hands the app: names lower-cased, repeated headers joined) — Hono's
 * `c.req.header` builds a web `Headers` view and checks the name on every read, about a fiftieth of
 * the CPU of a small list when the middleware read their dozen; elsewhere through Hono.
 * @example requestHeader(c, 'Content-Type') // 'application/json'
 */
export function requestHeader(c: Context<Env>, name: string): string | undefined {
  const incoming = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming;
  if (!incoming) return c.req.header(name);
  const value = incoming.headers[name.toLowerCase()];
  return Array.isArray(value) ? value.join(', ') : value;
}

/**
 * The session cookie's token, read once a request (the load limit and the session check both need
 * it): undefined without one.
 * @example sessionToken(c) // 'p3bN…'
 */
export function sessionToken(c: Context<Env>): string | undefined {
  let token = c.get('sessionToken');
  if (token === undefined) c.set('sessionToken', (token = readToken(c) ?? null));
  return token ?? undefined;
}

/** The session cookie of the Cookie header, parsed as Hono's `getCookie` parses it. */
const readToken = (c: Context<Env>): string | undefined => parse(requestHeader(c, 'cookie') ?? '', cookieName)[cookieName];
