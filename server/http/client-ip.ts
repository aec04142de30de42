import type { Context } from 'hono';
import type { Env } from '../types.ts';
import { requestHeader } from './request-header.ts';

/**
 * The client's address: the socket's, or — behind a reverse proxy (`TB_TRUST_PROXY=true`) — the last
 * entry of X-Forwarded-For, the address the proxy itself saw. Earlier entries are whatever the
 * client sent (a proxy appends to the header it received), so they could dodge per-address limits.
 *
 * @example clientIp(c, true) // 'X-Forwarded-For: 6.6.6.6, 10.0.0.7' → '10.0.0.7'
 */
export function clientIp(c: Context<Env>, trustProxy: boolean): string {
  const forwarded = trustProxy ? requestHeader(c, 'x-forwarded-for')?.split(',').at(-1)?.trim() : undefined;
  return (forwarded || (c.env as any)?.incoming?.socket?.remoteAddress || '').slice(0, 64);
}
