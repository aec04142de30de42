/**
 * `npm run bench:cases [N]`: the case screens at national scale, timed through the API —
 * p50/p95 of 60 requests each (5 for a request slower than a second): the patient search (a name
 * fragment, a transliterated name), a unit's /active with its counts, the area tree's root and one
 * expansion, the side menu's summaries and tag counts, a tag case list, a summary case list, opening
 * a case page (the calls /sys/case makes for its data tab, one after another), and the worklist of
 * the unit with the most cases on treatment.
 *
 * The database: `BENCH_DATABASE_URL` (kept between runs: N cases are generated only when the demo
 * workspace has fewer), else a throwaway PostgreSQL. Generated cases get a manual tag on about one
 * in ten, and each case on treatment a 24-month treatment with its daily intake
 * (`cases/treatment/generate.ts`). Goals: each p95 ≤ 50 ms, a page of a list ≤ 20 ms,
 * the patient search ≤ 30 ms. `--explain` prints the plans of the list and count statements.
 */
import { clientHeader } from '../../engine/client-header.ts';
import pg from 'pg';
import { sql } from 'kysely';
import { generateTreatments } from '../../cases/treatment/generate.ts';
import { startServer } from '../../app/start.ts';
import { kysely } from '../../server/db/kysely.ts';
import { benchDatabase } from './database.ts';
import { fillDemoCases } from './demo-cases.ts';
import { finishBench } from './finish.ts';
import { signIn } from './sign-in.ts';
import { percentiles, timeIt } from './timing.ts';

const N = Number(process.argv.find((a) => /^\d+$/.test(a)) ?? 1_000_000);
const explain = process.argv.includes('--explain');
const RUNS = 60;
const TAG = 'Бенчмарк: трудовой мигрант';

const { databaseUrl, postgres } = await benchDatabase('bench_cases');
const server = await startServer({ databaseUrl, port: 0, host: '127.0.0.1', seedDemo: true });
const db = kysely(server.ctx.orm.em.fork());
const { ws, cases } = await fillDemoCases(db, N);
// a manual tag on about one case in ten (the links' triggers keep the per-unit tag counts)
let tag = (await db.selectFrom('tag').select('id').where('workspace_id', '=', ws).where('name', '=', TAG).executeTakeFirst())?.id as string | undefined;
if (!tag) {
  tag = crypto.randomUUID();
  await db.insertInto('tag').values({ id: tag, workspace_id: ws, name: TAG, active: true, auto_generated: false, consistency_check: false, daily_update: false }).execute();
}
await sql`insert into casetag (id, workspace_id, case_id, tag_id)
          select gen_random_uuid(), ${ws}, t.id, ${tag} from tbcase t
           where t.workspace_id = ${ws} and abs(hashtext(t.id::text)) % 10 = 0
             and not exists (select 1 from casetag l where l.case_id = t.id and l.tag_id = ${tag})`.execute(db);
// a 24-month treatment with its calendar for each case on treatment that has none (the worklist reads them)
{
  const started = Date.now();
  const treated = await generateTreatments(db, ws, { onProgress: (done) => process.stdout.write(`\r  generating treatments ${done}`) });
  if (treated) console.log(`\n  ${treated} treatments generated in ${((Date.now() - started) / 1000).toFixed(0)} s`);
}
for (const table of ['patient', 'tbcase', 'casetag', 'casecount', 'casetagcount', 'treatment', 'prescription', 'adherence']) await sql`vacuum analyze ${sql.table(table)}`.execute(db);

const admin = await signIn(server.url);
const doctor = await signIn(server.url, 'DOCTOR1', 'Doctor123');
// the unit with the most cases on treatment: the worklist's worst case
const busiestUnit = (await db.selectFrom('tbcase').select('owner_unit_id').where('workspace_id', '=', ws).where('state', '=', 'ONTREATMENT').groupBy('owner_unit_id').orderBy(sql`count(*)`, 'desc').limit(1).executeTakeFirstOrThrow()).owner_unit_id as string;
const doctorUnit = (await db.selectFrom('userws as uw').innerJoin('sysuser as u', 'u.id', 'uw.user_id').select('uw.unit_id').where('u.login', '=', 'DOCTOR1').executeTakeFirstOrThrow()).unit_id as string;

