// The demo register `npm start` makes: clinically plausible by the WHO rules and
// showing every feature — each diagnosis with its regimens and exams, a resistance type on every
// DR-TB case (its notification form saves), HIV results with ART, outcomes that fit each treatment,
// registrations in every quarter of the last two years (TB 07, TB 08 and the DR-TB forms have data),
// comments and issues by the unit's users and the district's, the demo logins. Nothing dated after
// today (planned dates — a treatment's end, a prescription's end — may lie ahead), no case before its
// patient's birth; the case columns a write derives are what a write would derive; the whole register
// is in the change feed, though it is generated beside the writer. Expectations are the rules, written
// here by hand, not read from the generator.
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemoCases } from '../../cases/demo.ts';
import { seedDemoContacts } from '../../cases/contacts/demo.ts';
import { kysely, kyselyByName } from '../../server/db/kysely.ts';
import { readFeed } from '../helpers/feed.ts';
import { systemSession } from '../../server/auth/system-session.ts';
import { cleanInput, validateDoc } from '../../server/tbl/prepare.ts';
import { rowToDoc } from '../../server/tbl/rows.ts';
import { derivedFields, refreshDerived } from '../../cases/followups/derived.ts';
import { refreshAlert } from '../../cases/treatment/rows.ts';
import { startTestServer, type TestServer } from '../helpers/server.ts';
import { domainModules } from '../../app/domains.ts';
import { rootDir } from '../../server/config.ts';

let server: TestServer;
const db = () => kysely(server.ctx.orm.em.fork());

/** Table → the columns of things that have happened. */
const HAPPENED: Record<string, string[]> = {
  tbcase: ['registration_date', 'diagnosis_date', 'ini_treatment_date', 'outcome_date', 'move_date'],
  patient: ['birth_date'],
  exammic: ['date', 'date_release'], examxpert: ['date', 'date_release'], examcul: ['date', 'date_release'], examdst: ['date', 'date_release'],
  examhiv: ['date', 'started_ar_tdate', 'started_cp_tdate'], medexam: ['date'], examxray: ['date'],
  contact: ['registration_date', 'date_of_examination', 'infection_test_date'],
  tptcourse: ['eligibility_date', 'start_date', 'status_date', 'outcome_date'],
  casecomment: ['date'], issue: ['creation_date'], issuefollowup: ['followup_date'],
};

