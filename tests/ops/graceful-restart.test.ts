// A rolling restart under load: two server processes on one database behind a balancer
// that checks their readiness (tests/helpers/proxy.ts); SIGTERM to one of them while requests stream
// in and some of its requests are still running (held by a lock): it says `stopping` at once (the
// balancer takes it out), stops listening after TB_SHUTDOWN_DELAY, lets its running requests finish,
// closes its pool and exits 0. Not one request fails.
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { rootDir } from '../../server/config.ts';
import { dropTestDatabase } from '../helpers/pg.ts';
import { balancer, type Proxy } from '../helpers/proxy.ts';
import { ApiClient, seededDatabase } from '../helpers/server.ts';
import { childEnv, spawnServer, type ServerProcess } from '../helpers/server-process.ts';

let databaseUrl: string;
let a: ServerProcess;
let b: ServerProcess;
let proxy: Proxy;

beforeAll(async () => {
  databaseUrl = await seededDatabase('graceful');
  const start = () =>
    spawnServer(process.execPath, ['--import', 'tsx', 'app/production.ts'], {
      cwd: rootDir,
      env: childEnv({ DATABASE_URL: databaseUrl, PORT: '0', HOST: '127.0.0.1', TB_SEED_DEMO: 'false', TB_SHUTDOWN_DELAY: '3' }),
    });
  [a, b] = await Promise.all([start(), start()]);
  proxy = await balancer([a.url, b.url]);
}, 180_000);

afterAll(async () => {
  await proxy?.close();
  await Promise.all([a?.stop('SIGKILL'), b?.stop('SIGTERM')]);
  if (databaseUrl) await dropTestDatabase(databaseUrl);
});

describe('SIGTERM to one of two processes under load', () => {
  it('fails no request: the stopping one finishes its running requests, the other takes the new ones', async () => {
    const admin = new ApiClient(proxy.url);
    expect((await admin.post('/api/auth/login', { login: 'ADMIN', password: 'Admin123' })).status).toBe(200);
    const statuses: number[] = [];
    let loading = true;
    const screens = ['/api/tbl/unit/query', '/api/tbl/source/query', '/api/tbl/adminunit/query'];
    const load = Promise.all(
      Array.from({ length: 6 }, async (_, w) => {
        for (let i = w; loading; i++) statuses.push((await admin.post(screens[i % screens.length], {})).status);
      }),
    );
    const db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
    try {
      await vi.waitFor(() => expect(statuses.length).toBeGreaterThan(30), { timeout: 60_000 });
      expect(proxy.answered.get(a.url)).toBeGreaterThan(0);
      // three requests of process A wait on a lock: they are running when the signal comes
      await db.query('begin');
      await db.query('lock table tbcase in access exclusive mode');
      const onA = new ApiClient(a.url);
      expect((await onA.post('/api/auth/login', { login: 'DOCTOR1', password: 'Doctor123' })).status).toBe(200);
      const running = Array.from({ length: 3 }, () => onA.post('/api/tbl/tbcase/query', {}));
      await vi.waitFor(async () => {
        // inside a transaction PostgreSQL reads pg_stat_activity once and keeps that snapshot: clear it
        // each time, or the count stays at the waiters of the first look (1 or 2 under a loaded CI)
        await db.query('select pg_stat_clear_snapshot()');
        const { rows } = await db.query("select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'");
        expect(rows[0].n).toBe(3);
      }, { timeout: 15_000 });
      a.child.kill('SIGTERM');
      // readiness says stopping: the balancer takes A out, then A stops listening
      await vi.waitFor(() => expect(proxy.isUp(a.url)).toBe(false), { timeout: 15_000 });
      await vi.waitFor(() => expect(a.output()).toMatch(/"msg":"stopping: no new connections/), { timeout: 15_000 });
      await vi.waitFor(() => expect(fetch(`${a.url}/api/health/live`)).rejects.toThrow(), { timeout: 15_000 });
      // the load goes on, now answered by B alone
      // (counted at the balancer: a worker's status lands in `statuses` a moment after the balancer
      // counted its answer, so the statuses' growth may run a few answers ahead of B's)
      const answeredByB = proxy.answered.get(b.url)!;
      await vi.waitFor(() => expect(proxy.answered.get(b.url)! - answeredByB).toBeGreaterThan(30), { timeout: 60_000 });
      // A still serves its running requests: they finish once the lock goes
      await db.query('commit');
      for (const r of await Promise.all(running)) expect(r.status).toBe(200);
      expect(await a.exited()).toBe(0);
      expect(a.output()).toMatch(/"msg":"stopped"/);
    } finally {
      loading = false;
      await db.query('rollback').catch(() => {});
      await db.end();
    }
    await load;
    expect(statuses.filter((s) => s !== 200)).toEqual([]);
  });
});
