/**
 * `npm run bench:query [N]`: the generic query path at national scale. Fills the demo workspace of a
 * throwaway PostgreSQL to N (default 1,000,000) generated patients and cases, then times through
 * the API — as the workspace administrator and as a unit-view doctor — a first page, a deep page
 * (keyset), a search by a name fragment and a filtered page with its count, each beside the same
 * SQL written by hand on plain `pg`; p50/p95 of 60 requests each. `--explain` prints the plans.
 * Goals: every page p95 ≤ 20 ms, a count ≤ 150 ms (a request with a count: ≤ 150 ms). The
 * platform bounds a count at 10,000 rows and 100 ms (then the planner's estimate); the SQL by hand
 * counts to 10,000 with no time bound.
 */
import { clientHeader } from '../../engine/client-header.ts';
import pg from 'pg';
import { sql } from 'kysely';
import { startServer } from '../../app/start.ts';
import { encodeCursor } from '../../server/tbl/keyset.ts';
import { kysely } from '../../server/db/kysely.ts';
import { benchDatabase } from './database.ts';
import { fillDemoCases } from './demo-cases.ts';
import { finishBench } from './finish.ts';
import { signIn } from './sign-in.ts';
import { percentiles, timeIt } from './timing.ts';

const N = Number(process.argv.find((a) => /^\d+$/.test(a)) ?? 1_000_000);
const explain = process.argv.includes('--explain');
const RUNS = 60;

const { databaseUrl, postgres } = await benchDatabase('bench_query', { keepable: false });
const server = await startServer({ databaseUrl, port: 0, host: '127.0.0.1', seedDemo: true });
const db = kysely(server.ctx.orm.em.fork());
const { ws } = await fillDemoCases(db, N);
await sql`vacuum analyze patient`.execute(db);
await sql`vacuum analyze tbcase`.execute(db);

const admin = await signIn(server.url);
const doctor = await signIn(server.url, 'DOCTOR1', 'Doctor123');
const doctorUnit = (await db.selectFrom('userws as uw').innerJoin('sysuser as u', 'u.id', 'uw.user_id').select('uw.unit_id').where('u.login', '=', 'DOCTOR1').executeTakeFirstOrThrow()).unit_id as string;

const api = (cookie: string, table: string, body: object) => async () => {
  const r = await fetch(`${server.url}/api/tbl/${table}/query`, { method: 'POST', headers: { 'content-type': 'application/json', [clientHeader]: '1', cookie }, body: JSON.stringify(body) });
  if (r.status !== 200) throw new Error(`${table} ${JSON.stringify(body)}: ${r.status} ${await r.text()}`);
  const json = await r.json();
  if (!json.list.length) throw new Error(`${table} ${JSON.stringify(body)}: empty page`);
};
const pool = new pg.Pool({ connectionString: databaseUrl, max: 4 });
const hand = (text: string, params: unknown[]) => async () => {
  await pool.query(text, params);
};

// The cursor of the row 90% down the administrator's case list (registration date desc, id desc).
const deep = (await pool.query(`select registration_date::text as d, id from tbcase where workspace_id = $1 order by registration_date desc, id desc offset $2 limit 1`, [ws, Math.floor(N * 0.9)])).rows[0];
const cursor = encodeCursor([deep.d, deep.id]);
const fragment = 'бек';
/** A surname fragment, as a registrar types it. */
const surname = 'токтог';

const caseCols = `t.id, t.version, t.updated_at, t.patient_id, t.case_number, t.owner_unit_id, t.notification_unit_id, t.state, t.diagnosis_type, t.classification, t.validated, t.registration_date`;
const boundedCount = (where: string) => `select count(*) from (select 1 from tbcase t where ${where} limit 10001) m`;
type Timed = { label: string; ours: () => Promise<void>; sql: [string, unknown[]][]; goal: number };
/** A unit-view doctor's patients (by hand): those with a case the unit owns or is transferring out. */
const inDoctorUnit = 'exists (select 1 from tbcase v where v.patient_id = t.id and v.workspace_id = $1 and (v.owner_unit_id = $3 or v.transfer_from_unit_id = $3))';
/**
 * A patient search by a name fragment `word` as the user of `cookie`, timed twice — its page, then the
 * page with its bounded count — beside the same by hand: the pattern is $2; `scope.where` narrows it
 * with `scope.params` from $3, and `scope.cols` are the columns the hand-written page reads.
 */
