/**
 * `npm run bench:writes`: case saves in one workspace, through the API, on a throwaway PostgreSQL.
 * 200 generated cases in the demo workspace; each save is `POST /api/tbl/tbcase/{id}` with the
 * version the writer last saw, of two kinds: a new case number (the row, its version, its history
 * entry and its change-log row; no report variable changes, so the case's analytic row is left as it
 * is) and a new registration group (a report variable: the analytic row recomputed and the counts
 * cube moved in the same transaction). Prints, for each kind:
 * - the throughput (saves/s) of 20 writers at once — 20 logged-in clients, each editing its own 10
 *   cases, 30 saves each, one after another — so what they wait for is each other's transactions;
 *   and the CPU time the process (the server and its clients) spent per save in it: it moves less than
 *   the throughput with the other work of a shared machine, though it too grows with the load;
 * - the p50/p95 of a single save on an otherwise idle server (60 saves after 5 to warm up).
 * The figures depend on the machine: compare runs of the same machine, and repeat them. With
 * `BENCH_PG_STATS=1` each 20-writer phase also prints PostgreSQL's time per save by statement and what
 * the connections waited for (tests/bench/pg-stats.ts).
 */
import { clientHeader } from '../../engine/client-header.ts';
import { generateCases } from '../../cases/generate.ts';
import { startServer } from '../../app/start.ts';
import { kysely } from '../../server/db/kysely.ts';
import { benchDatabase } from './database.ts';
import { demoWorkspaceId } from './demo-cases.ts';
import { finishBench } from './finish.ts';
import { signIn } from './sign-in.ts';
import { percentiles, timeIt } from './timing.ts';
import { watchPostgres } from './pg-stats.ts';

const CASES = 200;
const WRITERS = 20;
const SAVES_EACH = 30;
const RUNS = 60;

const { databaseUrl, postgres } = await benchDatabase('bench_writes', { keepable: false });
const server = await startServer({ databaseUrl, port: 0, host: '127.0.0.1', seedDemo: true, demoCases: 0 });
const db = kysely(server.ctx.orm.em.fork());
const ws = await demoWorkspaceId(db);
await generateCases(db, ws, CASES, { numberPrefix: 'W-' });
// generated birth dates fall at random, some after the registration: born earlier, every save is valid
await db.updateTable('patient').set({ birth_date: '1950-01-01' }).where('workspace_id', '=', ws).execute();
const cases = (await db.selectFrom('tbcase').select(['id', 'version']).where('workspace_id', '=', ws).orderBy('id').execute()).map((r) => ({ id: r.id as string, version: Number(r.version) }));

let serial = 0;
/** What a save changes: a new case number, or the registration group (a report variable) switched. */
type Kind = 'caseNumber' | 'registrationGroup';
const groups = ['NEW', 'RELAPSE'];
/** Saves the change of `kind` with the version last seen, and keeps the version the save made. */
const save = async (cookie: string, c: { id: string; version: number }, kind: Kind) => {
  const change = kind === 'caseNumber' ? { caseNumber: `W-${++serial}` } : { registrationGroup: groups[++serial % 2] };
  const body = { ...change, version: c.version };
  const r = await fetch(`${server.url}/api/tbl/tbcase/${c.id}`, { method: 'POST', headers: { 'content-type': 'application/json', [clientHeader]: '1', cookie }, body: JSON.stringify(body) });
  if (r.status === 409) {
    // the save left the version where it was (the change was already the case's: nothing written) or
    // moved it further: the writer reads the version the refusal gives and saves again, as a user would
    const current = (await r.json()) as { result?: { version?: number } };
    if (!current.result?.version || current.result.version === c.version) throw new Error(`save ${c.id}: 409 at the version last seen`);
    c.version = current.result.version;
    retries++;
    return save(cookie, c, kind);
  }
  if (r.status !== 200) throw new Error(`save ${c.id}: ${r.status} ${await r.text()}`);
  await r.body?.cancel();
  c.version++;
};
let retries = 0;

const cookies = await Promise.all(Array.from({ length: WRITERS }, () => signIn(server.url)));
const writer = async (k: number, kind: Kind) => {
  const own = cases.filter((_, i) => i % WRITERS === k);
  for (let i = 0; i < SAVES_EACH; i++) await save(cookies[k], own[i % own.length], kind);
};
console.log(`\nCase saves in one workspace (${CASES} cases, PostgreSQL)`);
for (const kind of ['caseNumber', 'registrationGroup'] as Kind[]) {
  // warm up every writer's connection path once, then measure
  await Promise.all(cookies.map((cookie, k) => save(cookie, cases[k], kind)));
  const watch = process.env.BENCH_PG_STATS ? await watchPostgres(databaseUrl) : undefined;
  const t0 = performance.now();
  const cpu0 = process.cpuUsage();
  await Promise.all(cookies.map((_, k) => writer(k, kind)));
  const cpu = process.cpuUsage(cpu0);
  const seconds = (performance.now() - t0) / 1000;
  const pgReport = await watch?.report(WRITERS * SAVES_EACH);
  const alone = cases[0];
  for (let k = 0; k < 5; k++) await save(cookies[0], alone, kind);
  const p = percentiles(await timeIt(() => save(cookies[0], alone, kind), RUNS));
  console.log(`  a new ${kind === 'caseNumber' ? 'case number (no report variable)' : 'registration group (a report variable)'}:`);
  console.log(`    ${WRITERS} writers at once, ${WRITERS * SAVES_EACH} saves: ${((WRITERS * SAVES_EACH) / seconds).toFixed(0)} saves/s (${seconds.toFixed(1)} s)`);
  console.log(`      the process's CPU per save (the server and the 20 clients): ${((cpu.user + cpu.system) / 1000 / (WRITERS * SAVES_EACH)).toFixed(2)} ms`);
  console.log(`    one save on an idle server, p50 / p95 of ${RUNS}: ${p.p50.toFixed(1)} / ${p.p95.toFixed(1)} ms`);
  if (retries) console.log(`    (${retries} saves refused as stale and saved again at the version the refusal gave)`);
  if (pgReport) console.log(pgReport);
  retries = 0;
}

await finishBench(postgres, [() => server.close()]);
