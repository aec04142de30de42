// Hostile tag conditions on both databases — the real PostgreSQL of the test run and the
// embedded PGlite of `npm start`. Each payload is refused with a message that names the rule it
// broke and quotes no data (no demo patient's name, surname or birth date, no database or login
// name); the two that froze or overran the server (a polygon containment comb, a char(n)
// concatenation) are refused while another request is answered at once; and the yes/no channel
// (`case when … then 1/0`) says nothing to a user who may not read the workspace's cases.
import { readFileSync } from 'node:fs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { maxConditionLength } from '../../catalogues/tags/condition-text.ts';
import type { RunningServer } from '../../app/start.ts';
import { startPgliteServer } from '../helpers/pglite.ts';
import { kysely } from '../../server/db/kysely.ts';
import { ApiClient, startTestServer, type TestServer } from '../helpers/server.ts';
import { createUser } from '../helpers/users.ts';

const demoPatients = JSON.parse(readFileSync('catalogues/demo/12-patient.json', 'utf8')) as Record<string, string>[];
/** What must never appear in an answer: every demo patient's names and birth date. */
const secrets = demoPatients.flatMap((p) => [p.name, p.middleName, p.lastName, p.birthDate]).filter(Boolean);

/** The polygon comb: containment grows exponentially with the number of teeth k. */
function comb(k: number) {
  const teeth = Array.from({ length: k }, (_, i) => k - i).map((x) => `(${x},10),(${x},1),(${x},10)`).join(',');
  return `'((0,0),(${k + 1},0),(${k + 1},10),${teeth},(0,10))'::polygon @> '((0.5,5),(${k}.5,5),(${k}.5,5.5),(0.5,5.5))'::polygon`;
}
const charConcat = (n: number) => `length(${Array.from({ length: n }, () => "'x'::char(10485760)").join(' || ')}) > 0`;

/** Every payload of the issue, each refused for everyone, before or by the database. */
const payloads: [string, string][] = [
  ['a name cast to regclass', 'cast(patient.name as regclass) is null'],
  ['a surname as the condition', "coalesce(patient.last_name,'-')"],
  ['a birth date cast to regclass', 'patient.birth_date::text::regclass is null'],
  ['a count of patients', '(select count(*) from patient)::text::regclass is null'],
  ['the database name', 'current_catalog::regclass is null'],
  ['the login', 'session_user::regclass is null'],
  ['the system user', 'system_user::regclass is null'],
  ['the current user', "current_user = 'postgres'"],
  ['a tsquery syntax error', "(patient.last_name||' '||patient.name||' '||patient.birth_date::text||' & &')::tsquery is null"],
  ['all patients in one array', "array(select patient.last_name||' '||patient.name from patient)::text::regclass is null"],
  ['a regrole cast', 'patient.last_name::regrole is null'],
  ['a quoted regrole type', 'cast(patient.name as "regrole") is null'],
  ['an xml cast', 'cast(patient.name as xml) is null'],
  ['a jsonb containment', "patient.name::jsonb @> '{}'"],
  ['row_to_json in attribute notation', 'tbcase.row_to_json is not null'],
  ['to_jsonb in attribute notation', 'tbcase.to_jsonb is not null'],
  ['num_nulls in attribute notation', 'tbcase.num_nulls > 0'],
  ['quote_literal on a row', '(row(1)).quote_literal is not null'],
  ['a quoted, spaced attribute call', 'tbcase . "to_jsonb" is not null'],
  ['an attribute call on a parenthesised table', "(patient).quote_ident = 'x'"],
  ['a column of the other table', "patient.state = 'CLOSED'"],
  ['the polygon comb (k = 30)', comb(30)],
  ['the polygon comb (k = 14)', comb(14)],
  ['a box', "'((0,0),(1,1))'::box && '((0,0),(2,2))'::box"],
  ['a path through its operator', "'[(0,0),(1,1)]' ?# '[(0,1),(1,0)]'"],
  ['the char(n) concatenation (170 × 10 MB)', charConcat(170)],
  ['a shorter char(n) concatenation', charConcat(12)],
  ['a varchar length', "cast(patient.name as varchar(10485760)) = 'x'"],
  ['a condition over the length cap', `tbcase.state in (${Array.from({ length: 400 }, (_, i) => `'S${i}'`).join(',')})`],
  ['a non-ASCII space outside quotes', "tbcase.state\u00a0= 'CLOSED'"],
];

