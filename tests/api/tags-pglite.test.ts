// The tag sandbox on the embedded PGlite that `npm start` uses: the role and the views work there
// too; only the statement timeout does not (see catalogues/tags/sandbox.ts). The gate keeps every
// evaluation cheap (catalogues/tags/condition-text.ts) and the condition runs over the cases in
// batches, with the clock read between them (catalogues/tags/check-condition.ts).
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { maxConditionLength } from '../../catalogues/tags/condition-text.ts';
import type { RunningServer } from '../../app/start.ts';
import { startPgliteServer } from '../helpers/pglite.ts';
import { kysely } from '../../server/db/kysely.ts';
import { ApiClient } from '../helpers/server.ts';

let server: RunningServer;
let admin: ApiClient;
const db = () => kysely(server.ctx.orm.em.fork());
const count = async (table: string) => Number((await sql<{ n: string }>`select count(*) as n from ${sql.table(table)}`.execute(db())).rows[0].n);

beforeAll(async () => {
  server = await startPgliteServer();
  admin = new ApiClient(server.url);
  await admin.post('/api/auth/login', { login: 'ADMIN', password: 'Admin123' });
  // 3000 patients with a case each, straight into the tables (no case API yet)
  const ws = (await admin.post('/api/sys/session')).body.workspaceId;
  const unit = (await admin.post('/api/tbl/unit/query', { pageSize: 1, page: 1 })).body.list[0].id;
  await sql`insert into patient (id, workspace_id, name, gender)
    select gen_random_uuid(), ${ws}, 'Пациент ' || i, case when i % 2 = 0 then 'MALE' else 'FEMALE' end from generate_series(1, 3000) i`.execute(db());
  await sql`insert into tbcase (id, workspace_id, patient_id, owner_unit_id, state, diagnosis_type, classification, validated, transferring)
    select gen_random_uuid(), p.workspace_id, p.id, ${unit}, 'ONTREATMENT', 'CONFIRMED', 'TB', false, false from patient p`.execute(db());
  // The inserts held this process (the server is in it) past the server's keep-alive timeout: let it
  // close the idle connection now rather than as the next request is written on it (ECONNRESET).
  await new Promise((r) => setTimeout(r, 100));
}, 300_000); // may wait for the run's seeded PGlite folder to be built (tests/helpers/pglite.ts: the demo with its stock)
afterAll(() => server?.close());

/** Saves a tag with the condition; the answer and how long it took. */
async function save(sqlCondition: string) {
  const started = Date.now();
  const r = await admin.post('/api/tbl/tag', { name: `Отметка ${Math.random()}`, sqlCondition });
  return { status: r.status, errors: r.body.errors as { field: string; msg: string }[] | undefined, ms: Date.now() - started };
}