const patientSearch = (label: string, cookie: string, word: string, scope = { cols: 't.id, t.name, t.middle_name, t.last_name, t.gender, t.birth_date', where: '', params: [] as unknown[] }): Timed[] => {
  const where = `t.workspace_id = $1 and (t.name ilike $2 or t.middle_name ilike $2 or t.last_name ilike $2)${scope.where ? ` and ${scope.where}` : ''}`;
  const params = [ws, `%${word}%`, ...scope.params];
  const page: [string, unknown[]] = [`select ${scope.cols} from patient t where ${where} order by t.last_name, t.name, t.id limit 50`, params];
  return [
    { label: `${label}, page`, ours: api(cookie, 'patient', { pageSize: 50, count: false, key: word }), sql: [page], goal: 20 },
    { label: `${label}, with count`, ours: api(cookie, 'patient', { pageSize: 50, key: word }), sql: [page, [`select count(*) from (select 1 from patient t where ${where} limit 10001) m`, params]], goal: 150 },
  ];
};
const cases: Timed[] = [
  {
    label: 'first page of cases (administrator), with count',
    ours: api(admin, 'tbcase', { pageSize: 50 }),
    sql: [
      [`select ${caseCols} from tbcase t where t.workspace_id = $1 order by t.registration_date desc, t.id desc limit 50`, [ws]],
      [boundedCount('t.workspace_id = $1'), [ws]],
    ],
    goal: 20,
  },
  {
    label: 'deep page of cases (90% down, keyset)',
    ours: api(admin, 'tbcase', { pageSize: 50, after: cursor, count: false }),
    sql: [[`select ${caseCols} from tbcase t where t.workspace_id = $1 and t.registration_date <= $2 and (t.registration_date < $2 or (t.registration_date = $2 and t.id < $3)) order by t.registration_date desc, t.id desc limit 50`, [ws, deep.d, deep.id]]],
    goal: 20,
  },
  ...patientSearch(`patients by a name fragment «${fragment}»`, admin, fragment),
  ...patientSearch(`patients by a surname fragment «${surname}»`, admin, surname),
  {
    label: 'DRTB cases on treatment (filtered page), with count',
    ours: api(admin, 'tbcase', { pageSize: 50, classification: 'DRTB', state: 'ONTREATMENT' }),
    sql: [
      [`select ${caseCols} from tbcase t where t.workspace_id = $1 and t.classification = 'DRTB' and t.state = 'ONTREATMENT' order by t.registration_date desc, t.id desc limit 50`, [ws]],
      [boundedCount(`t.workspace_id = $1 and t.classification = 'DRTB' and t.state = 'ONTREATMENT'`), [ws]],
    ],
    goal: 150,
  },
  {
    label: 'first page of a unit-view doctor’s cases, with count',
    ours: api(doctor, 'tbcase', { pageSize: 50 }),
    sql: [
      [`select ${caseCols} from tbcase t where t.workspace_id = $1 and t.owner_unit_id = $2 order by t.registration_date desc, t.id desc limit 50`, [ws, doctorUnit]],
      [boundedCount('t.workspace_id = $1 and t.owner_unit_id = $2'), [ws, doctorUnit]],
    ],
    goal: 20,
  },
  ...patientSearch('a unit-view doctor’s patients by a name fragment', doctor, fragment, { cols: 't.id, t.name, t.middle_name, t.last_name', where: inDoctorUnit, params: [doctorUnit] }),
];

console.log(`\nPOST /api/tbl/<table>/query on ${N.toLocaleString('en')} cases, ${RUNS} runs each, p50 / p95 in ms (plain pg: the same SQL by hand)`);
for (const c of cases) {
  const plain = async () => {
    for (const [text, params] of c.sql) await hand(text, params)();
  };
  for (let i = 0; i < 5; i++) {
    await c.ours();
    await plain();
  }
  const ours = percentiles(await timeIt(c.ours, RUNS));
  const same = percentiles(await timeIt(plain, RUNS));
  const verdict = ours.p95 <= c.goal ? 'ok' : `OVER ${c.goal} ms`;
  console.log(`  ${c.label.padEnd(62)} platform ${ours.p50.toFixed(1).padStart(6)} / ${ours.p95.toFixed(1).padStart(6)}   plain pg ${same.p50.toFixed(1).padStart(6)} / ${same.p95.toFixed(1).padStart(6)}   goal ≤ ${c.goal}: ${verdict}`);
  if (explain) {
    for (const [text, params] of c.sql) {
      const plan = await pool.query(`explain (analyze, buffers off, costs off) ${text}`, params);
      console.log(plan.rows.map((r) => `      ${r['QUERY PLAN']}`).join('\n'));
    }
  }
}

await finishBench(postgres, [() => pool.end(), () => server.close()]);