/** A call that must answer 200 (a 404: the route, or what it reads, is not there yet — the case or step is skipped). */
const call = (cookie: string, method: 'GET' | 'POST', path: string, body?: object) => async () => {
  const r = await fetch(server.url + path, { method, headers: { 'content-type': 'application/json', [clientHeader]: '1', cookie }, body: method === 'POST' ? JSON.stringify(body ?? {}) : undefined });
  const text = await r.text();
  if (r.status === 404) throw new Missing(`${method} ${path}`);
  if (r.status !== 200) throw new Error(`${method} ${path} ${JSON.stringify(body ?? {})}: ${r.status} ${text.slice(0, 300)}`);
  return JSON.parse(text);
};
class Missing extends Error {}
const post = (cookie: string, path: string, body: object = {}) => call(cookie, 'POST', path, body);
const get = (cookie: string, path: string) => call(cookie, 'GET', path);

const root = await post(admin, '/api/cases/view')();
const top = (await post(admin, `/api/cases/view/places?parentId=${root.id}`)())[0];
const anyCase = (await post(admin, '/api/cases/unit/' + doctorUnit, { tab: 'tbCases' })()).tbCases.list[0].id as string;
/** The calls the case page makes for its header and data tab. */
const openCase = async () => {
  for (const step of [
    get(admin, `/api/tbl/case/${anyCase}`),
    get(admin, `/api/tbl/case/form/readonly/${anyCase}`),
    post(admin, '/api/tbl/contact/query', { caseId: anyCase }),
    post(admin, '/api/tbl/sideeffect/query', { caseId: anyCase }),
    post(admin, '/api/tbl/prevtreat/query', { caseId: anyCase }),
    post(admin, '/api/tbl/casecomment/query', { caseId: anyCase, group: 'DATA' }),
  ]) {
    try {
      await step();
    } catch (e) {
      if (!(e instanceof Missing)) throw e;
    }
  }
};

const benches: { label: string; run: () => Promise<unknown>; goal: number }[] = [
  { label: 'patient search, a name fragment «токтог»', run: post(admin, '/api/tbl/patient/search', { lastName: 'токтог' }), goal: 30 },
  { label: 'patient search, a transliterated name «Ivanova Mariya»', run: post(admin, '/api/tbl/patient/search', { lastName: 'Ivanova', name: 'Mariya' }), goal: 30 },
  { label: "a unit's /active: three counts, the default tab (doctor)", run: post(doctor, '/api/cases/unit/' + doctorUnit), goal: 50 },
  { label: "a unit's /active, one tab's page 2 (doctor)", run: post(doctor, '/api/cases/unit/' + doctorUnit, { tab: 'tbCases', page: 2 }), goal: 20 },
  { label: 'area tree: root (administrator)', run: post(admin, '/api/cases/view'), goal: 50 },
  { label: 'area tree: one expansion (administrator)', run: post(admin, `/api/cases/view/places?parentId=${top.id}`), goal: 50 },
  { label: 'side menu: summaries and tag counts, workspace', run: post(admin, '/api/cases/summary', { scope: 'WORKSPACE' }), goal: 50 },
  { label: 'side menu: summaries and tag counts, unit (doctor)', run: post(doctor, '/api/cases/summary', { scope: 'UNIT', scopeId: doctorUnit }), goal: 50 },
  { label: 'tag case list, workspace, page 1', run: post(admin, '/api/cases/tag/query', { tagId: tag }), goal: 20 },
  { label: 'tag case list, unit (doctor), page 3', run: post(doctor, '/api/cases/tag/query', { tagId: tag, unitId: doctorUnit, page: 3 }), goal: 20 },
  { label: 'summary case list «on treatment», workspace, page 1', run: post(admin, '/api/cases/summary/query', { scope: 'WORKSPACE', summaryId: 'ontreatment' }), goal: 20 },
  { label: 'summary case list «transferring», unit (doctor)', run: post(doctor, '/api/cases/summary/query', { scope: 'UNIT', scopeId: doctorUnit, summaryId: 'transferring' }), goal: 20 },
  { label: 'opening a case page (its calls one after another)', run: openCase, goal: 50 },
  { label: "unit worklist, the unit with most cases on treatment", run: post(admin, `/api/cases/unit/${busiestUnit}/worklist`), goal: 50 },
];