describe('tag conditions on PGlite', () => {
  // A fresh process, 3,000 cases, no statistics (PGlite never analyzes): each check costs its own
  // cases, not every patient of the workspace per case (the batches' patient CTE, fixed after 58ad816).
  it('accepts good conditions: comparisons, like, and the cheap functions', async () => {
    for (const sqlCondition of [
      "tbcase.classification = 'DRTB'",
      "lower(patient.name) like 'пациент 1%' and tbcase.state <> 'CLOSED'",
      "coalesce(tbcase.outcome, '') = '' and extract(year from age(coalesce(patient.birth_date, current_date))) < 65",
      "tbcase.classification in ('DRTB', 'NTM') or length(trim(patient.name)) > 200",
      // a uuid whose first group reads like an exponent number ('1e5…') is no number
      "tbcase.id <> '1e5d7a2c-0b6f-4c1e-9a77-3d2f5b8e6c10'::uuid",
    ]) {
      expect((await save(sqlCondition)).status, sqlCondition).toBe(200);
    }
  });

  const refused: [string, string, RegExp][] = [
    ['the cross join that froze the server for 5 s', '(select count(*) from unnest(array_fill(1, array[9000])) a, unnest(array_fill(1, array[9000])) b) < 0', /подзапросы \(«select»\)/],
    ['array_fill without a subquery', 'array_length(array_fill(1, array[90000000]), 1) > 0', /функция «array_length» не разрешена: в условии можно вызывать только lower, upper, .*coalesce/],
    ['a quoted array_fill', '"array_fill"(1, array[90000000]) is not null', /функция «array_fill»/],
    ['repeat', "length(repeat('x', 100000000)) > 0", /функция «repeat»/],
    ['string_agg over unnest', "length((select string_agg('x', '') from unnest(array_fill(1, array[9000])))) > 0", /подзапросы/],
    ['a query without select', 'exists (values (1), (2))', /подзапросы \(«exists»\)/],
    ['values alone', '(values (1), (2)) is not null', /подзапросы \(«values»\)/],
    ['a whole table', '(table tbcase) is not null', /подзапросы \(«table»\)/],
    ['a regular expression', "patient.name || 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaa' ~ '^(a|aa)*(a|aa)*b'", /оператор «~»/],
    ['similar to', "patient.name similar to '%(a|aa)*%'", /оператор «similar to»/],
    ['a power', '(length(patient.name) + 9.0) ^ 100000 > 0', /оператор «\^»/],
    ['a huge number in a string', "('1e65000'::numeric - length(patient.name)) * ('1e65000'::numeric - 1) > 0", /экспоненциальной записи/],
    ['a huge number literal', '(1e65000 - length(patient.name)) > 0', /экспоненциальной записи/],
    ['a huge number built by concatenation', "(('1e' || '65000')::numeric - length(patient.name)) * (('1e' || '65000')::numeric - 1) > 0", /слово «numeric» не разрешено/],
    ['a 10 MB padded string per row', "''::char(10485760) like '%' || patient.name", /типа «char\(…\)»/],
    ['pg_sleep', 'pg_sleep(10) is null', /pg_sleep/],
    ['the real table', 'exists (select 1 from "public"."sysuser")', /подзапросы|public/],
  ];

  it.each(refused)('refuses %s with a field error that says why, quickly', async (_what, sqlCondition, why) => {
    const tags = await count('tag');
    const r = await save(sqlCondition);
    expect(r.status).toBe(400);
    expect(r.errors).toHaveLength(1);
    expect(r.errors![0].field).toBe('sqlCondition');
    expect(r.errors![0].msg).toMatch(why);
    expect(r.ms).toBeLessThan(1000);
    expect(await count('tag')).toBe(tags);
  });

  it('stops a condition that passes the gate but is slow over many cases, at about the timeout', async () => {
    // the costliest allowed expression found within the length cap: ~0.5–2 ms a row, seconds over
    // the cases if nothing stopped it
    const slow = `length(patient.name) * ${Array.from({ length: 240 }, () => '(1.0/7)').join('*')} > 0`;
    expect(slow.length).toBeLessThanOrEqual(maxConditionLength);
    // 12,000 cases in all, so that even a fast, quiet machine (well under 1 ms a row) needs more than the limit
    const ws = (await admin.post('/api/sys/session')).body.workspaceId;
    const unit = (await admin.post('/api/tbl/unit/query', { pageSize: 1, page: 1 })).body.list[0].id;
    await sql`insert into patient (id, workspace_id, name, gender)
      select gen_random_uuid(), ${ws}, 'Ещё пациент ' || i, 'MALE' from generate_series(1, 9000) i`.execute(db());
    await sql`insert into tbcase (id, workspace_id, patient_id, owner_unit_id, state, diagnosis_type, classification, validated, transferring)
      select gen_random_uuid(), p.workspace_id, p.id, ${unit}, 'ONTREATMENT', 'CONFIRMED', 'TB', false, false from patient p where p.name like 'Ещё пациент %'`.execute(db());
    await new Promise((r) => setTimeout(r, 100)); // the keep-alive, as in beforeAll
    const r = await save(slow);
    expect(r.errors?.[0]).toMatchObject({ field: 'sqlCondition', msg: expect.stringMatching(/слишком долго \(более 2 с\)/) });
    expect(r.ms).toBeLessThan(10_000); // 2 s of CPU, or 6 s of wall time on a loaded machine
    // and the server answers others at once afterwards
    const started = Date.now();
    expect((await admin.post('/api/sys/session')).status).toBe(200);
    expect(Date.now() - started).toBeLessThan(1000);
  });

  it('runs the condition as the sandbox role', async () => {
    const { inSandbox } = await import('../../catalogues/tags/sandbox.ts');
    const ws = (await admin.post('/api/sys/session')).body.workspaceId;
    const who = await server.ctx.orm.em.fork().transactional((em) => inSandbox(em, server.ctx, ws, async (d) => (await sql<{ u: string }>`select current_user as u`.execute(d)).rows[0].u));
    expect(who).toBe('tb_tag_sandbox');
    await expect(server.ctx.orm.em.fork().transactional((em) => inSandbox(em, server.ctx, ws, (d) => sql`select * from public.sysuser`.execute(d)))).rejects.toThrow(/permission denied/);
  });
});
