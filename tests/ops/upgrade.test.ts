// Upgrades: the database of each earlier release (tests/fixtures/releases/<name>.sql.gz,
// made from its commit by tests/fixtures/make-release-fixture.ts: its migrations and its demo data)
// is loaded, this release starts on it and migrates it forward, and every row of every table the old
// release had is still there in the columns it had — save what this release's migrations say they
// change (below, each checked by its own rule); its users sign in, its cases open and take new
// changes, fed after the old ones. A database a newer release migrated is refused at start, and a
// process of the older release still running beside it stops answering ready
// (docs/production.md › Upgrades).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { startServer } from '../../app/start.ts';
import { rootDir } from '../../server/config.ts';
import { knownMigrations } from '../../server/db/orm.ts';
import { createTestDatabase, dropTestDatabase } from '../helpers/pg.ts';
import { queryOnce } from '../helpers/pg-query.ts';
import { ApiClient } from '../helpers/server.ts';
import { jobsSettled } from '../helpers/jobs.ts';

const fixtures = join(rootDir, 'tests/fixtures/releases');
const releases = readdirSync(fixtures).filter((f) => f.endsWith('.sql.gz')).map((f) => f.replace(/\.sql\.gz$/, ''));

const query = queryOnce;

/**
 * What this release's migrations change in an older database, on purpose: these tables are checked by
 * their own rules below, every other table must come out row for row as it went in.
 * - contact: a contact became a person (Migration20261129001503_contacts_tpt): its name and sex moved
 *   to a new patient record, the rest kept;
 * - patient, and the name search's words of patients (patientword, nameword): the old rows kept, the
 *   contacts' new persons added;
 * - casecube: the reports' per-case cube, a cache rebuilt over the analytic rows
 *   (Migration20261129001500_casecube_over_analytic): one row per case before and after;
 * - mikro_orm_migrations: the old ones kept, this release's added.
 */
const changedOnPurpose = new Set(['contact', 'patient', 'patientword', 'nameword', 'casecube', 'mikro_orm_migrations']);

/** Every public table's columns. */
async function columnsOf(url: string): Promise<Map<string, string[]>> {
  const rows = await query<{ table_name: string; cols: string[] }>(
    url,
    "select table_name, array_agg(column_name::text order by ordinal_position) as cols from information_schema.columns where table_schema = 'public' group by table_name",
  );
  return new Map(rows.map((r) => [r.table_name, r.cols]));
}

/** The rows of `table` in `columns` (those the table still has), each as JSON text, sorted. */
async function rowsOf(url: string, table: string, columns: string[]): Promise<string[]> {
  const list = columns.map((c) => `"${c}"`).join(', ');
  return (await query<{ j: string }>(url, `select to_jsonb(x)::text as j from (select ${list} from "${table}") x order by 1`)).map((r) => r.j);
}