interface Db {
  label: string;
  server: RunningServer;
  admin: ApiClient;
  /** TAGS with "can modify" only: 403 on the case tables. */
  tagsOnly: ApiClient;
  /** TAGS and CASEMAN, but a view of one unit: may not read every case of the workspace. */
  unitReader: ApiClient;
  /** Names the answer must not contain: the database and its login. */
  names: string[];
}

async function users(server: RunningServer, login: (l: string, p: string) => Promise<ApiClient>, admin: ApiClient) {
  const asTest = { ...server, login } as unknown as TestServer;
  const tagsOnly = await createUser(asTest, admin, 'TAGSONLY', [{ permission: 'TAGS', canChange: true }]);
  const unitReader = await createUser(asTest, admin, 'UNITREADER', [{ permission: 'TAGS', canChange: true }, { permission: 'CASEMAN' }], 'Passw0rd', { view: 'UNIT' });
  return { tagsOnly, unitReader };
}

const dbs: Db[] = [];
let pgServer: TestServer;

beforeAll(async () => {
  pgServer = await startTestServer();
  const pgAdmin = await pgServer.login();
  const url = new URL(pgServer.databaseUrl);
  dbs.push({ label: 'PostgreSQL', server: pgServer, admin: pgAdmin, ...(await users(pgServer, (l, p) => pgServer.login(l, p), pgAdmin)), names: [url.pathname.slice(1), decodeURIComponent(url.username)] });

  const lite = await startPgliteServer();
  const login = async (l: string, p: string) => {
    const c = new ApiClient(lite.url);
    await c.post('/api/auth/login', { login: l, password: p });
    return c;
  };
  const liteAdmin = await login('ADMIN', 'Admin123');
  dbs.push({ label: 'PGlite', server: lite, admin: liteAdmin, ...(await users(lite, login, liteAdmin)), names: ['template1', 'postgres'] });
}, 300_000); // two servers and four password hashes: slow on a loaded machine
afterAll(async () => {
  for (const d of dbs) await d.server.close();
});

const tagCount = async (d: Db) => Number((await sql<{ n: string }>`select count(*) as n from tag`.execute(kysely(d.server.ctx.orm.em.fork()))).rows[0].n);

/** Asserts an answer is a refusal on sqlCondition that quotes no data. */
function expectRefusedQuietly(d: Db, r: { status: number; body: any }, what: string) {
  expect(r.status, what).toBe(400);
  expect(r.body.errors).toHaveLength(1);
  expect(r.body.errors[0].field).toBe('sqlCondition');
  expect(r.body.errors[0].msg).toMatch(/^Условие SQL: /);
  const text = JSON.stringify(r.body);
  for (const s of [...secrets, ...d.names]) expect(text, `${what} quotes «${s}»`).not.toContain(s);
  expect(text).not.toMatch(/does not exist|syntax error in tsquery|relation "|role "|invalid input/);
}

