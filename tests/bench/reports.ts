/**
 * `npm run bench:reports [N] [--explain]`: the case reports at national scale, each
 * through the API beside the same SQL run by hand on the same connection, p50/p95 in ms, every line of
 * the reports' speed goals:
 * - any 2-variable indicator over the workspace outside the counts cube, counted from the cases'
 *   analytic rows (diagnosis type × age band, outcome × age band of the closed cases, registration
 *   group × area, HIV status of the episode × registration quarter): goal ≤ 1 s and ≤ 1.3× the same
 *   GROUP BY on the analytic table by hand;
 * - the cube's indicator (gender × classification: ≤ 300 ms), the live workspace dashboard (the starter
 *   reports: ≤ 1.5 s), an area's dashboard;
 * - TB 07 and TB 08 for a year at the workspace (the four quarters of 2024: ≤ 1 s each);
 * - a drill-through page (the largest cell of the cube's indicator, and a cell of an age band: ≤ 50 ms),
 *   the advanced search's first page with 3 filters (≤ 50 ms) and its count apart (≤ 150 ms), a
 *   summary's first page (≤ 50 ms), the side menu's summary counts.
 * - WHO's TB indicator set (the 51 for 2024 at the workspace, ≤ 3 s) over the cases and about
 *   three contacts per confirmed pulmonary case (generated with their TPT courses) — no line by hand:
 *   no hand-written statement does its work short of writing the definitions again —, and a unit's
 *   contact register's first page (≤ 50 ms).
 * `--explain` prints EXPLAIN ANALYZE of the statements by hand. `--dak` times only WHO's TB indicator lines (the
 * indicator set and the contact register), then each of the set's statements alone (one per subject
 * and period date, `reports/dak/compute.ts`), with `--explain` its EXPLAIN (ANALYZE, BUFFERS). `--cases-only` leaves out
 * the indicator lines (and generates no contacts).
 *
 * The database: `BENCH_DATABASE_URL` (kept between runs: N cases are generated only when the demo
 * workspace has fewer; a database made before the analytic rows gets them at the server's start, timed),
 * else a throwaway PostgreSQL. One million-row benchmark at a time on a shared machine:
 * `flock /work/locks/bench.lock npm run bench:reports`.
 */
import pg from 'pg';
import { sql } from 'kysely';
import { clientHeader } from '../../engine/client-header.ts';
import { generateContacts } from '../../cases/contacts/generate.ts';
import { seedDemoCatalogue } from '../../catalogues/demo/seed.ts';
import { startServer } from '../../app/start.ts';
import { starterReports } from '../../reports/cases/starter.ts';
import { kysely } from '../../server/db/kysely.ts';
import { indicatorsDir, loadIndicators } from '../../reports/dak/definition.ts';
import { statementGroups } from '../../reports/dak/compute.ts';
import { groupStatement, withoutJit } from '../../reports/dak/sql.ts';
import { schemasDir } from '../../server/config.ts';
import type { Session } from '../../server/types.ts';
import { benchDatabase } from './database.ts';
import { fillDemoCases } from './demo-cases.ts';
import { finishBench } from './finish.ts';
import { signIn } from './sign-in.ts';
import { percentiles, timeIt } from './timing.ts';

const N = Number(process.argv.find((a) => /^\d+$/.test(a)) ?? 1_000_000);
const explain = process.argv.includes('--explain');
const dakOnly = process.argv.includes('--dak');
/** `--cases-only`: the case reports' lines alone — no contacts generated, the WHO indicator set and the contact register left out. */
const casesOnly = process.argv.includes('--cases-only');

