// The demo register holds nothing dated after today (issue 21): no outcome, registration,
// diagnosis, treatment start, birth, exam, contact examination, comment or review issue in the
// future, and no case registered or diagnosed before its patient's birth — whatever the day the
// demo is made on. (Planned dates — a treatment's end, a prescription's end — may lie ahead.) And
// the whole register is in the change feed, though it is generated beside the writer.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoCases } from '../../cases/demo.ts';
import { kysely } from '../../server/db/kysely.ts';
import { readFeed } from '../helpers/feed.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';

let server: TestServer;
const db = () => kysely(server.ctx.orm.em.fork());

/** Table → the columns of things that have happened. */
const HAPPENED: Record<string, string[]> = {
  tbcase: ['registration_date', 'diagnosis_date', 'ini_treatment_date', 'outcome_date', 'move_date'],
  patient: ['birth_date'],
  exammic: ['date'], examxpert: ['date'], examcul: ['date'],
  contact: ['date_of_examination'],
  casecomment: ['date'], issue: ['creation_date'], issuefollowup: ['followup_date'],
};

beforeAll(async () => {
  server = await startTestServer();
  // the register `npm start` makes on a fresh database (TB_DEMO_CASES), here 400 cases
  await seedDemoCases({ ...server.ctx, config: { ...server.ctx.config, demoCases: 400 } }, { login: 'ADMIN', password: 'Admin123' });
}, 300_000);
afterAll(() => server?.close());

describe('the demo data', () => {
  it('has cases in every state, and nothing that happened is dated after today', async () => {
    const states = await sql<{ state: string }>`select distinct state from tbcase`.execute(db());
    expect(states.rows.map((r) => r.state).sort()).toEqual(['CLOSED', 'NOT_ONTREATMENT', 'ONTREATMENT']);
    const future: string[] = [];
    for (const [table, columns] of Object.entries(HAPPENED)) {
      for (const column of columns) {
        const r = await sql<{ n: number }>`select count(*)::int as n from ${sql.table(table)} where ${sql.ref(column)}::date > current_date`.execute(db());
        if (r.rows[0].n) future.push(`${table}.${column}: ${r.rows[0].n}`);
      }
    }
    expect(future).toEqual([]);
  });

  it('registers and diagnoses no case before its patient’s birth', async () => {
    const r = await sql<{ n: number }>`
      select count(*)::int as n from tbcase c join patient p on p.id = c.patient_id
       where c.registration_date < p.birth_date or c.diagnosis_date < p.birth_date`.execute(db());
    expect(r.rows[0].n).toBe(0);
  });

  it('is in the change feed: every generated row has its create, so a client reading from the start gets the whole register', async () => {
    // the tables the generators write set-based, beside the table writer
    const generated = ['patient', 'tbcase', 'treatment', 'treatunit', 'prescription', 'adherence', 'exammic', 'examxpert', 'examcul',
      'casecomment', 'issue', 'issuefollowup', 'contact', 'sideeffect', 'prevtreat'];
    const unfed: string[] = [];
    for (const table of generated) {
      const r = await sql<{ rows: number; unfed: number }>`
        select count(*)::int as rows, count(*) filter (where not exists (
                 select 1 from changelog c where c.table_name = ${table} and c.row_id = t.id and c.op = 'create'))::int as unfed
          from ${sql.table(table)} t`.execute(db());
      expect(r.rows[0].rows, table).toBeGreaterThan(0);
      if (r.rows[0].unfed) unfed.push(`${table}: ${r.rows[0].unfed} of ${r.rows[0].rows}`);
    }
    expect(unfed).toEqual([]);
    // as the administrator reads it: a case's create carries its number, before the derived update of its latest results
    const admin = await server.login();
    const anyCase = (await sql<{ id: string; case_number: string }>`select id, case_number from tbcase where diagnosis_type = 'CONFIRMED' order by id limit 1`.execute(db())).rows[0];
    const feed = await readFeed(admin);
    const ofCase = feed.changes.filter((c) => c.id === anyCase.id);
    expect(ofCase[0]).toMatchObject({ table: 'tbcase', op: 'create', version: 1, data: expect.objectContaining({ caseNumber: anyCase.case_number }) });
    expect(ofCase.slice(1).every((c) => c.op === 'update' && c.version > 1)).toBe(true);
  });
});
