// The background job runner (server/jobs/): a job's batches each in their own
// transaction with its cursor, claimed by one process at a time, a failed batch recorded and a retry
// continuing after the last committed batch, administrators' list, cancel and retry under the system
// permission, and the tb_jobs_* metrics. Process deaths and SIGTERM: tests/ops/jobs-process.test.ts.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startServer, type RunningServer } from '../../app/start.ts';
import { kysely } from '../../server/db/kysely.ts';
import type { JobRunner } from '../../server/jobs/runner.ts';
import { claimJob, enqueueJob } from '../../server/jobs/store.ts';
import { log } from '../../server/log.ts';
import { deadlockedWith } from '../helpers/deadlock.ts';
import { batchesDone, countingKind, createTraceTables, jobRow, jobsSettled } from '../helpers/jobs.ts';
import { sample } from '../helpers/metrics.ts';
import { createUser } from '../helpers/users.ts';
import { admin, server, useTestServer } from '../helpers/use-server.ts';
import type { ApiClient } from '../helpers/server.ts';

useTestServer({ jobs: { leaseSeconds: 2, pollMs: 100 } });

const db = () => kysely(server.ctx.orm.em.fork());
/** Queues a `test.count` job of `batches` batches through this process's runner. */
const queue = async (batches: number, sleepMs = 0) => (await server.ctx.jobs.enqueue({ kind: 'test.count', params: { batches, sleepMs } })).id;
const until = async (check: () => Promise<boolean>, ms = 30_000) => {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('condition not reached');
    await new Promise((r) => setTimeout(r, 50));
  }
};

let other: RunningServer;
let clerk: ApiClient;
beforeAll(async () => {
  await createTraceTables(db());
  server.ctx.jobs.register(countingKind(() => server.ctx.jobs.owner));
  // a second process on the same database, knowing the same kind
  other = await startServer({ databaseUrl: server.databaseUrl, port: 0, host: '127.0.0.1', seedDemo: false, outboxDir: `.tmp/outbox-${process.pid}`, jobs: { leaseSeconds: 2, pollMs: 100 } });
  other.ctx.jobs.register(countingKind(() => other.ctx.jobs.owner));
  // a workspace administrator without the system administrator role: every workspace permission, no SYSSETUP
  clerk = await createUser(server, admin, 'JOBCLERK', [{ permission: 'USERS' }, { permission: 'CMDHISTORY' }]);
}, 120_000);
afterAll(() => other?.close());

