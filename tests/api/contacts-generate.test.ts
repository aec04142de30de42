// The contacts the benchmarks generate (cases/contacts/generate.ts): two to four per
// confirmed pulmonary TB or DR-TB case, none for any other case; each a new person followed by the
// index case's unit; a TPT course only for a contact whose evaluation excluded TB, on 6Lfx for a
// contact of RR/MDR-TB and 3HP otherwise; and a second run adds nothing (the courses skipped by their
// unique index: the run fails on the generator before it, or doubles nothing).
import { sql } from 'kysely';
import { beforeAll, describe, expect, it } from 'vitest';
import { generateCases } from '../../cases/generate.ts';
import { generateContacts } from '../../cases/contacts/generate.ts';
import { kysely } from '../../server/db/kysely.ts';
import { unitNamed } from '../helpers/cases.ts';
import { admin, server, useTestServer } from '../helpers/use-server.ts';

let ws: string;
const db = () => kysely(server.ctx.orm.em.fork());
const count = async (query: ReturnType<typeof sql<{ n: number }>>) => Number((await query.execute(db())).rows[0].n);

useTestServer();
beforeAll(async () => {
  ws = (await admin.post('/api/sys/session')).body.workspaceId;
  const bishkek = await unitNamed(admin, 'Бишкекский городской');
  await generateCases(db(), ws, 120, { unitIds: [bishkek], seed: 'contacts-generate', registry: server.ctx.registry });
}, 180_000);

describe('the generated contacts', () => {
  it('gives each confirmed pulmonary TB or DR-TB case two to four contacts, and no other case any', async () => {
    const before = await count(sql`select count(*)::int as n from contact where workspace_id = ${ws}`);
    const made = await generateContacts(db(), ws);
    const perCase = (await sql<{ index: boolean; n: number }>`
      select (c.diagnosis_type = 'CONFIRMED' and c.infection_site = 'PULMONARY' and c.classification in ('TB', 'DRTB') and c.registration_date is not null) as index,
             (select count(*)::int from contact k where k.case_id = c.id) as n
        from tbcase c where c.workspace_id = ${ws} and c.case_number like 'G-%'`.execute(db())).rows;
    const index = perCase.filter((r) => r.index);
    expect(index.length).toBeGreaterThan(10);
    for (const r of index) expect(r.n).toBeGreaterThanOrEqual(2), expect(r.n).toBeLessThanOrEqual(4);
    expect(perCase.filter((r) => !r.index).every((r) => r.n === 0)).toBe(true);
    expect(made).toBe((await count(sql`select count(*)::int as n from contact where workspace_id = ${ws}`)) - before);
    expect(made).toBeGreaterThanOrEqual(index.reduce((s, r) => s + r.n, 0));
  });

  it('makes each contact a person of its own, followed by the index case’s unit', async () => {
    expect(await count(sql`select count(*)::int as n from contact k join tbcase c on c.id = k.case_id where k.workspace_id = ${ws} and c.case_number like 'G-%' and (k.unit_id <> c.owner_unit_id or k.patient_id = c.patient_id)`)).toBe(0);
    expect(await count(sql`select count(*)::int as n from (select k.patient_id from contact k join tbcase c on c.id = k.case_id where k.workspace_id = ${ws} and c.case_number like 'G-%' group by 1 having count(*) > 1) x`)).toBe(0);
  });

  it('puts only contacts with TB excluded on a course: 6Lfx for a contact of RR/MDR-TB, 3HP for the others', async () => {
    const courses = (await sql<{ outcome: string; resistance: string; code: string | null }>`
      select k.evaluation_outcome as outcome, k.index_resistance as resistance, r.code
        from tptcourse t join contact k on k.id = t.contact_id left join tptregimen r on r.id = t.regimen_id where t.workspace_id = ${ws}`.execute(db())).rows;
    expect(courses.length).toBeGreaterThan(0);
    expect(courses.every((c) => c.outcome === 'TB_EXCLUDED')).toBe(true);
    for (const c of courses.filter((x) => x.code)) expect(c.code).toBe(['RR', 'MDR'].includes(c.resistance) ? '6Lfx' : '3HP');
  });

  it('adds nothing when run again', async () => {
    const before = await count(sql`select (select count(*) from contact where workspace_id = ${ws}) + (select count(*) from tptcourse where workspace_id = ${ws}) + (select count(*) from patient where workspace_id = ${ws}) as n`);
    expect(await generateContacts(db(), ws)).toBe(0);
    expect(await count(sql`select (select count(*) from contact where workspace_id = ${ws}) + (select count(*) from tptcourse where workspace_id = ${ws}) + (select count(*) from patient where workspace_id = ${ws}) as n`)).toBe(before);
  });
});
