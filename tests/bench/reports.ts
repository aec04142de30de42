/**
 * `npm run bench:reports [N] [--explain]`: the case reports of issue 22 at national scale, each
 * through the API beside the same SQL run by hand on the same connection — p50/p95 of a 2-variable
 * indicator (gender × classification, the workspace: goal ≤ 300 ms and ≤ 1.3× the hand SQL; the API
 * sums the counts cube, the hand SQL groups every case), the drill-through of its largest cell, the
 * live workspace dashboard (the starter reports: ≤ 1.5 s), an area's dashboard, the advanced search's
 * first page with 3 filters (≤ 20 ms) and its count apart (bounded at 100 ms; a summary declared without
 * a `counter` is counted the same bounded way), the side menu's summary counts and a summary's first page, and the WHO quarterly forms of
 * issue 23 for a year, the workspace (TB 07 registration and TB 08 outcome cohorts: the four quarters
 * of 2024, ≤ 2 s each year), beside a hand count of the same quarters by group and site.
 *
 * The database: `BENCH_DATABASE_URL` (kept between runs: N cases are generated only when the demo
 * workspace has fewer), else a throwaway PostgreSQL. One million-row benchmark at a time on a shared
 * machine (`ps aux | grep bench`).
 */
import pg from 'pg';
import { sql } from 'kysely';
import { clientHeader } from '../../engine/client-header.ts';
import { generateCases } from '../../cases/generate.ts';
import { startServer } from '../../app/start.ts';
import { starterReports } from '../../reports/cases/starter.ts';
import { kysely } from '../../server/db/kysely.ts';
import { benchDatabase } from './database.ts';
import { percentiles, timeIt } from './timing.ts';

const N = Number(process.argv.find((a) => /^\d+$/.test(a)) ?? 1_000_000);
const explain = process.argv.includes('--explain');

const { databaseUrl, postgres } = await benchDatabase('bench_reports');
const server = await startServer({ databaseUrl, port: 0, host: '127.0.0.1', seedDemo: true });
const db = kysely(server.ctx.orm.em.fork());
const ws = (await db.selectFrom('workspace').select('id').orderBy('created_at').executeTakeFirstOrThrow()).id as string;
const count = async () => Number((await db.selectFrom('tbcase').select(sql<number>`count(*)::int`.as('n')).where('workspace_id', '=', ws).executeTakeFirstOrThrow()).n);
const have = await count();
if (have < N) {
  const started = Date.now();
  await generateCases(db, ws, N - have, { onProgress: (done) => process.stdout.write(`\r  generating ${done} / ${N - have}`) });
  console.log(`\n  ${N - have} patients and cases generated in ${((Date.now() - started) / 1000).toFixed(0)} s`);
}
for (const table of ['patient', 'tbcase', 'casecount', 'casecube']) await sql`vacuum analyze ${sql.table(table)}`.execute(db);
const cases = await count();

