/**
 * The database's side of the metrics: the PostgreSQL pool (connections in use, idle, waited for,
 * and how long a query waited for one), how far the change feed trails its writers, and how far a
 * read replica trails its primary. Read when Prometheus scrapes, a few cheap statements.
 */
import { sql } from 'kysely';
import { Gauge } from 'prom-client';
import { kysely } from '../db/kysely.ts';
import { pgPool, type Orm } from '../db/orm.ts';
import type { AppContext } from '../types.ts';
import type { Metrics } from './metrics.ts';

/**
 * Measures how long each connection request of the pool waited (kysely asks `pool.connect()`).
 * @example await timePoolWaits(ctx.orm, ctx.metrics)
 */
export async function timePoolWaits(orm: Orm, metrics: Metrics): Promise<void> {
  const pool = await pgPool(orm);
  if (!pool) return;
  const connect = pool.connect.bind(pool);
  const waited = (started: number) => metrics.poolWaitSeconds.observe((performance.now() - started) / 1000);
  pool.connect = (...args: unknown[]) => {
    if (args.length) return connect(...args);
    // every query asks for a connection: timed with a clock read and one observation, no timer object
    const started = performance.now();
    return (connect() as Promise<unknown>).then(
      (client) => (waited(started), client),
      (error: unknown) => {
        waited(started);
        throw error;
      },
    );
  };
}

/**
 * Seconds since the oldest change the feed still holds back (committed, but behind a transaction
 * still running: docs/sync-feed.md); 0 when clients can read every committed change. One index
 * probe per workspace.
 * @example await feedLagSeconds(ctx) // 0
 */
export async function feedLagSeconds(ctx: AppContext): Promise<number> {
  const { rows } = await sql<{ lag: string | null }>`
    with h as (select pg_snapshot_xmin(pg_current_snapshot())::text::bigint as horizon)
    select extract(epoch from now() - min(oldest))::text as lag
      from h, workspace w, lateral (select min(c.changed_at) as oldest from changelog c where c.workspace_id = w.id and c.tx_key >= h.horizon) o`.execute(kysely(ctx.orm.em.fork()));
  return Math.max(0, Number(rows[0]?.lag ?? 0));
}

/**
 * Seconds the read replica (`DATABASE_READ_URL`) trails its primary: 0 when it has replayed all it
 * received, undefined when there is no replica or the database there is not a standby.
 * @example await replicaLagSeconds(ctx) // 0.4
 */
export async function replicaLagSeconds(ctx: AppContext): Promise<number | undefined> {
  if (ctx.readOrm === ctx.orm) return undefined;
  const { rows } = await sql<{ standby: boolean; lag: string | null }>`
    select pg_is_in_recovery() as standby,
           case when pg_last_wal_receive_lsn() = pg_last_wal_replay_lsn() then 0
                else extract(epoch from now() - pg_last_xact_replay_timestamp()) end::text as lag`.execute(kysely(ctx.readOrm.em.fork()));
  return rows[0]?.standby ? Math.max(0, Number(rows[0].lag ?? 0)) : undefined;
}

/**
 * Registers the gauges read at each scrape and starts timing pool waits.
 * @example await watchDatabase(ctx)
 */
export async function watchDatabase(ctx: AppContext): Promise<void> {
  const { metrics } = ctx;
  const r = [metrics.registry];
  await timePoolWaits(ctx.orm, metrics);
  const pool = await pgPool(ctx.orm);
  new Gauge({
    name: 'tb_db_pool_connections',
    help: 'PostgreSQL pool connections of this process: in use, idle, max; and queries waiting for one',
    labelNames: ['state'],
    registers: r,
    collect() {
      if (!pool) return;
      this.set({ state: 'in_use' }, pool.totalCount - pool.idleCount);
      this.set({ state: 'idle' }, pool.idleCount);
      this.set({ state: 'max' }, pool.options.max);
      this.set({ state: 'waiting' }, pool.waitingCount);
    },
  });
  new Gauge({
    name: 'tb_change_feed_lag_seconds',
    help: 'Age of the oldest committed change the change feed still holds back behind a running transaction',
    registers: r,
    async collect() {
      this.set(await feedLagSeconds(ctx).catch(() => Number.NaN));
    },
  });
  if (ctx.readOrm !== ctx.orm) {
    new Gauge({
      name: 'tb_replica_lag_seconds',
      help: 'How far the read replica (DATABASE_READ_URL) trails its primary; NaN when unreachable or not a standby',
      registers: r,
      async collect() {
        this.set((await replicaLagSeconds(ctx).catch(() => undefined)) ?? Number.NaN);
      },
    });
  }
}