const { databaseUrl, postgres } = await benchDatabase('bench_reports');
const startedAt = Date.now();
const server = await startServer({ databaseUrl, port: 0, host: '127.0.0.1', seedDemo: true });
console.log(`  the server started in ${((Date.now() - startedAt) / 1000).toFixed(0)} s (the analytic rows filled when the database had none)`);
const db = kysely(server.ctx.orm.em.fork());
const { ws, cases } = await fillDemoCases(db, N);
// About three contacts per confirmed pulmonary case, with their TPT courses
const contactCount = async () => Number((await db.selectFrom('contact').select(sql<number>`count(*)::int`.as('n')).where('workspace_id', '=', ws).executeTakeFirstOrThrow()).n);
if (!casesOnly && (await contactCount()) < N) {
  // a database made before TPT existed has no TPT regimens: the demo's catalogue, through the writer
  const regimens = await seedDemoCatalogue(server.ctx, ws, 'tptregimen');
  if (regimens) console.log(`  ${regimens} TPT regimens of the demo catalogue written`);
  const started = Date.now();
  const made = await generateContacts(db, ws, { onProgress: (done) => process.stdout.write(`\r  generating contacts: ${done}`) });
  console.log(`\n  ${made} contacts (and their persons and TPT courses) generated in ${((Date.now() - started) / 1000).toFixed(0)} s`);
}
for (const table of ['patient', 'tbcase', 'casecount', 'casecube', 'caseanalytic', 'contact', 'tptcourse']) await sql`vacuum analyze ${sql.table(table)}`.execute(db);

const cookie = await signIn(server.url);
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
/** A compiled statement with its parameters written in (for EXPLAIN: the values are strings and numbers). */
const inline = (c: { sql: string; parameters: readonly unknown[] }) =>
  c.sql.replace(/\$(\d+)/g, (_m, i) => {
    const v = c.parameters[Number(i) - 1];
    return typeof v === 'number' ? String(v) : `'${String(v).replaceAll("'", "''")}'`;
  });

// the area of the most cases at the first level below the root
const area = (await pool.query(`select c.owner_unit_area2 as id from caseanalytic c where c.workspace_id = $1 and c.owner_unit_area2 is not null group by 1 order by count(*) desc limit 1`, [ws])).rows[0]?.id as string;

/** The cells of a 2-variable table as one would count them by hand: a plain GROUP BY on the analytic rows (no totals). */
const byHand = (r0: string, c0: string, where = '') => `select ${r0} as r0, ${c0} as c0, count(*) as n from caseanalytic c where c.workspace_id = $1 ${where} group by 1, 2`;
const INDICATOR = byHand('c.gender', 'c.classification');
/** The starter dashboard by hand: outcome × gender of all cases, HIV result × classification of those on treatment. */
const DASHBOARD = (where: string) => [byHand('c.outcome', 'c.gender', where), byHand('c.hiv_result', 'c.classification', `and c.state = 'ONTREATMENT' ${where}`)];
const inArea = `and c.owner_unit_id in (select u.id from unit u join adminunit a on a.id = u.address_admin_unit_id where u.workspace_id = $1 and (a.p0_id = $2 or a.p1_id = $2 or a.p2_id = $2 or a.p3_id = $2 or a.p4_id = $2))`;
const dashboardByHand = (where: string, params: unknown[]) => async () => {
  for (const q of DASHBOARD(where)) await pool.query(q, params);
};
/** Indicators the cube cannot answer, counted from the analytic rows: the API's request and the same GROUP BY by hand. */
const LIVE: { label: string; body: object; sql: string }[] = [
  { label: 'diagnosis type × age band', body: { rowVariables: ['diagnosisType'], columnVariables: ['ageRange'] }, sql: byHand('c.diagnosis_type', 'c.age_range') },
  { label: 'outcome × age band, closed cases', body: { rowVariables: ['outcome'], columnVariables: ['ageRange'], filters: { state: ['CLOSED'] } }, sql: byHand('c.outcome', 'c.age_range', `and c.state in ('CLOSED')`) },
  // a pair no index of the analytic row holds (tbcase.json x-table.analytic.indexes): a parallel scan of the rows
  { label: 'site × age band (no index of its own)', body: { rowVariables: ['infectionSite'], columnVariables: ['ageRange'] }, sql: byHand('c.infection_site', 'c.age_range') },
  { label: 'registration group × area (level 2)', body: { rowVariables: ['registrationGroup'], columnVariables: ['ownerUnitArea2'] }, sql: byHand('c.registration_group', 'c.owner_unit_area2') },
  { label: 'HIV status (any test) × registration quarter', body: { rowVariables: ['hivStatus'], columnVariables: ['registrationDate.quarter'] }, sql: byHand('c.hiv_status', `to_char(c.registration_date, 'YYYY-"Q"Q')`) },
];
const SEARCH = `select t.id from tbcase t where t.workspace_id = $1 and t.classification in ('TB') and t.registration_date >= '2025-01-01' and t.registration_date < '2025-04-01'
  and exists (select 1 from caseanalytic a where a.id = t.id and a.workspace_id = $1 and a.gender in ('FEMALE')) order by t.registration_date desc, t.id desc limit 50`;
