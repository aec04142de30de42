// The demo's contacts and TPT courses, a seed step after the case register: children
// under five among the contacts, contacts waiting for evaluation, presumptive ones, ones not
// evaluated with a reason; courses not started, running, interrupted, completed and lost — and every
// row written beside the writer passes its table's schema and the TPT rules as a write would (a
// completed course has its regimen's doses taken), so the screens and the worklist have something
// true to show.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoContacts } from '../../cases/contacts/demo.ts';
import { seedDemoCases } from '../../cases/demo.ts';
import { consistencyRefusal } from '../../cases/tpt/rules.ts';
import { kysely } from '../../server/db/kysely.ts';
import { startTestServer, type ApiClient, type TestServer } from '../helpers/server.ts';

let server: TestServer;
let admin: ApiClient;
const db = () => kysely(server.ctx.orm.em.fork());
const count = async (where: ReturnType<typeof sql>) => (await sql<{ n: number }>`select count(*)::int as n from ${where}`.execute(db())).rows[0].n;

beforeAll(async () => {
  server = await startTestServer();
  const demo = { ...server.ctx, config: { ...server.ctx.config, demoCases: 200 } };
  await seedDemoCases(demo, { login: 'ADMIN', password: 'Admin123' });
  await seedDemoContacts(demo, { login: 'ADMIN', password: 'Admin123' });
  admin = await server.login();
}, 300_000);
afterAll(() => server?.close());

describe('the demo contacts', () => {
  it('has children under five, contacts waiting, presumptive, and not evaluated with a reason', async () => {
    expect(await count(sql`contact where age < 5`)).toBeGreaterThan(0);
    expect(await count(sql`contact where not examinated and not_evaluated_reason is null`)).toBeGreaterThan(0);
    expect(await count(sql`contact where evaluation_outcome = 'PRESUMPTIVE_TB'`)).toBeGreaterThan(0);
    expect(await count(sql`contact where not_evaluated_reason is not null`)).toBeGreaterThan(0);
    // about 2.5 contacts per confirmed pulmonary index case
    const index = await count(sql`(select distinct case_id from contact) x`);
    expect((await count(sql`contact`)) / index).toBeGreaterThan(2);
  });

  it('has courses not started, running, interrupted, completed and lost', async () => {
    const rows = (await sql<{ status: string; outcome: string | null }>`select distinct status, outcome from tptcourse`.execute(db())).rows.map((r) => `${r.status}/${r.outcome ?? ''}`);
    expect(rows).toEqual(expect.arrayContaining(['NOT_STARTED/', 'ON_TPT/', 'INTERRUPTED/', 'COMPLETED/COMPLETED', 'COMPLETED/LOST']));
  });

  it('writes rows that pass their schemas and the TPT rules', async () => {
    for (const table of ['contact', 'tptcourse', 'tptadherence']) {
      const def = server.ctx.registry.table(table);
      const { list } = (await admin.post(`/api/tbl/${table}/query`, { pageSize: 500 })).body;
      expect(list.length, table).toBeGreaterThan(0);
      for (const row of list) {
        const doc = Object.fromEntries(Object.entries(row).filter(([k]) => k in def.schema.properties! && (row as any)[k] !== null));
        if (table !== 'tptadherence') for (const ref of ['patientId', 'caseId', 'unitId', 'regimenId', 'resultCaseId']) if (doc[ref] && typeof doc[ref] === 'object') doc[ref] = (doc[ref] as any).id;
        expect(server.ctx.validators.validate(def.schemaId, def.schema, doc, 'ru'), `${table} ${JSON.stringify(doc)}`).toEqual([]);
        if (table === 'tptcourse') expect(consistencyRefusal(row as any), JSON.stringify(row)).toBeNull();
      }
    }
  });

  it('completes a course only with its regimen’s doses taken', async () => {
    const completed = (await sql<{ contact_id: string }>`select contact_id from tptcourse where outcome = 'COMPLETED'`.execute(db())).rows;
    expect(completed.length).toBeGreaterThan(0);
    for (const { contact_id } of completed) {
      const v = (await admin.get(`/api/cases/contact/${contact_id}/tpt`)).body;
      expect(v.taken, `${v.regimen.code}: ${v.taken} of ${v.needed}`).toBeGreaterThanOrEqual(v.needed);
    }
  });

  it('gives some unit’s worklist contacts to evaluate and courses missing doses', async () => {
    const units = (await sql<{ unit_id: string }>`select distinct unit_id from tptcourse where status = 'INTERRUPTED'`.execute(db())).rows;
    let missed = 0;
    let waiting = 0;
    for (const { unit_id } of units) {
      const w = (await admin.post(`/api/cases/unit/${unit_id}/worklist`, {})).body;
      missed += w.tptMissedDoses.length;
      waiting += w.contactsToEvaluate.length;
    }
    expect(missed).toBeGreaterThan(0);
    expect(waiting).toBeGreaterThan(0);
  });

  it('gives the indicators page of last year numbers to show: the contacts evaluated and put on TPT, the courses completed, the cases', async () => {
    const year = new Date().getFullYear() - 1;
    const r = await admin.post('/api/reports/dak', { year });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const list = Object.fromEntries(r.body.indicators.map((x: any) => [x.code, x]));
    // 49: contacts of confirmed pulmonary cases evaluated; 50: eligible ones started; 51: started the year before, completed
    for (const code of ['TB.IND.49', 'TB.IND.50', 'TB.IND.51']) {
      expect(list[code].denominator, code).toBeGreaterThan(0);
      expect(list[code].numerator, code).toBeGreaterThan(0);
    }
    expect(list['TB.IND.5'].numerator).toBeGreaterThan(0);
    expect(list['TB.IND.8'].numerator).toBeGreaterThan(0);
    expect(list['TB.IND.37'].denominator).toBeGreaterThan(0);
  });
});
