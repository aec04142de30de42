/**
 * `GET /metrics`: this process's metrics in Prometheus text, for a scraper at an allowed address
 * (`TB_METRICS_ALLOW`: addresses and subnets, comma-separated; the machine itself by default) or
 * bearing the token (`TB_METRICS_TOKEN`, `Authorization: Bearer …`). Anyone else: 403. Behind a
 * proxy (`TB_TRUST_PROXY`) the address is the one the proxy saw, so a request through it is not the
 * machine's own; the proxy should not pass `/metrics` at all (docs/production.md).
 */
import { timingSafeEqual } from 'node:crypto';
import { BlockList, isIP } from 'node:net';
import type { Context, Hono } from 'hono';
import { clientIp } from '../http/client-ip.ts';
import type { AppContext, Env } from '../types.ts';

/**
 * The addresses and subnets of a comma-separated list.
 * @example allowList('127.0.0.1, 10.0.0.0/8, ::1').check('10.1.2.3', 'ipv4') // true
 */
export function allowList(entries: string[]): BlockList {
  const list = new BlockList();
  for (const entry of entries) {
    const [address, bits] = entry.split('/');
    const type = isIP(address) === 6 ? 'ipv6' : 'ipv4';
    if (!isIP(address)) throw new Error(`TB_METRICS_ALLOW: ${entry} is not an address or a subnet`);
    if (bits === undefined) list.addAddress(address, type);
    else list.addSubnet(address, Number(bits), type);
  }
  return list;
}

/** An IPv4 client on a dual-stack socket shows as `::ffff:10.1.2.3`. */
const plain = (address: string) => address.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/, '');

/**
 * Whether this request may read the metrics.
 * @example mayScrape(c, ctx.config, allowList(['127.0.0.1'])) // true for a local scraper
 */
export function mayScrape(c: Context<Env>, config: AppContext['config'], allowed: BlockList): boolean {
  const auth = c.req.header('authorization') ?? '';
  if (config.metricsToken && auth.startsWith('Bearer ')) {
    const given = Buffer.from(auth.slice(7));
    const token = Buffer.from(config.metricsToken);
    if (given.length === token.length && timingSafeEqual(given, token)) return true;
  }
  const address = plain(clientIp(c, config.trustProxy));
  const type = isIP(address) === 6 ? 'ipv6' : isIP(address) === 4 ? 'ipv4' : undefined;
  return !!type && allowed.check(address, type);
}

/**
 * The metrics route.
 * @example metricsRoutes(app, ctx) // GET /metrics → tb_http_requests_total{…} …
 */
export function metricsRoutes(app: Hono<Env>, ctx: AppContext): void {
  const allowed = allowList(ctx.config.metricsAllow);
  app.get('/metrics', async (c) => {
    if (!mayScrape(c, ctx.config, allowed)) return c.text('Forbidden: not an address of TB_METRICS_ALLOW and no TB_METRICS_TOKEN\n', 403);
    c.header('Content-Type', ctx.metrics.registry.contentType);
    c.header('Cache-Control', 'no-store');
    return c.body(await ctx.metrics.registry.metrics());
  });
}
