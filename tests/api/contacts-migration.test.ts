// The seed-era contacts of a database upgraded in place: a contact typed on a case as a
// name, a sex and an age becomes a person — a patient record, the name's first word the first name
// and the rest the last name — linked to the same index case, followed by the case's owner unit,
// registered on the day it was typed (or examined, if earlier), with the index case's resistance
// type; an examined contact whose conduct was preventive treatment or follow-up had TB excluded, one
// sent to TB treatment was presumptive; the spec's fields (type, examined, date, conduct, comments,
// age) are kept. Run on a copy of the seeded template with the contacts migration taken back, the
// old rows written as that schema held them, and the migration applied again.
import { readdirSync } from 'node:fs';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadSchemas } from '../../engine/load.ts';
import { schemasDir } from '../../server/config.ts';
import { kysely } from '../../server/db/kysely.ts';
import { migrationsPath, openOrm } from '../../server/db/orm.ts';
import { dropTestDatabase } from '../helpers/pg.ts';
import { seededDatabase, startTestServer, type TestServer } from '../helpers/server.ts';

const MIGRATION = readdirSync(migrationsPath).find((f) => f.endsWith('_contacts_tpt.ts'))!.replace(/\.ts$/, '');
let server: TestServer;
const cases: Record<string, { id: string; owner: string }> = {};

/**
 * A copy of the seeded template with the contacts migration taken back, the seed-era contacts written
 * as that schema held them, and the migration applied again; the database's address.
 */
async function upgradedWithOldContacts(name: string): Promise<string> {
  const databaseUrl = await seededDatabase(name);
  const orm = await openOrm(loadSchemas(schemasDir), { databaseUrl });
  await orm.migrator.down({ migrations: [MIGRATION] });
  const db = kysely(orm.em.fork());
  // two demo cases: a TB case and an MDR-TB one
  for (const [key, where] of [['tb', sql`classification = 'TB' and diagnosis_type = 'CONFIRMED'`], ['mdr', sql`classification = 'DRTB'`]] as const) {
    const c = (await sql<{ id: string; owner_unit_id: string }>`select id, owner_unit_id from tbcase where ${where} order by registration_date, id limit 1`.execute(db)).rows[0];
    cases[key] = { id: c.id, owner: c.owner_unit_id };
  }
  await sql`update tbcase set drug_resistance_type = 'MDR' where id = ${cases.mdr.id}`.execute(db);
  const ws = (await sql<{ workspace_id: string }>`select workspace_id from tbcase where id = ${cases.tb.id}`.execute(db)).rows[0].workspace_id;
  const old = (id: string, caseId: string, name: string, gender: string, age: number, type: string, examined: boolean, date: string | null, conduct: string | null, created: string) =>
    sql`insert into contact (id, workspace_id, case_id, name, gender, age, contact_type, examinated, date_of_examination, conduct, comments, created_at)
        values (${id}, ${ws}, ${caseId}, ${name}, ${gender}, ${age}, ${type}, ${examined}, ${date}, ${conduct}, 'Старая запись', ${created})`.execute(db);
  await old('00000000-0000-4000-8000-0000000000a1', cases.tb.id, 'Гульмира Садыкова', 'FEMALE', 34, 'household', true, '2025-02-01', 'conduct1', '2025-03-10T08:00:00Z');
  await old('00000000-0000-4000-8000-0000000000a2', cases.tb.id, '  Бакыт  ', 'MALE', 7, 'institutional', false, null, null, '2025-03-11T08:00:00Z');
  await old('00000000-0000-4000-8000-0000000000a3', cases.mdr.id, 'Нурлан Осмонов уулу', 'MALE', 40, 'nosocomial', true, '2025-04-02', 'conduct2', '2025-03-12T08:00:00Z');
  await old('00000000-0000-4000-8000-0000000000a4', cases.mdr.id, 'Елена Смирнова', 'FEMALE', 60, 'household', true, '2025-04-02', 'conduct4', '2025-03-12T08:00:00Z');
  await orm.migrator.up({ migrations: [MIGRATION] });
  await orm.close(true);
  return databaseUrl;
}

let databaseUrl: string;
beforeAll(async () => {
  databaseUrl = await upgradedWithOldContacts('contacts-migration');
  server = await startTestServer({ databaseUrl });
}, 300_000);
afterAll(async () => {
  await server?.close();
});

