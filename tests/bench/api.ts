/**
 * `npm run bench:api`: requests/s of an authenticated `POST /api/tbl/source/query` (50 rows) on the
 * real server, against plain `pg` on `node:http` running the same SQL — the session check and the
 * list and its bounded count, as the endpoint runs per request — and against those alone; and the ratios.
 * All run on the same throwaway PostgreSQL, with the load in a worker thread: each warmed up
 * (BENCH_WARMUP s), then in rounds (BENCH_ROUNDS, 35) of a turn each (BENCH_SECONDS, 1 s).
 */
import { clientHeader } from '../../engine/client-header.ts';
import { createHash } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { startServer } from '../../app/start.ts';
import { kysely } from '../../server/db/kysely.ts';
import { benchDatabase } from './database.ts';
import { demoWorkspaceId } from './demo-cases.ts';
import { finishBench } from './finish.ts';
import { startLoad, type LoadResult } from './load.ts';
import { postgresCpu } from './process-cpu.ts';
import { signIn } from './sign-in.ts';
import { jobsSettled } from '../helpers/jobs.ts';

const seconds = Number(process.env.BENCH_SECONDS ?? 1);
const rounds = Number(process.env.BENCH_ROUNDS ?? 35);
const warmup = Number(process.env.BENCH_WARMUP ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 16);

const { databaseUrl, postgres } = await benchDatabase('bench', { keepable: false });
const server = await startServer({ databaseUrl, port: 0, host: '127.0.0.1', seedDemo: true });
// the jobs a start queues (the demo's derived values) run in the server's process: measured beside
// them, the platform paid for work the plain servers never do
await jobsSettled(server.ctx, 600_000);
const em = server.ctx.orm.em.fork();
const ws = await demoWorkspaceId(kysely(em));
await kysely(em).insertInto('source').values(Array.from({ length: 60 }, (_, i) => ({ id: crypto.randomUUID(), workspace_id: ws, short_name: `B${i}`, name: `Источник ${String(i).padStart(2, '0')}`, active: true }))).execute();

const cookie = await signIn(server.url);
const body = JSON.stringify({ page: 1, pageSize: 50 });
const check = await (await fetch(`${server.url}/api/tbl/source/query`, { method: 'POST', headers: { 'content-type': 'application/json', [clientHeader]: '1', cookie }, body })).json();
if (check.list.length !== 50) throw new Error(`expected 50 rows, got ${check.list.length}`);

// The same statements the endpoint runs, sent the same way, on a plain pg pool behind node:http: the
// session row by its token hash (prepared once per connection, as server/auth/load-session.ts sends
// it; the identity is memoised, as on the platform), then the page and its bounded count.
const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
const sessionSql = `select id, user_id, userws_id, workspace_id, language, last_access from syssession
  where token_hash = $1 and logout_date is null`;
const listSql = `select t.id, t.version, t.updated_at, t.short_name, t.name, t.custom_id, t.active
  from source as t where t.workspace_id = $1 order by t.name asc, t.id asc limit $2 offset $3`;
// the count is a statement of its own, bounded (as TableStore.query counts)
const countSql = `select count(*)::int as n from (select 1 from source as t where t.workspace_id = $1 limit 10001) m`;
const plainServer = (checkSession: boolean) => createServer(async (req, res) => {
  let raw = '';
  for await (const chunk of req) raw += chunk;
  const { page, pageSize } = JSON.parse(raw);
  if (checkSession) {
    const token = decodeURIComponent(/tbsid=([^;]+)/.exec(req.headers.cookie ?? '')?.[1] ?? '');
    const s = await pool.query({ name: 'session', text: sessionSql, values: [createHash('sha256').update(token).digest('hex')] });
    if (!s.rows.length) return void res.writeHead(401).end();
  }
  const r = await pool.query(listSql, [ws, pageSize, (page - 1) * pageSize]);
  const n = Number((await pool.query(countSql, [ws])).rows[0].n);
  const list = r.rows.map(({ short_name, custom_id, updated_at, ...rest }) => ({ ...rest, updatedAt: updated_at, shortName: short_name, customId: custom_id ?? undefined }));
  res.setHeader('content-type', 'application/json');
  res.end(JSON.stringify({ count: Math.min(n, 10000), countCapped: n > 10000, list, next: null }));
});
const listen = async (server: ReturnType<typeof createServer>) => {
  server.keepAliveTimeout = 65_000; // as the platform's (server/start.ts): the load's connections stay open between turns on all three
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
};
const sameSql = plainServer(true);
const listOnly = plainServer(false);
const sameSqlUrl = await listen(sameSql);
const listOnlyUrl = await listen(listOnly);

