// Health for a load balancer and metrics for Prometheus: liveness without the database;
// readiness from the database, the migrations, the tag sandbox's role and a replica's lag, 503 when
// the process must not be sent requests; `/metrics` counting requests by route and status, the pool,
// the feed's lag, synchronisations and tag refreshes, open only to allowed addresses or the token.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../app/start.ts';
import { clientHeader } from '../../engine/client-header.ts';
import { kysely } from '../../server/db/kysely.ts';
import { knownMigrations } from '../../server/db/orm.ts';
import { sample } from '../helpers/metrics.ts';
import { dropTestDatabase } from '../helpers/pg.ts';
import { seededDatabase } from '../helpers/server.ts';
import { withTimeout } from '../helpers/timeout.ts';
import { admin, server, useTestServer } from '../helpers/use-server.ts';

useTestServer();
const db = () => kysely(server.ctx.orm.em.fork());
const get = (url: string, headers: Record<string, string> = {}) => fetch(url, { headers });
const metrics = async (url = server.url) => {
  const r = await get(`${url}/metrics`);
  expect(r.status).toBe(200);
  return r.text();
};

describe('liveness and readiness', () => {
  it('live answers without asking the database; ready lists its checks, all passing', async () => {
    expect(await (await get(`${server.url}/api/health/live`)).json()).toEqual({ ok: true });
    const r = await get(`${server.url}/api/health/ready`);
    expect(r.status).toBe(200);
    const body = await r.json();
    expect(body.status).toBe('ready');
    expect(body.checks.database).toMatchObject({ ok: true, fatal: true });
    // the 49 files of server/db/migrations at the time of writing, and every one applied
    expect(knownMigrations().length).toBeGreaterThanOrEqual(49);
    expect(body.checks.migrations).toMatchObject({ ok: true, applied: knownMigrations().length, pending: 0, unknown: 0 });
    expect(body.checks.sandbox).toEqual({ ok: true });
  });

  it('is 503 while the database holds a migration this release does not know (a newer release migrated it)', async () => {
    await sql`insert into mikro_orm_migrations (name, executed_at) values ('Migration29990101000000_from_a_newer_release', now())`.execute(db());
    try {
      const r = await get(`${server.url}/api/health/ready`);
      expect(r.status).toBe(503);
      expect(await r.json()).toMatchObject({ status: 'not ready', checks: { migrations: { ok: false, unknown: 1, pending: 0 } } });
    } finally {
      await sql`delete from mikro_orm_migrations where name = 'Migration29990101000000_from_a_newer_release'`.execute(db());
    }
    expect((await get(`${server.url}/api/health/ready`)).status).toBe(200);
  });

  it('is 503 "stopping" once the process began to stop, while live still answers', async () => {
    server.ctx.lifecycle.stopping = true;
    try {
      const r = await get(`${server.url}/api/health/ready`);
      expect(r.status).toBe(503);
      expect((await r.json()).status).toBe('stopping');
      expect((await get(`${server.url}/api/health/live`)).status).toBe(200);
    } finally {
      server.ctx.lifecycle.stopping = false;
    }
  });
});