const contactRow = async (id: string) => {
  const admin = await server.login();
  const r = await admin.get(`/api/tbl/contact/${id}`);
  expect(r.status, JSON.stringify(r.body)).toBe(200);
  const person = (await admin.get(`/api/tbl/patient/${r.body.patientId}`)).body;
  return { ...r.body, person };
};

describe('the seed-era contacts, upgraded', () => {
  it('become persons named by their words: the first the first name, the rest the last name', async () => {
    expect((await contactRow('00000000-0000-4000-8000-0000000000a1')).person).toMatchObject({ name: 'Гульмира', lastName: 'Садыкова', gender: 'FEMALE' });
    const single = (await contactRow('00000000-0000-4000-8000-0000000000a2')).person;
    expect(single).toMatchObject({ name: 'Бакыт', gender: 'MALE' });
    expect(single.lastName ?? null).toBeNull();
    expect((await contactRow('00000000-0000-4000-8000-0000000000a3')).person).toMatchObject({ name: 'Нурлан', lastName: 'Осмонов уулу' });
  });

  it('stay on their index case, followed by its owner unit, with its resistance type, and keep the spec’s fields', async () => {
    const a1 = await contactRow('00000000-0000-4000-8000-0000000000a1');
    expect(a1).toMatchObject({ caseId: cases.tb.id, unitId: cases.tb.owner, indexResistance: 'DS', age: 34, contactType: 'household', examinated: true, dateOfExamination: '2025-02-01', conduct: 'conduct1', comments: 'Старая запись' });
    expect(await contactRow('00000000-0000-4000-8000-0000000000a3')).toMatchObject({ caseId: cases.mdr.id, unitId: cases.mdr.owner, indexResistance: 'MDR' });
  });

  it('are registered on the day typed, or examined if earlier', async () => {
    expect((await contactRow('00000000-0000-4000-8000-0000000000a1')).registrationDate).toBe('2025-02-01');
    expect((await contactRow('00000000-0000-4000-8000-0000000000a2')).registrationDate).toBe('2025-03-11');
    expect((await contactRow('00000000-0000-4000-8000-0000000000a3')).registrationDate).toBe('2025-03-12');
  });

  it('read their evaluation from their conduct: preventive treatment → TB excluded, TB treatment → presumptive, no action → not said', async () => {
    expect((await contactRow('00000000-0000-4000-8000-0000000000a1')).evaluationOutcome).toBe('TB_EXCLUDED');
    expect((await contactRow('00000000-0000-4000-8000-0000000000a3')).evaluationOutcome).toBe('PRESUMPTIVE_TB');
    expect((await contactRow('00000000-0000-4000-8000-0000000000a4')).evaluationOutcome ?? null).toBeNull();
    const waiting = await contactRow('00000000-0000-4000-8000-0000000000a2');
    expect(waiting.examinated).toBe(false);
    expect(waiting.evaluationOutcome ?? null).toBeNull();
  });

  it('are listed on their case page and found by the patient search', async () => {
    const admin = await server.login();
    const list = (await admin.get(`/api/cases/case/${cases.tb.id}/contacts`)).body.list;
    expect(list.map((r: any) => r.person.name).sort()).toEqual(['Бакыт', 'Садыкова Гульмира']);
    const found = await admin.post('/api/tbl/patient/search', { lastName: 'Садыкова', name: 'Гульмира' });
    expect(found.body.list.length).toBeGreaterThan(0);
  });
});

describe('an offline client upgrading the same contacts', () => {
  it("makes the same persons as the server: each contact's person id is made from the contact's, not drawn at random", async () => {
    // the client runs the same migration on its own copy of the rows: the feed carries no new ids
    const personsOf = async (url: string) => {
      const orm = await openOrm(loadSchemas(schemasDir), { databaseUrl: url });
      try {
        return (await sql<{ id: string; patient_id: string }>`select id, patient_id from contact where id::text like '00000000-0000-4000-8000-0000000000a%' order by id`.execute(kysely(orm.em.fork()))).rows;
      } finally {
        await orm.close(true);
      }
    };
    const onServer = await personsOf(databaseUrl);
    const clientUrl = await upgradedWithOldContacts('contacts-migration-client');
    try {
      expect(onServer).toHaveLength(4);
      expect(new Set(onServer.map((r) => r.patient_id)).size).toBe(4);
      expect(await personsOf(clientUrl)).toEqual(onServer);
    } finally {
      await dropTestDatabase(clientUrl);
    }
  }, 300_000);
});