beforeAll(async () => {
  server = await startTestServer();
  // the register `npm start` makes on a fresh database (TB_DEMO_CASES), here 400 cases
  const demo = { ...server.ctx, config: { ...server.ctx.config, demoCases: 400 } };
  await seedDemoCases(demo, { login: 'ADMIN', password: 'Admin123' });
  // and the step after it: contacts and their TPT (cases/contacts/demo.ts)
  await seedDemoContacts(demo, { login: 'ADMIN', password: 'Admin123' });
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
      'examdst', 'examhiv', 'medexam', 'examxray', 'casecomment', 'issue', 'issuefollowup', 'contact', 'tptcourse', 'tptadherence', 'sideeffect', 'prevtreat', 'casetag'];
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

  it('writes rows that pass their table’s schema, as a save checks them (a positive smear with its count of AFB, a contact’s examination date…)', async () => {
    const session = systemSession((await sql<{ id: string }>`select id from workspace order by created_at limit 1`.execute(db())).rows[0].id, '');
    const refused: string[] = [];
    for (const table of ['patient', 'tbcase', 'treatment', 'prescription', 'treatunit', 'adherence', 'exammic', 'examxpert', 'examcul', 'examdst', 'examhiv', 'medexam', 'examxray', 'contact', 'tptadherence', 'sideeffect', 'prevtreat', 'casecomment', 'issue', 'issuefollowup']) {
      const def = server.ctx.registry.table(table);
      const rows = await kyselyByName(server.ctx.orm.em.fork()).selectFrom(table).selectAll().execute();
      expect(rows.length, table).toBeGreaterThan(0);
      for (const row of rows) {
        try {
          validateDoc(server.ctx, def, cleanInput(def, rowToDoc(def.fields, row)), session);
        } catch (e) {
          refused.push(`${table} ${JSON.stringify((e as any).errors ?? String(e))}`);
        }
      }
    }
    expect(refused.slice(0, 5)).toEqual([]);
  });

  it('gives every DR-TB case its resistance type, and every confirmed case saves through its notification form unchanged', async () => {
    const noType = await sql<{ n: number }>`select count(*)::int as n from tbcase where classification = 'DRTB' and diagnosis_type = 'CONFIRMED' and drug_resistance_type is null`.execute(db());
    expect(noType.rows[0].n).toBe(0);
    const types = await sql<{ t: string }>`select distinct drug_resistance_type as t from tbcase where classification = 'DRTB' and diagnosis_type = 'CONFIRMED'`.execute(db());
    expect(types.rows.map((r) => r.t)).toEqual(expect.arrayContaining(['RR', 'MDR', 'PRE_XDR']));
    const admin = await server.login();
    // every DR-TB case and every tenth other confirmed case, as a doctor opens and saves it
    const cases = await sql<{ id: string; patient_id: string }>`
      select id, patient_id from (select id, patient_id, classification, row_number() over (order by id) as i from tbcase where diagnosis_type = 'CONFIRMED') c
       where classification = 'DRTB' or i % 10 = 0`.execute(db());
    const refused: string[] = [];
    for (const c of cases.rows) {
      const form = await admin.get(`/api/cases/case/edit/form/${c.id}`);
      const saved = await admin.post('/api/cases/case/edit/save', { doc: form.body.doc, caseId: c.id, patientId: c.patient_id });
      if (saved.status !== 200) refused.push(JSON.stringify(saved.body.errors));
    }
    expect(refused).toEqual([]);
  });

  it('treats each case on its classification’s regimen: 2HRZE/4HR (children the dispersible combinations), the DR-TB regimens, the NTM one', async () => {
    const r = await sql<{ classification: string; resistance: string | null; regimen: string | null; lines: string[]; products: string[] }>`
      select c.classification, c.drug_resistance_type as resistance, rg.custom_id as regimen,
             array_agg(distinct pr.line) as lines, array_agg(distinct pr.short_name) as products
        from tbcase c join treatment t on t.case_id = c.id left join regimen rg on rg.id = t.regimen_id
        join prescription p on p.case_id = c.id join product pr on pr.id = p.product_id
       group by c.id, c.classification, c.drug_resistance_type, rg.custom_id`.execute(db());
    const treated = r.rows;
    expect(treated.length).toBeGreaterThan(100);
    for (const t of treated) {
      if (t.classification === 'TB') expect(t.lines, JSON.stringify(t)).toEqual(['FIRST_LINE']); // no second-line drug for drug-susceptible TB
      if (t.classification === 'TB' && t.regimen) expect(t.regimen).toBe('TB-6M');
      if (t.classification === 'NTM') expect(t.regimen).toBe('NTM-MAC');
      if (t.classification === 'DRTB' && t.regimen) expect(['DRTB-BPALM', 'DRTB-LONG']).toContain(t.regimen);
      // rifampicin-resistant TB never gets rifampicin; isoniazid-resistant TB gets R, E, Z and levofloxacin
      if (['RR', 'MDR', 'PRE_XDR', 'XDR'].includes(t.resistance ?? '')) expect(t.products.some((p) => /^(R|HR|HRZE?) /.test(p)), JSON.stringify(t)).toBe(false);
      if (t.resistance === 'MONO_RESISTANCE') expect(t.products.sort()).toEqual(['E 400', 'Lfx 250', 'R 300', 'Z 500']);
      // never azithromycin with amikacin (the old generator's first two medicines)
      expect(t.products.includes('Azm 250') && t.products.includes('Am 500')).toBe(false);
    }
    const regimens = new Set(treated.map((t) => t.regimen));
    for (const code of ['TB-6M', 'DRTB-BPALM', 'DRTB-LONG', 'NTM-MAC', null]) expect(regimens.has(code), String(code)).toBe(true);
    // every case on treatment has its treatment
    const missing = await sql<{ n: number }>`select count(*)::int as n from tbcase c where c.state = 'ONTREATMENT' and not exists (select 1 from treatment t where t.case_id = c.id)`.execute(db());
    expect(missing.rows[0].n).toBe(0);
  });

  it('closes cases with outcomes the WHO rules allow: cure only for bacteriologically confirmed pulmonary TB, treatment outcomes only after a start', async () => {
    const r = await sql<{ outcome: string; diagnosis_type: string; basis: string | null; site: string | null; treated: boolean; n: number }>`
      select outcome, diagnosis_type, diagnosis_basis as basis, infection_site as site, ini_treatment_date is not null as treated, count(*)::int as n
        from tbcase where state = 'CLOSED' group by 1, 2, 3, 4, 5`.execute(db());
    const rows = r.rows;
    const after = ['CURED', 'TREAT_COMPLETED', 'TREAT_FAILED', 'LOST_FOLLOWUP'];
    for (const x of rows) {
      if (after.includes(x.outcome)) expect(x.treated, JSON.stringify(x)).toBe(true);
      if (x.outcome === 'LOST_FOLLOWUP_BEFORE_TREATMENT' || x.outcome === 'NOT_TB') expect(x.treated, JSON.stringify(x)).toBe(false);
      if (x.outcome === 'CURED') expect([x.basis, x.site]).toEqual(['BACTERIOLOGICAL', 'PULMONARY']);
      if (x.diagnosis_type === 'SUSPECT') expect(['NOT_TB', 'DIED', 'LOST_FOLLOWUP_BEFORE_TREATMENT', 'NOT_EVALUATED']).toContain(x.outcome);
    }
    const outcomes = new Set(rows.map((x) => x.outcome));
    for (const o of [...after, 'DIED', 'NOT_TB', 'LOST_FOLLOWUP_BEFORE_TREATMENT']) expect(outcomes.has(o), o).toBe(true);
    // a cure or completion comes after the planned end of the treatment; a loss after two months without a dose
    const early = await sql<{ n: number }>`select count(*)::int as n from tbcase c join treatment t on t.case_id = c.id where c.outcome in ('CURED', 'TREAT_COMPLETED') and c.outcome_date <= t.end_date`.execute(db());
    expect(early.rows[0].n).toBe(0);
    const lost = await sql<{ n: number; gap: number }>`
      select count(*)::int as n, min(c.outcome_date - (select max(make_date(a.year, a.month, 1) + (length(rtrim(a.days, '-')) - 1)) from adherence a where a.case_id = c.id))::int as gap
        from tbcase c where c.outcome = 'LOST_FOLLOWUP'`.execute(db());
    expect(lost.rows[0].n).toBeGreaterThan(0);
    expect(lost.rows[0].gap).toBeGreaterThanOrEqual(60);
  });

  it('tests for HIV: positive cases with ART and CPT, AIDS only with a positive test', async () => {
    const r = await sql<{ result: string; n: number; art: number }>`
      select h.result, count(*)::int as n, count(h.started_ar_tdate)::int as art from examhiv h group by 1`.execute(db());
    const by = Object.fromEntries(r.rows.map((x) => [x.result, x]));
    expect(by.POSITIVE.n).toBeGreaterThan(0);
    expect(by.POSITIVE.art).toBeGreaterThan(0);
    expect(by.NEGATIVE.n).toBeGreaterThan(by.POSITIVE.n);
    expect(by.NEGATIVE?.art ?? 0).toBe(0);
    const aids = await sql<{ n: number }>`select count(*)::int as n from tbcase where comorbidities_aids and hiv_result is distinct from 'POSITIVE'`.execute(db());
    expect(aids.rows[0].n).toBe(0);
  });

  it('has registrations in every quarter of the last two years: TB 07, TB 08 and the DR-TB forms count cases in each', async () => {
    const admin = await server.login();
    const today = (await sql<{ d: string }>`select current_date::text as d`.execute(db())).rows[0].d;
    const [y, m] = today.split('-').map(Number);
    const sum = (result: any) => result.tables.reduce((s: number, t: any) => s + t.values.flat().reduce((a: number, b: number) => a + b, 0), 0);
    const totals: Record<string, number> = {};
    for (let back = 1; back <= 8; back++) {
      const q0 = y * 4 + Math.floor((m - 1) / 3) - back;
      const quarter = { year: Math.floor(q0 / 4), quarter: (q0 % 4) + 1 };
      for (const form of ['tb07', 'tb08', 'tb07mdr', 'tb08mdr']) {
        const r = await admin.post('/api/who/report', { form, ...quarter });
        expect(r.status, JSON.stringify(r.body)).toBe(200);
        const n = sum(r.body.result);
        if (form === 'tb07' || form === 'tb08') expect(n, `${form} ${quarter.year} Q${quarter.quarter}`).toBeGreaterThan(0);
        totals[form] = (totals[form] ?? 0) + n;
      }
    }
    expect(totals.tb07mdr).toBeGreaterThan(0);
    expect(totals.tb08mdr).toBeGreaterThan(0);
  });

  it('has comments and issues by the unit’s own users and by the district’s; the demo doctor’s unit has both, and transfers each way', async () => {
    const r = await sql<{ unit: string; author_unit: string; n: number }>`
      select c.owner_unit_id as unit, w.unit_id as author_unit, count(*)::int as n
        from (select case_id, user_id from casecomment union all select case_id, user_id from issue) t
        join tbcase c on c.id = t.case_id join userws w on w.user_id = t.user_id group by 1, 2`.execute(db());
    const doctor = (await sql<{ unit_id: string }>`select w.unit_id from userws w join sysuser u on u.id = w.user_id where u.login = 'DOCTOR1'`.execute(db())).rows[0].unit_id;
    const coordinator = (await sql<{ unit_id: string }>`select w.unit_id from userws w join sysuser u on u.id = w.user_id where u.login = 'COORD1'`.execute(db())).rows[0].unit_id;
    const onDoctorsUnit = r.rows.filter((x) => x.unit === doctor);
    expect(onDoctorsUnit.some((x) => x.author_unit === doctor)).toBe(true);
    expect(onDoctorsUnit.some((x) => x.author_unit === coordinator)).toBe(true);
    const answers = await sql<{ own: number }>`
      select count(*) filter (where f.unit_id = c.owner_unit_id)::int as own from issuefollowup f join issue i on i.id = f.issue_id join tbcase c on c.id = i.case_id`.execute(db());
    expect(answers.rows[0].own).toBeGreaterThan(0);
    const moving = await sql<{ leaving: number; coming: number }>`
      select count(*) filter (where transfer_from_unit_id = ${doctor})::int as leaving, count(*) filter (where owner_unit_id = ${doctor} and transferring)::int as coming from tbcase`.execute(db());
    expect(moving.rows[0].leaving).toBeGreaterThan(0);
    expect(moving.rows[0].coming).toBeGreaterThan(0);
  });

  it('prints every demo login at start and lists it in the README with its password: a coordinator and a pharmacist among them', async () => {
    // what `npm start` prints (app/run.ts): the modules' demo logins
    const logins = domainModules.flatMap((m) => m.demoLogins ?? []);
    expect(logins.map((x) => x.login)).toEqual(expect.arrayContaining(['ADMIN', 'DOCTOR1', 'NURSE1', 'DOCTOR2', 'COORD1', 'PHARM1']));
    const readme = await readFile(join(rootDir, 'README.md'), 'utf8');
    for (const x of logins) expect(readme, x.login).toContain(`| \`${x.login}\` / \`${x.password}\` |`);
    expect(logins.find((x) => x.login === 'COORD1')?.who).toMatch(/coordinator/i);
    expect(logins.find((x) => x.login === 'PHARM1')?.who).toMatch(/pharmacist/i);
  });

  it('registers TB and DR-TB cases in every quarter of the last two years, HIV-positive ones on ART, and closes some with each WHO treatment outcome', async () => {
    const rows = await sql<{ q: string; tb: number; drtb: number }>`
      select to_char(registration_date, 'YYYY-"Q"Q') as q, count(*) filter (where classification = 'TB')::int as tb, count(*) filter (where classification = 'DRTB')::int as drtb
        from tbcase group by 1`.execute(db());
    const byQuarter = new Map(rows.rows.map((r) => [r.q, r]));
    const today = new Date();
    for (let back = 1; back <= 8; back++) {
      const i = today.getFullYear() * 4 + Math.floor(today.getMonth() / 3) - back;
      const q = `${Math.floor(i / 4)}-Q${(i % 4) + 1}`;
      expect(byQuarter.get(q)?.tb ?? 0, `TB ${q}`).toBeGreaterThanOrEqual(1);
      expect(byQuarter.get(q)?.drtb ?? 0, `DR-TB ${q}`).toBeGreaterThanOrEqual(1);
    }
    const outcomes = (await sql<{ outcome: string }>`select distinct outcome from tbcase where outcome is not null`.execute(db())).rows.map((r) => r.outcome);
    expect(outcomes).toEqual(expect.arrayContaining(['CURED', 'TREAT_COMPLETED', 'TREAT_FAILED', 'DIED', 'LOST_FOLLOWUP', 'NOT_EVALUATED']));
    const hiv = (await sql<{ art: number }>`select count(*) filter (where started_ar_tdate is not null)::int as art from examhiv where result = 'POSITIVE'`.execute(db())).rows[0];
    expect(hiv.art).toBeGreaterThanOrEqual(1);
  });

  it('lets each printed demo login in; the city’s coordinator reads the city’s cases and not Osh’s', async () => {
    for (const [login, password] of [['ADMIN', 'Admin123'], ['DOCTOR1', 'Doctor123'], ['NURSE1', 'Nurse123'], ['DOCTOR2', 'Doctor123'], ['COORD1', 'Coord123']]) await server.login(login, password);
    const coordinator = await server.login('COORD1', 'Coord123');
    const units = async (key: string) => (await coordinator.post('/api/tbl/tbcase/query', { pageSize: 500 })).body.list.filter((c: any) => c.ownerUnit?.name?.includes(key)).length;
    expect(await units('Бишкекский')).toBeGreaterThan(0);
    expect(await units('Ошский')).toBe(0);
  });

  it('holds in each case the columns a write derives from its exams and calendar: recomputing them changes nothing', async () => {
    // a hundred cases, a third of them with their exams and calendar
    const versions = async () => (await sql<{ id: string; version: number }>`select id, version from tbcase order by id limit 100`.execute(db())).rows;
    const before = await versions();
    const ids = before.map((x) => x.id);
    const session = systemSession((await sql<{ id: string }>`select id from workspace order by created_at limit 1`.execute(db())).rows[0].id, '');
    await server.ctx.orm.em.fork().transactional(async (em) => {
      const x = { em, ctx: server.ctx, session };
      for (const table of new Set(derivedFields(server.ctx.registry).map((d) => d.from.name))) await refreshDerived(x, table, ids);
      for (const id of ids) await refreshAlert(x, id);
    });
    expect(await versions()).toEqual(before);
  });
});
