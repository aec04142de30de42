/**
 * `npm run bench:query [N]`: the generic query path at national scale. Fills the demo workspace of a
 * throwaway PostgreSQL with N (default 1,000,000) generated patients and cases, then times through
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
import { generateCases } from '../../cases/generate.ts';
import { startServer } from '../../app/start.ts';
import { encodeCursor } from '../../server/tbl/keyset.ts';
import { kysely } from '../../server/db/kysely.ts';
import { startPostgres } from '../setup/postgres.ts';
import { percentiles, timeIt } from './timing.ts';

const N = Number(process.argv.find((a) => /^\d+$/.test(a)) ?? 1_000_000);
const explain = process.argv.includes('--explain');
const RUNS = 60;

const postgres = await startPostgres();
const root = new pg.Client({ connectionString: postgres.url });
await root.connect();
await root.query('drop database if exists bench_query');
await root.query('create database bench_query');
await root.end();
const databaseUrl = postgres.url.replace(/\/[^/]*$/, '/bench_query');
const server = await startServer({ databaseUrl, port: 0, host: '127.0.0.1', seedDemo: true });
const db = kysely(server.ctx.orm.em.fork());
const ws = (await db.selectFrom('workspace').select('id').executeTakeFirstOrThrow()).id as string;

const started = Date.now();
await generateCases(db, ws, N, { onProgress: (done) => process.stdout.write(`\r  generating ${done} / ${N}`) });
await sql`vacuum analyze patient`.execute(db);
await sql`vacuum analyze tbcase`.execute(db);
console.log(`\n  ${N} patients and cases generated in ${((Date.now() - started) / 1000).toFixed(0)} s`);

const login = async (login: string, password: string) => {
  const r = await fetch(`${server.url}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json', [clientHeader]: '1' }, body: JSON.stringify({ login, password }) });
  if (r.status !== 200) throw new Error(`login ${login}: ${r.status}`);
  return r.headers.get('set-cookie')!.split(';')[0];
};
const admin = await login('ADMIN', 'Admin123');
const doctor = await login('DOCTOR1', 'Doctor123');
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
const cases: { label: string; ours: () => Promise<void>; sql: [string, unknown[]][]; goal: number }[] = [
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
  {
    label: `patients by a name fragment «${fragment}», page`,
    ours: api(admin, 'patient', { pageSize: 50, count: false, key: fragment }),
    sql: [
      [`select t.id, t.name, t.middle_name, t.last_name, t.gender, t.birth_date from patient t where t.workspace_id = $1 and (t.name ilike $2 or t.middle_name ilike $2 or t.last_name ilike $2) order by t.last_name, t.name, t.id limit 50`, [ws, `%${fragment}%`]],
    ],
    goal: 20,
  },
  {
    label: `patients by a name fragment «${fragment}», with count`,
    ours: api(admin, 'patient', { pageSize: 50, key: fragment }),
    sql: [
      [`select t.id, t.name, t.middle_name, t.last_name, t.gender, t.birth_date from patient t where t.workspace_id = $1 and (t.name ilike $2 or t.middle_name ilike $2 or t.last_name ilike $2) order by t.last_name, t.name, t.id limit 50`, [ws, `%${fragment}%`]],
      [`select count(*) from (select 1 from patient t where t.workspace_id = $1 and (t.name ilike $2 or t.middle_name ilike $2 or t.last_name ilike $2) limit 10001) m`, [ws, `%${fragment}%`]],
    ],
    goal: 150,
  },
  {
    label: `patients by a surname fragment «${surname}», page`,
    ours: api(admin, 'patient', { pageSize: 50, count: false, key: surname }),
    sql: [
      [`select t.id, t.name, t.middle_name, t.last_name, t.gender, t.birth_date from patient t where t.workspace_id = $1 and (t.name ilike $2 or t.middle_name ilike $2 or t.last_name ilike $2) order by t.last_name, t.name, t.id limit 50`, [ws, `%${surname}%`]],
    ],
    goal: 20,
  },
  {
    label: `patients by a surname fragment «${surname}», with count`,
    ours: api(admin, 'patient', { pageSize: 50, key: surname }),
    sql: [
      [`select t.id, t.name, t.middle_name, t.last_name, t.gender, t.birth_date from patient t where t.workspace_id = $1 and (t.name ilike $2 or t.middle_name ilike $2 or t.last_name ilike $2) order by t.last_name, t.name, t.id limit 50`, [ws, `%${surname}%`]],
      [`select count(*) from (select 1 from patient t where t.workspace_id = $1 and (t.name ilike $2 or t.middle_name ilike $2 or t.last_name ilike $2) limit 10001) m`, [ws, `%${surname}%`]],
    ],
    goal: 150,
  },
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
  {
    label: 'a unit-view doctor’s patients by a name fragment, page',
    ours: api(doctor, 'patient', { pageSize: 50, count: false, key: fragment }),
    sql: [
      [`select t.id, t.name, t.middle_name, t.last_name from patient t where t.workspace_id = $1 and (t.name ilike $2 or t.middle_name ilike $2 or t.last_name ilike $2) and exists (select 1 from tbcase v where v.patient_id = t.id and v.workspace_id = $1 and (v.owner_unit_id = $3 or v.transfer_from_unit_id = $3)) order by t.last_name, t.name, t.id limit 50`, [ws, `%${fragment}%`, doctorUnit]],
    ],
    goal: 20,
  },
  {
    label: 'a unit-view doctor’s patients by a name fragment, with count',
    ours: api(doctor, 'patient', { pageSize: 50, key: fragment }),
    sql: [
      [`select t.id, t.name, t.middle_name, t.last_name from patient t where t.workspace_id = $1 and (t.name ilike $2 or t.middle_name ilike $2 or t.last_name ilike $2) and exists (select 1 from tbcase v where v.patient_id = t.id and v.workspace_id = $1 and (v.owner_unit_id = $3 or v.transfer_from_unit_id = $3)) order by t.last_name, t.name, t.id limit 50`, [ws, `%${fragment}%`, doctorUnit]],
      [`select count(*) from (select 1 from patient t where t.workspace_id = $1 and (t.name ilike $2 or t.middle_name ilike $2 or t.last_name ilike $2) and exists (select 1 from tbcase v where v.patient_id = t.id and v.workspace_id = $1 and (v.owner_unit_id = $3 or v.transfer_from_unit_id = $3)) limit 10001) m`, [ws, `%${fragment}%`, doctorUnit]],
    ],
    goal: 150,
  },
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

process.on('uncaughtException', (e: any) => {
  if (e?.code !== '57P01') throw e;
});
await pool.end();
await server.close();
await postgres.stop();
process.exit(0);