const r = await fetch(`${server.url}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json', [clientHeader]: '1' }, body: JSON.stringify({ login: 'ADMIN', password: 'Admin123' }) });
const cookie = r.headers.get('set-cookie')!.split(';')[0];
const post = (path: string, body: object = {}) => async () => {
  const res = await fetch(server.url + path, { method: 'POST', headers: { 'content-type': 'application/json', [clientHeader]: '1', cookie }, body: JSON.stringify(body) });
  if (res.status !== 200) throw new Error(`${path}: ${res.status} ${(await res.text()).slice(0, 300)}`);
  return res.json();
};
// a database made before the starter reports existed has no dashboard to time: give it the starter reports
const saved = (await post('/api/cases/report/query', { scope: 'WORKSPACE' })()) as { result: { dashboard: boolean }[] };
if (!saved.result.some((x) => x.dashboard)) for (const report of starterReports('ru')) await post('/api/cases/report/save', report)();
const pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
const hand = (text: string, params: unknown[]) => () => pool.query(text, params);

// the area of the most cases at the first level below the root
const area = (await pool.query(`select a.p1_id as id from tbcase t join unit u on u.id = t.owner_unit_id join adminunit a on a.id = u.address_admin_unit_id where t.workspace_id = $1 and a.p1_id is not null group by 1 order by count(*) desc limit 1`, [ws])).rows[0]?.id as string;

const INDICATOR = `select x.r0, x.c0, grouping(x.r0, x.c0) as g, count(*) as n
  from (select p.gender as r0, t.classification as c0 from tbcase t left join patient p on p.id = t.patient_id where t.workspace_id = $1) x
 group by grouping sets ((x.r0, x.c0), (x.r0), (x.c0), ())`;
/** The starter dashboard by hand: outcome × gender of all cases, HIV result × classification of those on treatment. */
const DASHBOARD = (where: string) => [
  `select x.r0, x.c0, grouping(x.r0, x.c0), count(*) from (select t.outcome as r0, p.gender as c0 from tbcase t left join patient p on p.id = t.patient_id where t.workspace_id = $1 ${where}) x group by grouping sets ((x.r0, x.c0), (x.r0), (x.c0), ())`,
  `select x.r0, x.c0, grouping(x.r0, x.c0), count(*) from (select t.hiv_result as r0, t.classification as c0 from tbcase t where t.workspace_id = $1 and t.state = 'ONTREATMENT' ${where}) x group by grouping sets ((x.r0, x.c0), (x.r0), (x.c0), ())`,
];
const inArea = `and t.owner_unit_id in (select u.id from unit u join adminunit a on a.id = u.address_admin_unit_id where u.workspace_id = $1 and (a.p0_id = $2 or a.p1_id = $2 or a.p2_id = $2 or a.p3_id = $2 or a.p4_id = $2))`;
const dashboardByHand = (where: string, params: unknown[]) => async () => {
  for (const q of DASHBOARD(where)) await pool.query(q, params);
};
const SEARCH = `select t.id from tbcase t where t.workspace_id = $1 and t.id in (select c.id from tbcase c left join patient p on p.id = c.patient_id where c.workspace_id = $1 and c.classification in ('TB') and p.gender in ('FEMALE') and c.registration_date >= '2025-01-01' and c.registration_date < '2025-04-01') order by t.registration_date desc, t.id desc limit 50`;

const SEARCH_FILTERS = { classification: ['TB'], gender: ['FEMALE'], registrationDate: { ini: '2025-01', end: '2025-03' } };
const SEARCH_COUNT = `select count(*) from (${SEARCH.replace(' order by t.registration_date desc, t.id desc limit 50', ' limit 10001')}) m`;

/** A WHO form for each quarter of 2024, one after the other (the year's four reports). */
const whoYear = (form: string) => async () => {
  for (const quarter of [1, 2, 3, 4]) await post('/api/who/report', { form, year: 2024, quarter })();
};
/** The registration table by hand: the year's confirmed TB and DR-TB cases by quarter, group, site and basis. */
const WHO_BY_HAND = `select to_char(t.registration_date, 'Q') as q, t.registration_group, t.infection_site, t.diagnosis_basis, count(*)
  from tbcase t where t.workspace_id = $1 and t.registration_date >= $2::date and t.registration_date < $3::date
   and t.classification in ('TB', 'DRTB') and t.diagnosis_type = 'CONFIRMED' group by 1, 2, 3, 4`;

const benches: { label: string; api: () => Promise<unknown>; byHand: () => Promise<unknown>; goal: number; ratio?: number; runs: number }[] = [
  { label: '2-variable indicator, gender × classification, workspace', api: post('/api/cases/report/ind/exec', { rowVariables: ['gender'], columnVariables: ['classification'] }), byHand: hand(INDICATOR, [ws]), goal: 300, ratio: 1.3, runs: 20 },
  { label: 'live workspace dashboard (the starter reports)', api: post('/api/dashboard/generate', { scope: 'WORKSPACE' }), byHand: dashboardByHand('', [ws]), goal: 1500, runs: 10 },
  ...(area ? [{ label: 'an area’s dashboard', api: post('/api/dashboard/generate', { scope: 'ADMINUNIT', scopeId: area }), byHand: dashboardByHand(inArea, [ws, area]), goal: 1500, runs: 10 }] : []),
  // the largest cell of that indicator (a third of the cases): its number from the cube, its page read row by row
  {
    label: 'drill-through: female TB cases (a third), page 1',
    api: post('/api/cases/report/ind/cases', { rowVariables: ['gender'], columnVariables: ['classification'], row: ['FEMALE'], column: ['TB'] }),
    byHand: hand(`select t.id from tbcase t join patient p on p.id = t.patient_id where t.workspace_id = $1 and t.classification = 'TB' and p.gender = 'FEMALE' order by t.registration_date desc, t.id desc limit 50`, [ws]),
    goal: 100,
    runs: 20,
  },
  {
    label: 'advanced search, page 1, 3 filters (without its count)',
    api: post('/api/cases/search', { pageSize: 50, filters: SEARCH_FILTERS }),
    byHand: hand(SEARCH, [ws]),
    goal: 20,
    runs: 60,
  },
  // its count, the screen's second call: bounded (10 000, 100 ms, then the planner's estimate)
  { label: 'advanced search count, 3 filters', api: post('/api/cases/search/count', { filters: SEARCH_FILTERS }), byHand: hand(SEARCH_COUNT, [ws]), goal: 150, runs: 20 },
  {
    label: 'WHO TB 07 (registration), 4 quarters of 2024, workspace',
    api: whoYear('tb07'),
    byHand: hand(WHO_BY_HAND, [ws, '2024-01-01', '2025-01-01']),
    goal: 2000,
    runs: 5,
  },
  {
    label: 'WHO TB 08 (outcome cohorts), 4 quarters of 2024, workspace',
    api: whoYear('tb08'),
    byHand: hand(WHO_BY_HAND, [ws, '2023-01-01', '2024-01-01']),
    goal: 2000,
    runs: 5,
  },
  // a summary's list (declared in tbcase.json x-summaries): its filters on the listed case, the count from its casecount counter
  {
    label: 'summary list "not validated", page 1, workspace',
    api: post('/api/cases/summary/query', { scope: 'WORKSPACE', summaryId: 'notvalidated' }),
    byHand: hand(`select t.id from tbcase t where t.workspace_id = $1 and t.state in ('NOT_ONTREATMENT', 'ONTREATMENT') and t.validated = false order by t.registration_date desc, t.id desc limit 50`, [ws]),
    goal: 20,
    runs: 60,
  },
  { label: 'side menu: summary counts, workspace', api: post('/api/cases/summary', { scope: 'WORKSPACE' }), byHand: hand('select sum(not_validated), sum(on_treatment), sum(closed) from casecount where workspace_id = $1', [ws]), goal: 50, runs: 60 },
];

console.log(`\nCase reports on ${cases.toLocaleString('en')} cases: p50 / p95 in ms, through the API and the same SQL by hand`);
for (const b of benches) {
  for (let i = 0; i < 3; i++) await b.api();
  const api = percentiles(await timeIt(b.api, b.runs));
  const byHand = percentiles(await timeIt(b.byHand, b.runs));
  const ratio = api.p50 / byHand.p50;
  const over = [api.p95 > b.goal ? `OVER ${b.goal} ms` : '', b.ratio && ratio > b.ratio ? `OVER ${b.ratio}× by hand` : ''].filter(Boolean).join(', ');
  console.log(`  ${b.label.padEnd(58)} API ${api.p50.toFixed(1).padStart(7)} / ${api.p95.toFixed(1).padStart(7)}   by hand ${byHand.p50.toFixed(1).padStart(7)} / ${byHand.p95.toFixed(1).padStart(7)}   ${ratio.toFixed(2)}×   goal ≤ ${b.goal}: ${over || 'ok'}`);
}

if (explain) {
  for (const [label, text, params] of [['indicator', INDICATOR, [ws]], ['search', SEARCH, [ws]]] as const) {
    const plan = await pool.query(`explain (analyze, buffers off, costs off) ${text}`, [...params]);
    console.log(`\n  ${label}\n${plan.rows.map((x) => `      ${x['QUERY PLAN']}`).join('\n')}`);
  }
}

await pool.end();
process.on('uncaughtException', (e: any) => {
  if (e?.code !== '57P01') throw e;
});
await server.close();
await postgres?.stop();
process.exit(0);
