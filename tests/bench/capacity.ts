/**
 * `npm run bench:load [N] [--processes=1,2] [--rates=20,40,…] [--seconds=20]`: the capacity of the
 * server — the highest offered rate a process answers with no error and a p99 ≤ 300 ms, and
 * the same with two processes on one database.
 *
 * Each server is a process of its own (`node --import tsx app/production.ts`, the production
 * settings: overload limits, pool of 10, log level warn) on PostgreSQL; the load comes from another
 * process (tests/bench/open-loop.ts), open loop: requests leave at the offered rate whatever the
 * answers, in turn to each server (as a balancer would), each timed from when it was due, 30 s at
 * most. The mix, over the generated cases in turn, 40 signed-in sessions: the four calls a case page
 * makes (the case, its actions, its latest results, its data tab's form) and one save in ten (a
 * comment on the case: its row, history entry and change-feed row). Rates go up in steps until one
 * fails twice in a row (an error, or p99 above 300 ms: one failure may be a spike of the machine's
 * other work); the figure is the highest rate that passed.
 *
 * The database: `BENCH_DATABASE_URL` (kept between runs: N cases, default 100 000, are generated
 * only when the demo workspace has fewer), else a throwaway PostgreSQL. The load generator shares
 * the machine's cores: say how many and how loaded it was when quoting the figures.
 * @example BENCH_DATABASE_URL=postgres://postgres@127.0.0.1:55432/bench_load npm run bench:load -- 100000
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { startServer } from '../../app/start.ts';
import { rootDir } from '../../server/config.ts';
import { kysely } from '../../server/db/kysely.ts';
import { benchDatabase } from './database.ts';
import { fillDemoCases } from './demo-cases.ts';
import { finishBench } from './finish.ts';
import { signIn } from './sign-in.ts';
import type { OpenLoopPlan, OpenLoopResult, PlannedRequest } from './open-loop.ts';

const arg = (name: string) => process.argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];
const N = Number(process.argv.find((a) => /^\d+$/.test(a)) ?? 100_000);
const processCounts = (arg('processes') ?? '1,2').split(',').map(Number);
const rates = (arg('rates') ?? '20,40,60,80,100,130,160,200,250,300,400').split(',').map(Number);
const seconds = Number(arg('seconds') ?? 20);
const SESSIONS = 40;
const P99_GOAL = 300;

const { databaseUrl, postgres } = await benchDatabase('bench_load');
// the data, made in this process once
{
  const server = await startServer({ databaseUrl, port: 0, host: '127.0.0.1', seedDemo: true, demoCases: 0 });
  const db = kysely(server.ctx.orm.em.fork());
  const { generated } = await fillDemoCases(db, N, 'L');
  if (generated) for (const table of ['patient', 'tbcase', 'caseanalytic']) await sql`vacuum analyze ${sql.table(table)}`.execute(db);
  await server.close();
}

/** A free TCP port on 127.0.0.1. */
const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });

/** The server processes running: stopped however this process ends. */
const children = new Set<ChildProcess>();
process.on('exit', () => {
  for (const c of children) c.kill('SIGKILL');
});
for (const sig of ['SIGINT', 'SIGTERM'] as const) process.on(sig, () => process.exit(1));

