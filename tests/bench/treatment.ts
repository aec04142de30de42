/**
 * `npm run bench:treatment [N]`: the treatment tab at national scale. Fills the demo workspace of a
 * throwaway PostgreSQL (or of `BENCH_DATABASE_URL`, kept between runs, as `bench:cases` does: only
 * what it lacks is generated) with N (default 1,000,000) generated patients and cases, gives every
 * case on treatment that has none a 24-month treatment with its daily intake calendar
 * (`cases/treatment/generate.ts`: about N/3 cases, 24 rows each), then times through the API, as the workspace administrator, loading the
 * treatment tab of a case with 24 months of intake (`GET /api/cases/case/treatment/{id}`) and saving
 * one month of its calendar (`POST …/followup`: an update of that month's row, its history entry and
 * the alert column); beside them, by hand on plain `pg`, a unit's first page of cases on treatment
 * with the adherence alert of each row (`ALERT_SQL_TEXT`). p50/p95 of 60 requests each. Goal:
 * each p95 ≤ 50 ms.
 */
import { clientHeader } from '../../engine/client-header.ts';
import pg from 'pg';
import { sql } from 'kysely';
import { ALERT_SQL_TEXT } from '../../cases/treatment/alert.ts';
import { generateTreatments } from '../../cases/treatment/generate.ts';
import { startServer } from '../../app/start.ts';
import { kysely } from '../../server/db/kysely.ts';
import { benchDatabase } from './database.ts';
import { fillDemoCases } from './demo-cases.ts';
import { finishBench } from './finish.ts';
import { signIn } from './sign-in.ts';
import { percentiles, timeIt } from './timing.ts';

const N = Number(process.argv.find((a) => /^\d+$/.test(a)) ?? 1_000_000);
const RUNS = 60;
const GOAL = 50;

const { databaseUrl, postgres } = await benchDatabase('bench_treatment');
const server = await startServer({ databaseUrl, port: 0, host: '127.0.0.1', seedDemo: true, demoCases: 0 });
const db = kysely(server.ctx.orm.em.fork());
const { ws } = await fillDemoCases(db, N);
const started = Date.now();
const treated = await generateTreatments(db, ws, { onProgress: (done) => process.stdout.write(`\r  generating treatments ${done}`) });
for (const table of ['tbcase', 'treatment', 'prescription', 'treatunit', 'adherence']) await sql`vacuum analyze ${sql.table(table)}`.execute(db);
const months = (await sql<{ n: number }>`select count(*)::int as n from adherence`.execute(db)).rows[0].n;
console.log(`\n  ${treated} treatments, ${months} months of daily intake generated in ${((Date.now() - started) / 1000).toFixed(0)} s`);

const admin = await signIn(server.url);

// Cases on treatment with all 24 months recorded (started more than 25 months ago), at random.
const sample = (
  await sql<{ id: string; ini: string }>`select t.id, t.ini_treatment_date::text as ini from tbcase t
    where t.workspace_id = ${ws} and t.state = 'ONTREATMENT' and t.ini_treatment_date < current_date - interval '25 months'
      and (select count(*) from adherence a where a.case_id = t.id) >= 24
    order by md5(t.id::text) limit ${RUNS}`.execute(db)
).rows;
if (!sample.length) throw new Error('no case on treatment with 24 months of intake: raise N');
let i = 0;
const next = () => sample[i++ % sample.length];

const load = async () => {
  const c = next();
  const r = await fetch(`${server.url}/api/cases/case/treatment/${c.id}`, { headers: { cookie: admin } });
  if (r.status !== 200) throw new Error(`load ${c.id}: ${r.status} ${await r.text()}`);
  const v = await r.json();
  if (!v.started || v.followup.length < 24) throw new Error(`load ${c.id}: ${v.followup?.length} months`);
};

// The third month of treatment (whole, in the period and past), its days alternating between two fillings.
let flip = 0;
const save = async () => {
  const c = next();
  const [y, m] = c.ini.split('-').map(Number);
  const total = y * 12 + (m - 1) + 2;
  const year = Math.floor(total / 12);
  const month = (total % 12) + 1;
  const length = new Date(Date.UTC(year, month, 0)).getUTCDate();
  flip++;
  const days = Array.from({ length }, (_, d) => ({ day: d + 1, status: (d + flip) % 9 === 0 ? 'NOT_TAKEN' : flip % 2 ? 'DOTS' : 'SELF_ADMIN' }));
  const r = await fetch(`${server.url}/api/cases/case/treatment/followup`, { method: 'POST', headers: { 'content-type': 'application/json', [clientHeader]: '1', cookie: admin }, body: JSON.stringify({ caseId: c.id, year, month, days }) });
  if (r.status !== 200) throw new Error(`save ${c.id} ${year}-${month}: ${r.status} ${await r.text()}`);
};

const pool = new pg.Pool({ connectionString: databaseUrl, max: 4 });
const unit = (await pool.query(`select owner_unit_id from tbcase where workspace_id = $1 and state = 'ONTREATMENT' group by 1 order by count(*) desc limit 1`, [ws])).rows[0].owner_unit_id;
const activePage = async () => {
  await pool.query(`select t.id, t.case_number, ${ALERT_SQL_TEXT} as alert from tbcase t where t.workspace_id = $1 and t.owner_unit_id = $2 and t.state = 'ONTREATMENT' order by t.registration_date desc, t.id desc limit 50`, [ws, unit]);
};

console.log(`\nTreatment on ${N.toLocaleString('en')} cases, ${RUNS} runs each, p50 / p95 in ms`);
const report = async (label: string, work: () => Promise<void>, goal?: number) => {
  for (let k = 0; k < 5; k++) await work();
  const p = percentiles(await timeIt(work, RUNS));
  const verdict = goal === undefined ? '' : `   goal ≤ ${goal}: ${p.p95 <= goal ? 'ok' : `OVER ${goal} ms`}`;
  console.log(`  ${label.padEnd(70)} ${p.p50.toFixed(1).padStart(6)} / ${p.p95.toFixed(1).padStart(6)}${verdict}`);
};
await report('load the treatment tab (24 months of daily intake), API', load, GOAL);
await report("save one month's calendar, API", save, GOAL);
await report("a unit's first page of cases on treatment with their alert, plain pg", activePage);

await finishBench(postgres, [() => pool.end(), () => server.close()]);