console.log(`\nCase screens on ${cases.toLocaleString('en')} cases, ${RUNS} runs each, p50 / p95 in ms`);
for (const b of benches) {
  let runs = RUNS;
  try {
    // a request slower than a second is timed 5 times, not 60
    const t0 = performance.now();
    await b.run();
    if (performance.now() - t0 > 1000) runs = 5;
    else for (let i = 0; i < 4; i++) await b.run();
  } catch (e) {
    if (e instanceof Missing) {
      console.log(`  ${b.label.padEnd(60)} skipped: ${e.message} is not there yet`);
      continue;
    }
    throw e;
  }
  const p = percentiles(await timeIt(b.run, runs));
  const verdict = p.p95 <= b.goal ? 'ok' : `OVER ${b.goal} ms`;
  console.log(`  ${b.label.padEnd(60)} ${p.p50.toFixed(1).padStart(6)} / ${p.p95.toFixed(1).padStart(6)}   goal ≤ ${b.goal}: ${verdict}${runs === RUNS ? '' : ` (${runs} runs)`}`);
}

if (explain) {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 2 });
  const plans: [string, string, unknown[]][] = [
    ['/active tbCases page 1', `select t.id from tbcase t where t.workspace_id = $1 and t.owner_unit_id = $2 and t.state <> 'CLOSED' and t.diagnosis_type = 'CONFIRMED' and t.classification = 'TB' order by t.registration_date desc, t.id desc limit 50`, [ws, doctorUnit]],
    ['/active presumptives page 1', `select t.id from tbcase t where t.workspace_id = $1 and t.owner_unit_id = $2 and t.state <> 'CLOSED' and t.diagnosis_type = 'SUSPECT' order by t.registration_date desc, t.id desc limit 50`, [ws, doctorUnit]],
    ['tag list, workspace', `select t.id from tbcase t where t.workspace_id = $1 and exists (select 1 from casetag l where l.case_id = t.id and l.tag_id = $2 and l.workspace_id = $1) order by t.registration_date desc, t.id desc limit 50`, [ws, tag]],
    ['tag list, unit, page 3 (its cohort: owned and not leaving, or leaving it)', `select t.id from tbcase t where t.workspace_id = $1 and ((t.owner_unit_id = $3 and (t.transferring = false or t.transfer_from_unit_id is null)) or (t.transferring and t.transfer_from_unit_id = $3)) and exists (select 1 from casetag l where l.case_id = t.id and l.tag_id = $2 and l.workspace_id = $1) order by t.registration_date desc, t.id desc limit 50 offset 100`, [ws, tag, doctorUnit]],
    ['transferring, unit', `select t.id from tbcase t where t.workspace_id = $1 and t.owner_unit_id = $2 and t.state <> 'CLOSED' and t.transferring order by t.registration_date desc, t.id desc limit 50`, [ws, doctorUnit]],
    ['counts, workspace', `select sum(tb), sum(suspect) from casecount where workspace_id = $1`, [ws]],
  ];
  for (const [label, text, params] of plans) {
    const plan = await pool.query(`explain (analyze, buffers off, costs off) ${text}`, params);
    console.log(`\n  ${label}\n${plan.rows.map((r) => `      ${r['QUERY PLAN']}`).join('\n')}`);
  }
  await pool.end();
}

await finishBench(postgres, [() => server.close()]);