describe.each(['PostgreSQL', 'PGlite'])('hostile tag conditions on %s', (label) => {
  const db = () => dbs.find((d) => d.label === label)!;

  it('the tags-only user really is kept out of the case tables (so the channels below matter)', async () => {
    expect((await db().tagsOnly.post('/api/tbl/patient/query', {})).status).toBe(403);
    expect((await db().tagsOnly.post('/api/tbl/tbcase/query', {})).status).toBe(403);
    expect(db().names.every(Boolean)).toBe(true);
  });

  it.each(payloads)('refuses %s, for the administrator and for a tags-only user, quoting no data', async (what, sqlCondition) => {
    const d = db();
    const before = await tagCount(d);
    for (const client of [d.admin, d.tagsOnly, d.unitReader]) {
      expectRefusedQuietly(d, await client.post('/api/tbl/tag', { name: `Враждебная ${what}`, sqlCondition }), what);
    }
    expect(await tagCount(d)).toBe(before);
  });

  it('says which rule failed, in Russian and in English', async () => {
    const d = db();
    const msg = async (sqlCondition: string) => (await d.admin.post('/api/tbl/tag', { name: 'Почему', sqlCondition })).body.errors[0].msg;
    expect(await msg(comb(30))).toMatch(/^Условие SQL: слово «polygon» не разрешено/);
    expect(await msg(charConcat(170))).toBe(`Условие SQL: условие длиннее ${maxConditionLength} символов`);
    expect(await msg(charConcat(12))).toBe('Условие SQL: длина или точность типа «char(…)» не разрешена');
    expect(await msg('tbcase.row_to_json is not null')).toBe('Условие SQL: после точки может стоять только столбец таблицы tbcase или patient, а не «row_to_json»');
    expect(await msg('cast(patient.last_name as integer) > 0')).toBe('Условие SQL: на данных некоторых случаев условие даёт ошибку (например, деление на ноль или неверное преобразование типа)');
    expect(await msg("coalesce(patient.last_name,'-')")).toBe('Условие SQL: несовместимые типы, неизвестный оператор или результат не логический (да/нет)');
    expect((await d.admin.post('/api/sys/language/en')).status).toBe(200);
    try {
      expect(await msg('cast(patient.last_name as integer) > 0')).toBe('SQL condition: the condition fails on the data of some case (e.g. a division by zero or a value that does not convert)');
      expect(await msg('session_user::regclass is null')).toMatch(/^SQL condition: the word «session_user» is not allowed/);
      expect(await msg('(row(1)).quote_literal is not null')).toBe('SQL condition: only a column of tbcase or patient may follow a dot, not «quote_literal»');
    } finally {
      await d.admin.post('/api/sys/language/ru');
    }
  });

  it('refuses the polygon comb and the char(n) concatenation at once, while another request is answered in under a second', async () => {
    const d = db();
    for (const sqlCondition of [comb(30), charConcat(170), charConcat(12)]) {
      const started = Date.now();
      const save = d.admin.post('/api/tbl/tag', { name: 'Гребёнка', sqlCondition }).then((r) => ({ r, ms: Date.now() - started }));
      await new Promise((r) => setTimeout(r, 20));
      const otherStarted = Date.now();
      const other = await d.tagsOnly.post('/api/tbl/tag/query', {});
      const otherMs = Date.now() - otherStarted;
      const { r, ms } = await save;
      expect(other.status).toBe(200);
      expect(otherMs).toBeLessThan(1000);
      expectRefusedQuietly(d, r, sqlCondition.slice(0, 40));
      expect(ms).toBeLessThan(3000);
    }
  });

  it('the yes/no channel: a condition that fails on one patient saves alike for a user who may not read every case', async () => {
    const d = db();
    // a zero the planner cannot fold: a constant 1/0 would fail at planning time for every surname
    const probe = (surname: string) => `case when patient.last_name = '${surname}' then 1/(length(patient.name) - length(patient.name)) else 0 end = 0`;
    const cast = (surname: string) => `case when patient.last_name = '${surname}' then cast(patient.name as integer) else 0 end = 0`;
    const real = demoPatients[0].lastName;
    // it would fail over the real cases: the administrator, who reads them all, is told so
    expectRefusedQuietly(d, await d.admin.post('/api/tbl/tag', { name: 'Проба', sqlCondition: probe(real) }), 'probe');
    expect((await d.admin.post('/api/tbl/tag', { name: 'Проба без совпадения', sqlCondition: probe('Несуществующая') })).status).toBe(200);
    // a user without the whole workspace's cases gets the same answer whether a patient matches or not
    for (const [who, client] of [['tags-only', d.tagsOnly], ['unit reader', d.unitReader]] as const) {
      for (const make of [probe, cast]) {
        const hit = await client.post('/api/tbl/tag', { name: `Проба ${who} ${make.name} 1`, sqlCondition: make(real) });
        const miss = await client.post('/api/tbl/tag', { name: `Проба ${who} ${make.name} 2`, sqlCondition: make('Несуществующая') });
        expect([hit.status, miss.status], who).toEqual([200, 200]);
        expect(Object.keys(hit.body).sort()).toEqual(Object.keys(miss.body).sort());
      }
    }
  });
});