const SEARCH_FILTERS = { classification: ['TB'], gender: ['FEMALE'], registrationDate: { ini: '2025-01', end: '2025-03' } };
const SEARCH_COUNT = `select count(*) from (select 1 from caseanalytic c where c.workspace_id = $1 and c.classification in ('TB') and c.gender in ('FEMALE') and c.registration_date >= '2025-01-01' and c.registration_date < '2025-04-01' limit 10001) m`;

/** A WHO form for each quarter of 2024, one after the other (the year's four reports). */
const whoYear = (form: string) => async () => {
  for (const quarter of [1, 2, 3, 4]) await post('/api/who/report', { form, year: 2024, quarter })();
};
/** The registration table by hand: the year's confirmed TB and DR-TB cases by quarter, group, site and basis. */
const WHO_BY_HAND = `select to_char(c.registration_date, 'Q') as q, c.registration_group, c.infection_site, c.diagnosis_basis, count(*)
  from caseanalytic c where c.workspace_id = $1 and c.registration_date >= $2::date and c.registration_date < $3::date
   and c.classification in ('TB', 'DRTB') and c.diagnosis_type = 'CONFIRMED' group by 1, 2, 3, 4`;
/** A band of the age-range catalogue: the drill-through of a cell the cube cannot count. */
const band = (await pool.query(`select id from agerange where workspace_id = $1 and ini_age = 25`, [ws])).rows[0]?.id as string;

// the unit following the most contacts, and the year's counts by hand (the cases and the contacts of 2024 read once each)
const contactUnit = (await pool.query(`select unit_id from contact where workspace_id = $1 group by 1 order by count(*) desc limit 1`, [ws])).rows[0]?.unit_id as string;
const contacts = await contactCount();
const REGISTER_BY_HAND = `select c.id, p.name, t.case_number, tc.status from contact c join patient p on p.id = c.patient_id join tbcase t on t.id = c.case_id
  left join tptcourse tc on tc.contact_id = c.id where c.workspace_id = $1 and c.unit_id = $2 order by c.registration_date desc, c.id desc limit 51`;

