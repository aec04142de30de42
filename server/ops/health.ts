/**
 * Health for a load balancer and a monitor (no session needed, never refused for load):
 * - `GET /api/health` and `GET /api/health/live`: the process answers (liveness; no database asked);
 * - `GET /api/health/ready`: whether to send it requests — 200 `ready` (or `degraded`: a check that
 *   is not fatal failed), 503 `not ready` (the database unreachable, a migration missing or one this
 *   build does not know) or `stopping` (SIGTERM received: finish what is running, take nothing new).
 *   Checks: the database, the migrations, the tag sandbox's role (the catalogues module's), the read
 *   replica's lag (`TB_REPLICA_MAX_LAG`, 60 s).
 */
import { sql } from 'kysely';
import { kysely } from '../db/kysely.ts';
import { appliedMigrations } from '../db/orm.ts';
import { replicaLagSeconds } from '../metrics/database.ts';
import type { AppContext, HealthCheck } from '../types.ts';
import { defineRoute, rule, type DeclaredRoute } from '../http/define-route.ts';

/** How long one check may take before it counts as failed. */
const checkMs = 2000;

const within = <T>(p: Promise<T>, ms = checkMs): Promise<T> =>
  Promise.race([p, new Promise<T>((_, reject) => setTimeout(() => reject(new Error(`no answer in ${ms} ms`)), ms).unref())]);

async function check(fatal: boolean, run: () => Promise<HealthCheck>): Promise<HealthCheck> {
  try {
    return { ...(await within(run())), fatal };
  } catch (e) {
    return { ok: false, fatal, detail: (e as Error).message };
  }
}

/**
 * The readiness checks and the status they make.
 * @example (await readiness(ctx)).status // 'ready'
 */
export async function readiness(ctx: AppContext): Promise<{ status: 'ready' | 'degraded' | 'not ready' | 'stopping'; checks: Record<string, HealthCheck> }> {
  const checks: Record<string, HealthCheck> = {};
  checks.database = await check(true, async () => {
    const started = performance.now();
    await sql`select 1`.execute(kysely(ctx.orm.em.fork()));
    return { ok: true, ms: Math.round(performance.now() - started) };
  });
  if (checks.database.ok) {
    checks.migrations = await check(true, async () => {
      const applied = new Set(await appliedMigrations(ctx.orm));
      const known = new Set(ctx.lifecycle.migrations);
      const pending = [...known].filter((m) => !applied.has(m)).length;
      const unknown = [...applied].filter((m) => !known.has(m)).length;
      return { ok: pending === 0 && unknown === 0, applied: applied.size, pending, unknown, ...(unknown ? { detail: 'the database has migrations this release does not know: a newer release migrated it' } : {}) };
    });
    for (const m of ctx.modules.list) if (m.health) Object.assign(checks, await within(m.health(ctx)).catch((e) => ({ [m.name]: { ok: false, detail: (e as Error).message } })));
  }
  if (ctx.readOrm !== ctx.orm) {
    const maxLag = Number(process.env.TB_REPLICA_MAX_LAG ?? 60);
    checks.replica = await check(false, async () => {
      const lag = await replicaLagSeconds(ctx);
      return { ok: lag === undefined || lag <= maxLag, lagSeconds: lag ?? null, ...(lag === undefined ? { detail: 'not a standby' } : {}) };
    });
  }
  const values = Object.values(checks);
  const status = ctx.lifecycle.stopping ? 'stopping' : values.some((c) => !c.ok && c.fatal) ? 'not ready' : values.some((c) => !c.ok) ? 'degraded' : 'ready';
  return { status, checks };
}

/**
 * The health routes.
 * @example healthRoutes(app, ctx) // GET /api/health/ready → 200 {status: 'ready', checks: {…}}
 */
export function healthRoutes(ctx: AppContext): DeclaredRoute[] {
  return [
  defineRoute({ method: 'GET', path: '/api/health', rule: rule.public, summary: 'Liveness (no session)', handler: (c) => c.json({ ok: true }) }),
  defineRoute({ method: 'GET', path: '/api/health/live', rule: rule.public, summary: 'Liveness (no session)', handler: (c) => c.json({ ok: true }) }),
  defineRoute({ method: 'GET', path: '/api/health/ready', rule: rule.public, summary: 'Readiness: the database answers and migrations ran', handler: async (c) => {
    const r = await readiness(ctx);
    c.header('Cache-Control', 'no-store');
    return c.json(r, r.status === 'ready' || r.status === 'degraded' ? 200 : 503);
  } }),
  ];
}