describe('a job', () => {
  it('runs its batches once each, in order, its progress and cursor moving with them, and ends done', async () => {
    const id = await queue(5);
    await jobsSettled(server.ctx);
    expect(await batchesDone(server.databaseUrl, id)).toEqual([0, 1, 2, 3, 4].map((n) => ({ n, times: 1, owners: expect.any(Array) })));
    expect(await jobRow(server.databaseUrl, id)).toMatchObject({ state: 'done', done: 5, total: 5, attempts: 1, error: null, locked_by: null, cursor: { n: 5 } });
  });

  it('is claimed by one process only: of many claims at once from two processes, one gets it', async () => {
    const id = (await enqueueJob(db(), { kind: 'test.hold' })).id; // a kind no runner knows: only these claims see it
    const dbs = [server, other].map((s) => () => kysely(s.ctx.orm.em.fork()));
    const claims = await Promise.all(Array.from({ length: 12 }, (_, i) => claimJob(dbs[i % 2](), `claimer-${i}`, 30, ['test.hold'])));
    expect(claims.filter((c) => c?.id === id)).toHaveLength(1);
    // and while its lease holds nobody else takes it
    expect(await claimJob(db(), 'late', 30, ['test.hold'])).toBeUndefined();
    await sql`update job set state = 'cancelled' where id = ${id}`.execute(db());
  });

  it('of jobs queued while two processes run, each batch of each job is done exactly once', async () => {
    const ids = await Promise.all(Array.from({ length: 6 }, () => queue(4, 30)));
    other.ctx.jobs.wake();
    await jobsSettled(server.ctx);
    const owners = new Set<string>();
    for (const id of ids) {
      const done = await batchesDone(server.databaseUrl, id);
      expect(done.map((b) => [b.n, b.times])).toEqual([[0, 1], [1, 1], [2, 1], [3, 1]]);
      done.forEach((b) => b.owners.forEach((o) => owners.add(o)));
      expect((await jobRow(server.databaseUrl, id)).state).toBe('done');
    }
    // both processes did some of the work
    expect([...owners].sort()).toEqual([server.ctx.jobs.owner, other.ctx.jobs.owner].sort());
  });

  it('whose batch fails records the error and stops there; a retry continues from that batch, the earlier ones not redone', async () => {
    const id = crypto.randomUUID();
    await sql`insert into jobtest_fail (job_id, n) values (${id}, 2)`.execute(db());
    await sql`insert into job (id, kind, state, params, done, attempts) values (${id}, 'test.count', 'queued', '{"batches": 5}', 0, 0)`.execute(db());
    await jobsSettled(server.ctx);
    const failed = await jobRow(server.databaseUrl, id);
    expect(failed).toMatchObject({ state: 'failed', done: 2, cursor: { n: 2 }, locked_by: null });
    expect(failed.error).toMatch(/^planned failure at batch 2 \([0-9a-f-]{36}\)$/);
    // the failed batch's own write was rolled back with it
    expect((await batchesDone(server.databaseUrl, id)).map((b) => [b.n, b.times])).toEqual([[0, 1], [1, 1]]);
    // the error log has it, under the id the job names
    const logId = /\(([0-9a-f-]{36})\)$/.exec(failed.error!)![1];
    expect((await db().selectFrom('errorlog').select('exception_message').where('id', '=', logId).executeTakeFirst())?.exception_message).toBe('planned failure at batch 2');

    const listed = (await admin.get('/api/sys/jobs')).body.result.find((j: { id: string }) => j.id === id);
    expect(listed).toMatchObject({ kind: 'test.count', state: 'failed', done: 2, total: 5, attempts: 1, error: failed.error });

    await sql`delete from jobtest_fail where job_id = ${id}`.execute(db());
    expect((await admin.post(`/api/sys/jobs/${id}/retry`)).status).toBe(200);
    await jobsSettled(server.ctx);
    expect(await jobRow(server.databaseUrl, id)).toMatchObject({ state: 'done', done: 5, attempts: 2, error: null });
    expect((await batchesDone(server.databaseUrl, id)).map((b) => [b.n, b.times])).toEqual([[0, 1], [1, 1], [2, 1], [3, 1], [4, 1]]);
    // a done job is not retried, a cancelled one can be
    const again = await admin.post(`/api/sys/jobs/${id}/retry`);
    expect([again.status, again.body.errors[0].msg]).toEqual([409, 'Задание можно повторить только после ошибки или отмены; сейчас оно в состоянии «Выполнено»']);
  });

  it('whose batch PostgreSQL aborts as a deadlock\'s victim runs that batch again and ends done: no failure, no claim used, each batch once', async () => {
    vi.spyOn(log, 'warn');
    const id = crypto.randomUUID();
    await sql`insert into jobtest_gate (job_id) values (${id})`.execute(db());
    // the test holds the gate; the batch locks the job's row, then waits for the gate; the test then asks
    // for the job's row: a real deadlock whose victim is the batch's transaction
    await deadlockedWith(
      sql`select 1 from jobtest_gate where job_id = ${id} for update`,
      async () => {
        await sql`insert into job (id, kind, state, params, done, attempts) values (${id}, 'test.count', 'queued', '{"batches": 2, "gated": true}', 0, 0)`.execute(db());
        server.ctx.jobs.wake();
        other.ctx.jobs.wake();
      },
      sql`select 1 from job where id = ${id} for update`,
    );
    await jobsSettled(server.ctx);
    expect(await jobRow(server.databaseUrl, id)).toMatchObject({ state: 'done', done: 2, attempts: 1, error: null });
    expect((await batchesDone(server.databaseUrl, id)).map((b) => [b.n, b.times])).toEqual([[0, 1], [1, 1]]);
    const runAgain = vi.mocked(log.warn).mock.calls.filter(([, msg]) => String(msg).startsWith('write transaction aborted')).map(([fields]) => fields);
    expect(runAgain).toEqual([expect.objectContaining({ code: '40P01', attempt: 1, what: 'job test.count' })]);
    vi.restoreAllMocks();
  });

  it('cancelled by an administrator while it runs stops after its batch in hand; retried, it resumes there', async () => {
    const id = await queue(40, 100);
    await until(async () => (await jobRow(server.databaseUrl, id)).done >= 2);
    const cancel = await admin.post(`/api/sys/jobs/${id}/cancel`);
    expect(cancel.status).toBe(200);
    const stopped = await jobRow(server.databaseUrl, id);
    expect(stopped.state).toBe('cancelled');
    // the runner that held it lets it go (its next batch finds it cancelled): after that no batch of it can run
    await until(async () => ![server, other].some((p) => (p.ctx.jobs as JobRunner).current === id));
    // nothing ran after the cancel answered
    expect(await jobRow(server.databaseUrl, id)).toMatchObject({ state: 'cancelled', done: stopped.done });
    expect((await batchesDone(server.databaseUrl, id)).length).toBe(stopped.done);
    const twice = await admin.post(`/api/sys/jobs/${id}/cancel`);
    expect([twice.status, twice.body.errors[0].msg]).toEqual([409, 'Задание нельзя отменить: оно в состоянии «Отменено»']);
    expect((await admin.post(`/api/sys/jobs/${id}/retry`)).status).toBe(200);
    await jobsSettled(server.ctx);
    expect((await batchesDone(server.databaseUrl, id)).every((b) => b.times === 1)).toBe(true);
    expect(await jobRow(server.databaseUrl, id)).toMatchObject({ state: 'done', done: 40 });
  });
});

