// The demo register holds nothing dated after today (issue 21): no outcome, registration,
// diagnosis, treatment start, birth, exam, contact examination, comment or review issue in the
// future, and no case registered or diagnosed before its patient's birth — whatever the day the
// demo is made on. (Planned dates — a treatment's end, a prescription's end — may lie ahead.)
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoCases } from '../../cases/demo.ts';
import { kysely } from '../../server/db/kysely.ts';
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
});
