import type { Context } from 'hono';
import type { Env } from './context.ts';

/**
 * The client's address: the socket's, or — behind a reverse proxy (`TB_TRUST_PROXY=true`) — the first
 * of X-Forwarded-For, which a client could otherwise forge to dodge per-address limits.
 */
export function clientIp(c: Context<Env>, trustProxy: boolean): string {
  const forwarded = trustProxy ? c.req.header('x-forwarded-for')?.split(',')[0]?.trim() : undefined;
  return (forwarded || (c.env as any)?.incoming?.socket?.remoteAddress || '').slice(0, 64);
}