/** Starts a server process and answers once it is ready. */
async function startProcess(): Promise<{ url: string; child: ChildProcess }> {
  const port = await freePort();
  const env: NodeJS.ProcessEnv = { ...process.env, DATABASE_URL: databaseUrl, PORT: String(port), HOST: '127.0.0.1', TB_SEED_DEMO: 'false', TB_LOG_LEVEL: 'warn', NODE_ENV: 'production' };
  delete env.DATABASE_READ_URL;
  const child = spawn(process.execPath, ['--import', 'tsx', 'app/production.ts'], { cwd: rootDir, env, stdio: ['ignore', 'ignore', 'inherit'] });
  children.add(child);
  child.once('exit', () => children.delete(child));
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 600; i++) {
    if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode})`);
    const ready = await fetch(`${url}/api/health/ready`).then((r) => r.status === 200, () => false);
    if (ready) return { url, child };
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('the server did not get ready in 120 s');
}

/** Runs the load generator, a process of its own, on `plan`. */
function openLoop(plan: OpenLoopPlan): Promise<OpenLoopResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', join(rootDir, 'tests/bench/open-loop.ts')], { cwd: rootDir, stdio: ['pipe', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (b: Buffer) => (out += b.toString()));
    child.once('exit', (code) => (code === 0 ? resolve(JSON.parse(out) as OpenLoopResult) : reject(new Error(`the load generator exited ${code}`))));
    child.stdin.end(JSON.stringify(plan));
  });
}

/** The mix: per case, its page's four reads, and a comment on every tenth case's turn. */
async function mix(): Promise<PlannedRequest[]> {
  const { Client } = (await import('pg')).default;
  const c = new Client({ connectionString: databaseUrl });
  await c.connect();
  // cases spread over the table (a random sample, the same between runs)
  const ids = (await c.query<{ id: string }>('select id from tbcase order by md5(id::text) limit 2000')).rows.map((r) => r.id);
  await c.end();
  const out: PlannedRequest[] = [];
  ids.forEach((id, i) => {
    const e = encodeURIComponent(id);
    out.push(
      { kind: 'case', method: 'GET', path: `/api/tbl/case/${e}` },
      { kind: 'actions', method: 'GET', path: `/api/tbl/tbcase/${e}/actions` },
      { kind: 'latest', method: 'GET', path: `/api/cases/case/followups/${e}/latest` },
      { kind: 'form', method: 'GET', path: `/api/tbl/case/form/readonly/${e}` },
    );
    if (i % 2 === 0) out.push({ kind: 'save', method: 'POST', path: '/api/tbl/casecomment', body: { caseId: id, group: 'DATA', comment: `Нагрузка ${i}` } });
  });
  return out;
}

const requests = await mix();
console.log(`\nbench:load — ${N} cases, ${cpus().length} cores (${cpus()[0]?.model ?? '?'}), load average at start ${loadavg().map((x) => x.toFixed(1)).join(' ')}`);
console.log(`mix: ${requests.length} requests in turn (case page: case, actions, latest, form; 1 in 9 a save), ${SESSIONS} sessions, ${seconds} s per rate, open loop, 30 s timeout\n`);
const best: Record<number, number> = {};
for (const count of processCounts) {
  const servers = await Promise.all(Array.from({ length: count }, startProcess));
  // one after another: sign-ins from one address at once would meet the per-address limit
  const cookies: string[] = [];
  for (let i = 0; i < SESSIONS; i++) cookies.push(await signIn(servers[i % count].url));
  // warm up: a few seconds at a low rate
  await openLoop({ targets: servers.map((s) => s.url), cookies, rate: 20, seconds: 5, timeoutMs: 30_000, requests });
  console.log(`${count} process${count > 1 ? 'es' : ''}:`);
  console.log('  req/s  answered  errors            p50     p95     p99     max  (ms)  generator late by');
  let failedInARow = 0;
  for (const rate of rates) {
    const r = await openLoop({ targets: servers.map((s) => s.url), cookies, rate, seconds, timeoutMs: 30_000, requests });
    const errs = Object.entries(r.errors).map(([k, n]) => `${n}×${k}`).join(' ') || '0';
    const pass = r.ok === r.offered && r.p99 <= P99_GOAL;
    console.log(`  ${String(rate).padStart(5)}  ${`${r.ok}/${r.offered}`.padStart(9)}  ${errs.padEnd(14)} ${[r.p50, r.p95, r.p99, r.max].map((x) => x.toFixed(0).padStart(7)).join(' ')}        ${r.sendLagMax.toFixed(0)} ms${pass ? '' : '   ✗'}  load ${loadavg()[0].toFixed(1)}`);
    if (pass) best[count] = rate;
    failedInARow = pass ? 0 : failedInARow + 1;
    if (failedInARow === 2) break;
  }
  for (const s of servers) {
    s.child.kill('SIGTERM');
    await new Promise((r) => s.child.once('exit', r));
  }
  console.log(`  → highest rate with 0 errors and p99 ≤ ${P99_GOAL} ms: ${best[count] ?? 'none'} req/s\n`);
}
if (best[1] && best[2]) console.log(`two processes / one: ${(best[2] / best[1]).toFixed(2)}× (goal ≥ 1.7×)`);
console.log(`load average at the end ${loadavg().map((x) => x.toFixed(1)).join(' ')}`);
await finishBench(postgres);