const ourUrl = `${server.url}/api/tbl/source/query`;
// Each server warms up until its JIT has settled (the platform runs more code, so it needs longer
// than the 2 s it once had: its rate still rose by a third after that), then the rounds below.
const load = startLoad();
for (const url of [ourUrl, sameSqlUrl, listOnlyUrl]) await load.run({ url, body, cookie, connections, seconds: warmup });
// The servers' thread's CPU time per request (the load runs in a worker): what the platform adds to
// the same SQL, whatever else the machine is doing (a rate on a busy machine is indicative only).
// Beside it, what the load's thread and PostgreSQL spent a request: the three share the machine's
// cores, so each one's CPU a request bounds the rate.
type Turn = LoadResult & { cpuUs: number; loadUs: number; pgUs?: number };
const database = await postgresCpu(databaseUrl);
const turn = async (url: string): Promise<Turn> => {
  const before = process.threadCpuUsage();
  const pgBefore = database.read();
  const r = await load.run({ url, body, cookie, connections, seconds });
  const cpu = process.threadCpuUsage(before);
  const pgUsed = database.usedSince(pgBefore);
  const n = Math.max(1, r.requests + r.errors);
  return { ...r, cpuUs: (cpu.user + cpu.system) / n, loadUs: r.loadCpuUs / n, pgUs: pgUsed === undefined ? undefined : pgUsed / n };
};
const turns: Record<'ours' | 'same' | 'list', Turn[]> = { ours: [], same: [], list: [] };
// each round runs the three back to back, in turn in one order and the reverse (none always first,
// right after the load of another), and its ratio is the platform's rate to the same SQL's in that
// round: a slow patch of the machine slows both sides of a ratio, so the median of the rounds' ratios
// moves far less than a ratio of rates taken at different moments
const urls = { ours: ourUrl, same: sameSqlUrl, list: listOnlyUrl };
for (let i = 0; i < rounds; i++) {
  const order = (['ours', 'same', 'list'] as const).slice();
  if (i % 2) order.reverse();
  for (const k of order) turns[k].push(await turn(urls[k]));
}
const middle = (values: number[]) => [...values].sort((x, y) => x - y)[Math.floor(values.length / 2)];
const median = (rs: Turn[]) => [...rs].sort((x, y) => x.perSecond - y.perSecond)[Math.floor(rs.length / 2)];
const medianOf = (rs: Turn[], of: (r: Turn) => number | undefined) => {
  const values = rs.map(of).filter((v): v is number => v !== undefined);
  return values.length ? middle(values) : undefined;
};
const medianCpu = (rs: Turn[]) => medianOf(rs, (r) => r.cpuUs)!;
const [ours, same, list] = [median(turns.ours), median(turns.same), median(turns.list)];
const ratios = turns.ours.map((r, i) => r.perSecond / turns.same[i].perSecond);
const listRatios = turns.ours.map((r, i) => r.perSecond / turns.list[i].perSecond);

const line = (label: string, r: { perSecond: number; errors: number }, rs: Turn[]) => console.log(`  ${label.padEnd(58)} ${r.perSecond.toFixed(0).padStart(6)} req/s, ${medianCpu(rs).toFixed(0).padStart(5)} µs CPU a request (${r.errors} errors)`);
console.log(`\nPOST /api/tbl/source/query, 50 rows, ${connections} connections; ${warmup} s warm-up each, then ${rounds} rounds of a ${seconds} s turn each (medians)`);
line('platform (Hono, session, permission, validation, Kysely)', ours, turns.ours);
line('plain pg on node:http, same SQL (session row + list)', same, turns.same);
line('plain pg on node:http, the list SQL alone (no session)', list, turns.list);
console.log('  both run 3 statements a request: the session by its hash (prepared), the page, its bounded count');
const us = (v: number | undefined) => (v === undefined ? '?' : v.toFixed(0));
for (const [label, rs] of [['platform', turns.ours], ['same SQL', turns.same], ['list alone', turns.list]] as const) {
  console.log(`  CPU a request (µs), ${label.padEnd(10)}: server ${us(medianCpu(rs))}, load ${us(medianOf(rs, (r) => r.loadUs))}, PostgreSQL ${us(medianOf(rs, (r) => r.pgUs))}`);
}
const sorted = [...ratios].sort((x, y) => x - y);
const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))].toFixed(2);
console.log(`  ratio to the same SQL, median of the rounds: ${middle(ratios).toFixed(2)} (aim ≥ 0.85; the rounds' quartiles ${at(0.25)} / ${at(0.5)} / ${at(0.75)}, from ${at(0)} to ${at(1)}); CPU a request, platform to same SQL: ${(medianCpu(turns.ours) / medianCpu(turns.same)).toFixed(2)}×`);
console.log(`  ratio to the list alone, median of the rounds: ${middle(listRatios).toFixed(2)}\n`);

await finishBench(postgres, [() => load.close(), () => sameSql.close(), () => listOnly.close(), () => pool.end(), () => server.close()]);