/** A line: the API's request, the same SQL by hand (none: no hand-written statement does the same work), the goal. */
const benches: { label: string; api: () => Promise<unknown>; byHand?: () => Promise<unknown>; goal: number; ratio?: number; runs: number }[] = [
  // WHO's TB indicator set, the 51 for a year at the workspace (goal ≤ 3 s), and a unit's contact register;
  { label: 'WHO TB indicators TB.IND.1–51, 2024, workspace', api: post('/api/reports/dak', { year: 2024 }), goal: 3000, runs: 5 },
  ...(contactUnit ? [{ label: 'contact register of a unit, page 1', api: post(`/api/cases/unit/${contactUnit}/contacts`, {}), byHand: hand(REGISTER_BY_HAND, [ws, contactUnit]), goal: 50, runs: 40 }] : []),
  ...LIVE.map((l) => ({ label: `indicator outside the cube: ${l.label}`, api: post('/api/cases/report/ind/exec', l.body), byHand: hand(l.sql, [ws]), goal: 1000, ratio: 1.3, runs: 10 })),
  { label: 'cube indicator: gender × classification, workspace', api: post('/api/cases/report/ind/exec', { rowVariables: ['gender'], columnVariables: ['classification'] }), byHand: hand(INDICATOR, [ws]), goal: 300, runs: 20 },
  { label: 'live workspace dashboard (the starter reports)', api: post('/api/dashboard/generate', { scope: 'WORKSPACE' }), byHand: dashboardByHand('', [ws]), goal: 1500, runs: 10 },
  ...(area ? [{ label: 'an area’s dashboard', api: post('/api/dashboard/generate', { scope: 'ADMINUNIT', scopeId: area }), byHand: dashboardByHand(inArea, [ws, area]), goal: 1500, runs: 10 }] : []),
  {
    label: 'WHO TB 07 (registration), 4 quarters of 2024, workspace',
    api: whoYear('tb07'),
    byHand: hand(WHO_BY_HAND, [ws, '2024-01-01', '2025-01-01']),
    goal: 1000,
    runs: 5,
  },
  {
    label: 'WHO TB 08 (outcome cohorts), 4 quarters of 2024, workspace',
    api: whoYear('tb08'),
    byHand: hand(WHO_BY_HAND, [ws, '2023-01-01', '2024-01-01']),
    goal: 1000,
    runs: 5,
  },
  // the largest cell of the cube's indicator (a third of the cases), its page as the screen asks it: alone
  // (`count: false`, the number being the indicator's), read row by row in the list's order
  {
    label: 'drill-through page: female TB cases (a third, cube)',
    api: post('/api/cases/report/ind/cases', { rowVariables: ['gender'], columnVariables: ['classification'], row: ['FEMALE'], column: ['TB'], count: false }),
    byHand: hand(`select t.id from tbcase t where t.workspace_id = $1 and t.classification = 'TB' and exists (select 1 from caseanalytic a where a.id = t.id and a.gender = 'FEMALE') order by t.registration_date desc, t.id desc limit 50`, [ws]),
    goal: 50,
    runs: 20,
  },
  ...(band
    ? [{
        label: 'drill-through page: confirmed cases aged 25–34 (outside the cube)',
        api: post('/api/cases/report/ind/cases', { rowVariables: ['diagnosisType'], columnVariables: ['ageRange'], row: ['CONFIRMED'], column: [band], count: false }),
        byHand: hand(`select t.id from tbcase t where t.workspace_id = $1 and t.id in (select c.id from caseanalytic c where c.workspace_id = $1 and c.diagnosis_type = 'CONFIRMED' and c.age_range = $2) order by t.registration_date desc, t.id desc limit 50`, [ws, band]),
        goal: 50,
        runs: 20,
      }]
    : []),
  {
    label: 'advanced search, page 1, 3 filters (without its count)',
    api: post('/api/cases/search', { pageSize: 50, filters: SEARCH_FILTERS }),
    byHand: hand(SEARCH, [ws]),
    goal: 50,
    runs: 60,
  },
  // its count, the screen's second call: bounded (10 000, 100 ms, then the planner's estimate)
  { label: 'advanced search count, 3 filters', api: post('/api/cases/search/count', { filters: SEARCH_FILTERS }), byHand: hand(SEARCH_COUNT, [ws]), goal: 150, runs: 20 },
  // a summary's list (declared in tbcase.json x-summaries): its filters on the listed case, the count from its casecount counter
  {
    label: 'summary list page "not validated", workspace',
    api: post('/api/cases/summary/query', { scope: 'WORKSPACE', summaryId: 'notvalidated' }),
    byHand: hand(`select t.id from tbcase t where t.workspace_id = $1 and t.state in ('NOT_ONTREATMENT', 'ONTREATMENT') and t.validated = false order by t.registration_date desc, t.id desc limit 50`, [ws]),
    goal: 50,
    runs: 60,
  },
  { label: 'side menu: summary counts, workspace', api: post('/api/cases/summary', { scope: 'WORKSPACE' }), byHand: hand('select sum(not_validated), sum(on_treatment), sum(closed) from casecount where workspace_id = $1', [ws]), goal: 50, runs: 60 },
];

