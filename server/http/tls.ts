import type { Context } from 'hono';
import type { Env } from '../types.ts';
import { requestHeader } from './request-header.ts';

/**
 * Whether the request reached the server over TLS: an `https:` URL, or — behind a trusted reverse
 * proxy (`TB_TRUST_PROXY=true`) — `X-Forwarded-Proto: https` (its first value).
 *
 * @example
 *   setCookie(c, name, token, { secure: isTls(c, ctx.config.trustProxy) });
 */
export function isTls(c: Context<Env>, trustProxy: boolean): boolean {
  if (c.req.url.startsWith('https:')) return true;
  return trustProxy && requestHeader(c, 'x-forwarded-proto')?.split(',')[0]?.trim().toLowerCase() === 'https';
}

/**
 * The host (with its port, when not the default one) the client addressed: the URL's, or behind a
 * trusted proxy the first `X-Forwarded-Host`.
 *
 * @example
 *   requestHost(c, false) // 'localhost:3000'
 */
export function requestHost(c: Context<Env>, trustProxy: boolean): string {
  const forwarded = trustProxy ? requestHeader(c, 'x-forwarded-host')?.split(',')[0]?.trim() : undefined;
  return (forwarded || new URL(c.req.url).host).toLowerCase();
}