describe('/metrics', () => {
  it('counts each request by method, route pattern and status, with its duration', async () => {
    const labels = { method: 'POST', route: '/api/tbl/:table/query', status: '200' };
    const before = sample(await metrics(), 'tb_http_requests_total', labels) ?? 0;
    for (const table of ['source', 'unit', 'source']) expect((await admin.post(`/api/tbl/${table}/query`, {})).status).toBe(200);
    expect((await admin.post('/api/tbl/nosuchtable/query', {})).status).toBe(404);
    const text = await metrics();
    expect(sample(text, 'tb_http_requests_total', labels)).toBe(before + 3);
    expect(sample(text, 'tb_http_request_duration_seconds_count', labels)).toBe(before + 3);
    expect(sample(text, 'tb_http_request_duration_seconds_bucket', { ...labels, le: '+Inf' })).toBe(before + 3);
    expect(sample(text, 'tb_http_requests_total', { ...labels, status: '404' })).toBeGreaterThanOrEqual(1);
  });

  it('shows the pool (ten connections at most, none waiting when idle), the feed lag and the process', async () => {
    const text = await metrics();
    expect(sample(text, 'tb_db_pool_connections', { state: 'max' })).toBe(10);
    expect(sample(text, 'tb_db_pool_connections', { state: 'waiting' })).toBe(0);
    expect(sample(text, 'tb_db_pool_wait_seconds_count')).toBeGreaterThan(0);
    expect(sample(text, 'tb_change_feed_lag_seconds')).toBeGreaterThanOrEqual(0);
    expect(sample(text, 'tb_process_resident_memory_bytes')).toBeGreaterThan(0);
  });

  it('counts a feed pull and the rows it carried', async () => {
    const before = await metrics();
    const pull = await admin.post('/api/sync/changes', { after: '0.0', limit: 50 });
    expect(pull.status).toBe(200);
    const after = await metrics();
    expect(sample(after, 'tb_sync_requests_total', { kind: 'pull' })).toBe((sample(before, 'tb_sync_requests_total', { kind: 'pull' }) ?? 0) + 1);
    expect(sample(after, 'tb_sync_rows_total', { kind: 'pulled' })).toBe((sample(before, 'tb_sync_rows_total', { kind: 'pulled' }) ?? 0) + pull.body.changes.length);
    expect(pull.body.changes.length).toBeGreaterThan(0);
  });

  it('times the refresh of an automatic tag saved over its workspace', async () => {
    const count = async () => sample(await metrics(), 'tb_tag_refresh_duration_seconds_count', { scope: 'tag' }) ?? 0;
    const before = await count();
    const tag = await admin.post('/api/tbl/tag', { name: 'Метрика: закрытые', active: true, consistencyCheck: false, autoGenerated: true, sqlCondition: "tbcase.state = 'CLOSED'" });
    expect(tag.status, JSON.stringify(tag.body)).toBe(200);
    expect(await count()).toBe(before + 1);
  });
});

describe('who may read /metrics, and a replica in the readiness', () => {
  let b: RunningServer;
  let primaryUrl: string;
  let replicaUrl: string;
  beforeAll(async () => {
    primaryUrl = await seededDatabase('ownprimary');
    replicaUrl = await seededDatabase('notastandby');
    b = await startServer({ databaseUrl: primaryUrl, databaseReadUrl: replicaUrl, port: 0, host: '127.0.0.1', seedDemo: false, trustProxy: true, metricsAllow: ['10.0.0.0/8'], metricsToken: 'scrape-token-0123456789' });
  });
  afterAll(async () => {
    // its primary was dropped under it: the server still closes (drain, jobs, pools), and promptly
    if (b) await withTimeout(b.close().catch(() => {}), 60_000, 'closing the server whose primary database was dropped');
    if (replicaUrl) await dropTestDatabase(replicaUrl);
    if (primaryUrl) await dropTestDatabase(primaryUrl);
  });

  it('answers an allowed subnet and the token; 403 to any other address and to a wrong token', async () => {
    const status = async (headers: Record<string, string>) => (await get(`${b.url}/metrics`, headers)).status;
    expect(await status({ 'x-forwarded-for': '10.20.30.40' })).toBe(200);
    expect(await status({ 'x-forwarded-for': '203.0.113.5' })).toBe(403);
    // the machine itself is not in this server's list, and a proxy's client is whoever it says
    expect(await status({})).toBe(403);
    expect(await status({ 'x-forwarded-for': '10.1.1.1, 203.0.113.5' })).toBe(403);
    expect(await status({ 'x-forwarded-for': '203.0.113.5', authorization: 'Bearer scrape-token-0123456789' })).toBe(200);
    expect(await status({ 'x-forwarded-for': '203.0.113.5', authorization: 'Bearer scrape-token-0123456780' })).toBe(403);
    expect(await status({ 'x-forwarded-for': '203.0.113.5', authorization: 'Bearer scrape-token' })).toBe(403);
  });

  it('checks the replica: a database that is not a standby is reported, not fatal', async () => {
    const r = await get(`${b.url}/api/health/ready`);
    expect(r.status).toBe(200);
    expect(await r.json()).toMatchObject({ status: 'ready', checks: { replica: { ok: true, fatal: false, lagSeconds: null, detail: 'not a standby' } } });
    const text = await (await get(`${b.url}/metrics`, { authorization: 'Bearer scrape-token-0123456789' })).text();
    expect(text).toMatch(/^tb_replica_lag_seconds nan$/im);
  });

  it('is 503 "not ready" when its database cannot be reached', async () => {
    await dropTestDatabase(primaryUrl);
    const r = await get(`${b.url}/api/health/ready`, { [clientHeader]: '1' });
    expect(r.status).toBe(503);
    expect(await r.json()).toMatchObject({ status: 'not ready', checks: { database: { ok: false, fatal: true } } });
    expect((await get(`${b.url}/api/health/live`)).status).toBe(200);
  });
});
