// Background jobs across process deaths and restarts (server/jobs/): a server
// process running a job is killed (SIGKILL: no goodbye) — after its lease runs out another process
// takes the job over and resumes after the last committed batch, none done twice; a process told to
// stop (SIGTERM) ends its batch in hand, queues the job again and exits 0, and the next process
// resumes it. The processes are real ones (tests/helpers/job-process.ts: the server with the test
// kind `test.count`, whose batches leave a row each in `jobtest`).
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rootDir } from '../../server/config.ts';
import { batchesDone, jobRow } from '../helpers/jobs.ts';
import { dropTestDatabase } from '../helpers/pg.ts';
import { queryOnce } from '../helpers/pg-query.ts';
import { seededDatabase } from '../helpers/server.ts';
import { childEnv, spawnServer, type ServerProcess } from '../helpers/server-process.ts';

let databaseUrl: string;
const started: ServerProcess[] = [];

const start = async () => {
  const p = await spawnServer(process.execPath, ['--import', 'tsx', 'tests/helpers/job-process.ts'], {
    cwd: rootDir,
    env: childEnv({ DATABASE_URL: databaseUrl, TB_SEED_DEMO: 'false', TB_JOB_LEASE_SECONDS: '3', TB_JOB_POLL_MS: '200' }),
  });
  started.push(p);
  return p;
};

const query = <T extends pg.QueryResultRow>(text: string, params: unknown[] = []) => queryOnce<T>(databaseUrl, text, params);

/** Queues a `test.count` job straight in the database, as another process would. */
const queue = async (batches: number, sleepMs: number) =>
  (await query<{ id: string }>(`insert into job (id, kind, state, params, done, attempts) values (gen_random_uuid(), 'test.count', 'queued', $1, 0, 0) returning id`, [JSON.stringify({ batches, sleepMs })]))[0].id;

const until = async (check: () => Promise<boolean>, ms = 60_000) => {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error('condition not reached');
    await new Promise((r) => setTimeout(r, 100));
  }
};

beforeAll(async () => {
  databaseUrl = await seededDatabase('jobs_process');
  await query('create table jobtest (job_id uuid not null, n int not null, owner text not null, at timestamptz not null default clock_timestamp())');
  await query('create table jobtest_fail (job_id uuid not null, n int not null)');
}, 180_000);

afterAll(async () => {
  await Promise.all(started.map((p) => p.stop('SIGKILL')));
  if (databaseUrl) await dropTestDatabase(databaseUrl);
});

describe('a running job', () => {
  it('survives its process being killed: another process takes it over after the lease and resumes without redoing a batch', async () => {
    const a = await start();
    const id = await queue(12, 300);
    await until(async () => (await jobRow(databaseUrl, id)).done >= 3);
    expect(await a.stop('SIGKILL')).toBeNull();
    const atDeath = await jobRow(databaseUrl, id);
    // dead, it still looks running, held by the dead process until its lease runs out
    expect(atDeath).toMatchObject({ state: 'running', attempts: 1 });
    expect(atDeath.locked_by).toMatch(new RegExp(`^${a.child.pid}:`));
    const b = await start();
    await until(async () => (await jobRow(databaseUrl, id)).state === 'done');
    expect(await jobRow(databaseUrl, id)).toMatchObject({ state: 'done', done: 12, total: 12, attempts: 2, locked_by: null });
    const done = await batchesDone(databaseUrl, id);
    // every batch once: those the dead process committed were not done again, the rest by the new one
    expect(done.map((x) => [x.n, x.times])).toEqual(Array.from({ length: 12 }, (_, n) => [n, 1]));
    const owners = done.map((x) => x.owners[0].split(':')[0]);
    expect(owners.slice(0, atDeath.done)).toEqual(Array(atDeath.done).fill(String(a.child.pid)));
    expect(owners.slice(atDeath.done)).toEqual(Array(12 - atDeath.done).fill(String(b.child.pid)));
    await b.stop('SIGTERM');
  });

  it('stops at a batch boundary on SIGTERM (exit 0, the job queued again where it stood) and the next process resumes it', async () => {
    const a = await start();
    const id = await queue(10, 400);
    await until(async () => (await jobRow(databaseUrl, id)).done >= 2);
    expect(await a.stop('SIGTERM')).toBe(0);
    const left = await jobRow(databaseUrl, id);
    expect(left).toMatchObject({ state: 'queued', locked_by: null, cursor: { n: left.done } });
    expect(left.done).toBeLessThan(10);
    expect((await batchesDone(databaseUrl, id)).length).toBe(left.done);
    const b = await start();
    await until(async () => (await jobRow(databaseUrl, id)).state === 'done');
    expect((await batchesDone(databaseUrl, id)).map((x) => [x.n, x.times])).toEqual(Array.from({ length: 10 }, (_, n) => [n, 1]));
    await b.stop('SIGTERM');
  });
});