describe.each(releases)('the database of release %s', (release) => {
  let url = '';
  afterAll(async () => {
    if (url) await dropTestDatabase(url);
  });

  it('is migrated forward by this release with everything it held kept, and goes on working', async () => {
    url = await createTestDatabase(`upgrade_${release}`);
    await query(url, gunzipSync(readFileSync(join(fixtures, `${release}.sql.gz`))).toString());
    const oldColumns = await columnsOf(url);
    const before = new Map<string, string[]>();
    for (const [table, cols] of oldColumns) before.set(table, await rowsOf(url, table, cols));
    const count = (t: string) => before.get(t)!.length;
    // the fixture holds a working programme's data, not empty tables
    expect([count('tbcase') > 20, count('cmdhistory') > 20, count('changelog') > 100, count('contact') > 5, count('sysuser') > 0]).toEqual([true, true, true, true, true]);
    const oldContacts = await query<{ id: string; case_id: string; name: string; gender: string; age: number; examinated: boolean; conduct: string | null }>(
      url,
      'select id, case_id, name, gender, age, examinated, conduct from contact order by id',
    );
    const migratedBefore = (await query<{ name: string }>(url, 'select name from mikro_orm_migrations order by name')).map((r) => r.name);
    const lastSeq = BigInt((await query<{ seq: string }>(url, 'select max(seq)::text as seq from changelog'))[0].seq);

    const server = await startServer({ databaseUrl: url, port: 0, host: '127.0.0.1', seedDemo: false });
    try {
      // what the start queued runs in the background (the analytic rows and the derived columns refilled): let it finish
      await jobsSettled(server.ctx, 120_000);
      // every migration of this release applied, the old ones kept
      const migrated = (await query<{ name: string }>(url, 'select name from mikro_orm_migrations order by name')).map((r) => r.name);
      expect(migrated).toEqual(knownMigrations());
      expect(migrated.slice(0, migratedBefore.length)).toEqual(migratedBefore);

      // every other table the old release had: the same rows, in the columns it had
      const newColumns = await columnsOf(url);
      const unchanged = [...oldColumns.keys()].filter((t) => !changedOnPurpose.has(t));
      expect(unchanged.length).toBeGreaterThan(40);
      for (const table of unchanged) {
        expect(newColumns.get(table), `table ${table} dropped`).toBeDefined();
        const cols = oldColumns.get(table)!;
        expect(cols.filter((c) => !newColumns.get(table)!.includes(c)), `columns of ${table} dropped`).toEqual([]);
        expect(await rowsOf(url, table, cols), `rows of ${table}`).toEqual(before.get(table));
      }

      // patients and their search words: the old rows all kept as they were, one new person per contact
      for (const table of ['patient', 'patientword', 'nameword']) {
        const after = new Set(await rowsOf(url, table, oldColumns.get(table)!));
        expect(before.get(table)!.filter((r) => !after.has(r)), `rows of ${table} lost or changed`).toEqual([]);
      }
      expect((await query(url, 'select count(*)::int as n from patient'))[0].n).toBe(count('patient') + oldContacts.length);
      // each contact: the same row, now a person named as the contact was ("first-name rest"), its sex kept
      const contacts = await query<{ id: string; case_id: string; age: number; examinated: boolean; conduct: string | null; person: string; gender: string }>(
        url,
        `select c.id, c.case_id, c.age, c.examinated, c.conduct, concat_ws(' ', p.name, p.last_name) as person, p.gender
           from contact c join patient p on p.id = c.patient_id order by c.id`,
      );
      expect(contacts).toEqual(oldContacts.map(({ name, ...c }) => ({ ...c, person: name.trim() })));
      // one contact by hand: 'Айгуль Асанова', examined 21.03.2026, became Айгуль (name) Асанова (last name)
      if (release === 'stop35-7c900b8') {
        const one = await query(url, "select p.name, p.last_name, p.gender, c.registration_date::text, c.age from contact c join patient p on p.id = c.patient_id where c.id = '3dcd4920-6dc5-4f87-b561-7080e496f1c2'");
        expect(one).toEqual([{ name: 'Айгуль', last_name: 'Асанова', gender: 'FEMALE', registration_date: '2026-03-21', age: 58 }]);
      }
      // the cube: still one row per case
      expect((await query(url, 'select count(*)::int as n from casecube'))[0].n).toBe(count('tbcase'));

      // its administrator signs in with the old password and opens an old case
      const admin = new ApiClient(server.url);
      expect((await admin.post('/api/auth/login', { login: 'ADMIN', password: 'Admin123' })).status).toBe(200);
      const [old] = await query<{ id: string; case_number: string; version: number }>(url, 'select id, case_number, version from tbcase where case_number is not null order by id limit 1');
      const read = await admin.get(`/api/tbl/tbcase/${old.id}`);
      expect([read.status, read.body.caseNumber, read.body.version]).toEqual([200, old.case_number, old.version]);
      // and writes on it: a history entry, fed after everything the old release fed
      const comment = await admin.post('/api/tbl/casecomment', { caseId: old.id, group: 'DATA', comment: 'После обновления' });
      expect(comment.status, JSON.stringify(comment.body)).toBe(200);
      const fed = await query<{ seq: string }>(url, 'select seq::text from changelog where row_id = $1', [comment.body.result]);
      expect(fed).toHaveLength(1);
      expect(BigInt(fed[0].seq)).toBeGreaterThan(lastSeq);
      expect(await query(url, 'select action from cmdhistory where entity_id = $1', [comment.body.result])).toEqual([{ action: 'create' }]);
      // a contact's new person is found by the patient search
      const [first, last] = oldContacts[0].name.trim().split(/\s+/);
      const found = await admin.post('/api/tbl/patient/search', { lastName: last, name: first });
      expect(found.status).toBe(200);
      const person = contacts.find((c) => c.id === oldContacts[0].id)!;
      expect(found.body.list.map((h: { patient: { name: string; lastName: string } }) => `${h.patient.name} ${h.patient.lastName}`)).toContain(person.person);
      expect((await admin.get('/api/health/ready')).status).toBe(200);
    } finally {
      await server.close();
    }
  }, 240_000);

  it('a database a newer release migrated is refused at start, untouched, and a running older process stops answering ready', async () => {
    const running = await startServer({ databaseUrl: url, port: 0, host: '127.0.0.1', seedDemo: false });
    try {
      const ready = () => fetch(`${running.url}/api/health/ready`).then(async (r) => [r.status, (await r.json()).checks?.migrations?.unknown]);
      expect(await ready()).toEqual([200, 0]);
      await query(url, "insert into mikro_orm_migrations (name, executed_at) values ('Migration29990101000000_a_later_release', now())");
      const before = await query(url, 'select count(*)::int as n from mikro_orm_migrations');
      await expect(startServer({ databaseUrl: url, port: 0, host: '127.0.0.1', seedDemo: false })).rejects.toThrow(/upgraded by a newer release.*Migration29990101000000_a_later_release/);
      expect(await query(url, 'select count(*)::int as n from mikro_orm_migrations')).toEqual(before);
      // the process already running (this release, now the older one) is taken out by its balancer
      expect(await ready()).toEqual([503, 1]);
    } finally {
      await running.close();
    }
  }, 120_000);
});