describe('the administrators\' API', () => {
  it('lists jobs newest first with who asked and when; unknown or malformed ids are 404', async () => {
    const r = await admin.get('/api/sys/jobs');
    expect(r.status).toBe(200);
    const created = r.body.result.map((j: { createdAt: string }) => j.createdAt);
    expect(created).toEqual([...created].sort().reverse());
    expect(r.body.result[0]).toEqual(expect.objectContaining({ id: expect.any(String), kind: expect.any(String), state: expect.any(String), startedAt: expect.anything() }));
    expect((await admin.post(`/api/sys/jobs/${crypto.randomUUID()}/cancel`)).status).toBe(404);
    expect((await admin.post('/api/sys/jobs/not-an-id/retry')).status).toBe(404);
  });

  it('refuses a user without the system permission (403), even a workspace administrator, and changes nothing', async () => {
    const id = (await enqueueJob(db(), { kind: 'test.hold' })).id;
    expect((await clerk.get('/api/sys/jobs')).status).toBe(403);
    expect((await clerk.post(`/api/sys/jobs/${id}/cancel`)).status).toBe(403);
    await sql`update userws set administrator = true where user_id in (select id from sysuser where login = 'JOBCLERK')`.execute(db());
    server.ctx.identities.clear();
    expect((await clerk.post(`/api/sys/jobs/${id}/cancel`)).status).toBe(403);
    expect((await jobRow(server.databaseUrl, id)).state).toBe('queued');
    expect((await server.anonymous().get('/api/sys/jobs')).status).toBe(401);
    await sql`update job set state = 'cancelled' where id = ${id}`.execute(db());
  });
});

describe('the metrics', () => {
  it('count finished jobs by kind and outcome, batches, durations, and the database\'s jobs by state', async () => {
    await server.ctx.jobs.countStates(true); // the runner counts them every 10 s
    const text = await (await fetch(`${server.url}/metrics`)).text();
    expect(sample(text, 'tb_jobs_finished_total', { kind: 'test.count', outcome: 'done' })).toBeGreaterThanOrEqual(3);
    expect(sample(text, 'tb_jobs_finished_total', { kind: 'test.count', outcome: 'failed' })).toBe(1);
    expect(sample(text, 'tb_jobs_batches_total', { kind: 'test.count' })).toBeGreaterThanOrEqual(5);
    expect(sample(text, 'tb_job_duration_seconds_count', { kind: 'test.count' })).toBeGreaterThanOrEqual(3);
    const counts = (await sql<{ state: string; n: number }>`select state, count(*)::int as n from job group by state`.execute(db())).rows;
    for (const { state, n } of counts) expect(sample(text, 'tb_jobs', { state }), state).toBe(n);
  });
});