console.log(`\nCase reports on ${cases.toLocaleString('en')} cases and ${contacts.toLocaleString('en')} contacts: p50 / p95 in ms, through the API and the same SQL by hand`);
// WHO's TB indicator lines come first: the set, and the contact register when a unit follows contacts
const dakLines = contactUnit ? 2 : 1;
for (const b of dakOnly ? benches.slice(0, dakLines) : casesOnly ? benches.slice(dakLines) : benches) {
  for (let i = 0; i < 3; i++) await b.api();
  const api = percentiles(await timeIt(b.api, b.runs));
  const byHand = b.byHand ? percentiles(await timeIt(b.byHand, b.runs)) : undefined;
  const ratio = byHand ? api.p50 / byHand.p50 : undefined;
  const over = [api.p95 > b.goal ? `OVER ${b.goal} ms` : '', b.ratio && ratio && ratio > b.ratio ? `OVER ${b.ratio}× by hand` : ''].filter(Boolean).join(', ');
  const handText = byHand && ratio ? `by hand ${byHand.p50.toFixed(1).padStart(7)} / ${byHand.p95.toFixed(1).padStart(7)}   ${ratio.toFixed(2)}×` : `by hand ${'—'.padStart(17)}   ${'—'.padStart(5)}`;
  console.log(`  ${b.label.padEnd(66)} API ${api.p50.toFixed(1).padStart(7)} / ${api.p95.toFixed(1).padStart(7)}   ${handText}   goal ≤ ${b.goal}: ${over || 'ok'}`);
}

if (dakOnly) {
  // each statement of the set alone, as the API runs it (its transaction without JIT), 5 runs
  const defs = loadIndicators(indicatorsDir(schemasDir)).filter((d) => !d.unsupported);
  const s = { workspaceId: ws, administrator: true, sysadmin: false, permissions: new Set<string>(), view: 'WORKSPACE', lang: 'ru' } as unknown as Session;
  const q = { s, place: { kind: 'workspace' as const }, from: '2024-01-01', to: '2025-01-01' };
  console.log('\n  the set\'s statements, each alone: p50 / p95 in ms');
  for (const group of statementGroups(defs)) {
    const label = `${group[0].subject} by ${group[0].period.date}: ${group.length} indicators (${group.map((d) => d.code.replace('TB.IND.', '')).join(', ')})`;
    const times = percentiles(await timeIt(() => withoutJit(db, (c) => groupStatement(c, group, q).execute()), 5));
    console.log(`  ${label.slice(0, 100).padEnd(100)} ${times.p50.toFixed(1).padStart(7)} / ${times.p95.toFixed(1).padStart(7)}`);
    if (explain) {
      const plan = await withoutJit(db, (tx) => sql.raw<{ 'QUERY PLAN': string }>(`explain (analyze, buffers) ${inline(groupStatement(tx, group, q).compile())}`).execute(tx));
      console.log(plan.rows.map((x) => `      ${x['QUERY PLAN']}`).join('\n'));
    }
  }
}

if (explain && !dakOnly) {
  for (const [label, text, params] of [...LIVE.map((l) => [l.label, l.sql, [ws]] as const), ['cube indicator (by hand on the analytic rows)', INDICATOR, [ws]] as const, ['search', SEARCH, [ws]] as const, ['search count', SEARCH_COUNT, [ws]] as const, ['TB 07 by hand', WHO_BY_HAND, [ws, '2024-01-01', '2025-01-01']] as const]) {
    const plan = await pool.query(`explain (analyze, buffers off, costs off) ${text}`, [...params]);
    console.log(`\n  ${label}\n${plan.rows.map((x) => `      ${x['QUERY PLAN']}`).join('\n')}`);
  }
}

await finishBench(postgres, [() => pool.end(), () => server.close()]);
