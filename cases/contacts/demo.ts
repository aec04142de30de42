/**
 * The demo workspace's contacts and TPT courses, a seed step after the case register's
 * (`cases/demo.ts`, whichever cases it made): the confirmed pulmonary TB and DR-TB cases get one to
 * four contacts each — new persons, the household ones at the index patient's address, about one in
 * six a child under five — registered in the days after their index case; most evaluated (TB
 * excluded, a few presumptive), some still waiting, some not evaluated with a reason. Those with TB
 * excluded get a TPT course on the catalogue's regimen that suits them (6Lfx for contacts of RR/MDR-TB,
 * 6H under two years, 3HR up to twelve, 3HP from thirteen; none for pre-XDR/XDR): started a week after
 * the evaluation, with the intake calendar recorded to yesterday — courses whose time is over ended
 * completed (every planned dose taken) or lost to follow-up, a few running ones missing doses in the
 * last two weeks (the unit worklist lists them). Every row agrees with the tables' rules as if written
 * through the writer; they are written through the writer's batch and system doors (fed to the change
 * log as creates, no history: nobody typed them). Pure generation: `demoContactRows` (rows from the
 * cases and today).
 *
 * @example await seedDemoContacts(ctx, created) // after seedDemoCases
 */
import { sql, type Kysely } from 'kysely';
import { demoWorkspaceName } from '../../catalogues/demo/seed.ts';
import { kysely, type Database } from '../../server/db/kysely.ts';
import { systemSession } from '../../server/auth/system-session.ts';
import { batchInsert } from '../../server/tbl/batch-write.ts';
import { systemInsert } from '../../server/tbl/system-write.ts';
import type { AppContext } from '../../server/types.ts';
import { dayOf, dayOfYmd, isoOf, ymOf } from '../../engine/day-numbers.ts';
import { isPlanned } from '../tpt/plan.ts';
import { bandFor, expectedEnd, type TptRegimen } from '../tpt/rules.ts';
import { ageAt, indexResistanceOf } from './person.ts';

const FIRST = { MALE: ['Бакыт', 'Нурлан', 'Тимур', 'Азамат', 'Эрлан', 'Сергей', 'Канат', 'Данияр'], FEMALE: ['Айгуль', 'Жылдыз', 'Елена', 'Гульмира', 'Айжан', 'Нургуль', 'Мээрим', 'Ольга'] };
const LAST = { MALE: ['Асанов', 'Осмонов', 'Садыков', 'Касымов', 'Токтогулов', 'Иванов', 'Мамытов', 'Беков'], FEMALE: ['Асанова', 'Осмонова', 'Садыкова', 'Касымова', 'Токтогулова', 'Иванова', 'Мамытова', 'Бекова'] };

/** A demo case that may be an index case. */
export interface DemoIndexCase {
  id: string;
  ownerUnitId: string;
  patientId: string;
  registrationDate: string;
  classification: string;
  drugResistanceType: string | null;
  address?: Record<string, unknown>;
}

type Row = Record<string, unknown> & { id: string };

/** The regimen a demo contact gets, by the index case's resistance and the contact's age. */
function regimenFor(resistance: string, age: number): string | null {
  if (resistance === 'RR' || resistance === 'MDR') return '6Lfx';
  if (resistance === 'PRE_XDR' || resistance === 'XDR') return null;
  return age < 2 ? '6H' : age < 13 ? '3HR' : '3HP';
}

/** A child's weight by age (kg), an adult's by the index. */
const weightOf = (age: number, i: number) => (age < 15 ? Math.round((4 + age * 3) * 10) / 10 : 55 + (i % 25));

/** The calendar months of a course's day statuses (`D` taken, `N` not taken, `-` none) from `from` to `to` (day numbers). */
function monthsOfDays(courseId: string, from: number, to: number, statusOn: (day: number) => string): Row[] {
  const out = new Map<string, Row & { chars: string[] }>();
  for (let day = from; day <= to; day++) {
    const { year, month } = ymOf(day);
    const key = `${year}-${month}`;
    let m = out.get(key);
    if (!m) {
      const days = new Date(Date.UTC(year, month, 0)).getUTCDate();
      out.set(key, (m = { id: crypto.randomUUID(), tptcourseId: courseId, year, month, chars: Array.from({ length: days }, () => '-') }));
    }
    m.chars[day - dayOfYmd(year, month, 1)] = statusOn(day);
  }
  return [...out.values()].filter((m) => m.chars.some((c) => c !== '-')).map(({ chars, ...m }) => ({ ...m, days: chars.join('') }));
}

/**
 * The persons, contacts, courses and calendar months of the demo (pure: the same cases and today
 * give the same rows but for their ids).
 */
export function demoContactRows(cases: DemoIndexCase[], regimens: Map<string, TptRegimen & { id: string }>, today: string) {
  const now = dayOf(today);
  const patients: Row[] = [], contacts: Row[] = [], courses: Row[] = [], months: Row[] = [];
  cases.forEach((c, i) => {
    const resistance = indexResistanceOf(c);
    for (let k = 0; k <= i % 4; k++) {
      const n = i * 4 + k;
      const gender = n % 2 ? 'FEMALE' : 'MALE';
      const household = k < 2 || i % 3 === 0;
      const age = n % 6 === 0 ? 1 + (n % 4) : n % 6 === 1 ? 8 + (n % 6) : 20 + (n % 45);
      const registration = Math.min(now, dayOf(c.registrationDate) + 1 + k);
      const birth = isoOf(registration - age * 365 - 30 - (n % 200));
      const personId = crypto.randomUUID();
      patients.push({
        id: personId, gender, birthDate: birth,
        name: FIRST[gender][n % 8], lastName: LAST[gender][(i + (household ? 0 : k + 3)) % 8],
        ...(household && c.address ? { address: c.address } : {}),
      });
      const bucket = (i * 7 + k * 3) % 10;
      const examined = bucket >= 3 && registration + 3 < now;
      const examDay = registration + 3;
      const outcome = examined ? (bucket === 3 ? 'PRESUMPTIVE_TB' : 'TB_EXCLUDED') : null;
      const contactId = crypto.randomUUID();
      const contactAge = ageAt(birth, isoOf(registration));
      contacts.push({
        id: contactId, caseId: c.id, patientId: personId, registrationDate: isoOf(registration), unitId: c.ownerUnitId,
        contactType: household ? 'household' : k === 2 ? 'close' : 'institutional',
        relation: !household ? 'NOT_RELATIVE' : contactAge < 18 ? 'CHILD' : k === 0 ? 'SPOUSE' : 'SIBLING',
        indexResistance: resistance, age: contactAge, examinated: examined,
        dateOfExamination: examined ? isoOf(examDay) : null,
        symptoms: examined ? (outcome === 'PRESUMPTIVE_TB' ? 'PRESENT' : 'ABSENT') : null,
        chestXray: examined ? (outcome === 'PRESUMPTIVE_TB' ? 'SUGGESTIVE' : bucket % 2 ? 'NOT_SUGGESTIVE' : 'NOT_DONE') : null,
        infectionTest: examined ? (contactAge < 5 ? 'TST' : 'IGRA') : null,
        infectionTestDate: examined ? isoOf(examDay) : null,
        infectionTestResult: examined ? (bucket % 3 ? 'POSITIVE' : 'NEGATIVE') : null,
        evaluationOutcome: outcome,
        notEvaluatedReason: !examined && bucket === 2 ? (k % 2 ? 'MOVED' : 'REFUSED') : null,
        conduct: outcome === 'TB_EXCLUDED' ? 'conduct1' : outcome === 'PRESUMPTIVE_TB' ? 'conduct2' : null,
      });
      if (outcome !== 'TB_EXCLUDED') continue;
      const code = regimenFor(resistance, contactAge);
      const regimen = code ? regimens.get(code) : undefined;
      const weight = weightOf(contactAge, n);
      const band = regimen && bandFor(regimen.bands, weight);
      const courseId = crypto.randomUUID();
      const base = { id: courseId, contactId, unitId: c.ownerUnitId, eligibilityDate: isoOf(examDay) };
      if (!regimen || !band) {
        courses.push({ ...base, eligible: false, notEligibleReason: 'OTHER', status: 'NOT_STARTED' });
        continue;
      }
      const start = examDay + 7;
      // now and then a course decided but not started yet (and every one whose start would be ahead)
      if (start >= now || n % 11 === 0) {
        courses.push({ ...base, eligible: true, regimenId: regimen.id, weightKg: weight, status: 'NOT_STARTED' });
        continue;
      }
      const end = dayOf(expectedEnd(isoOf(start), regimen));
      const first = dayOf(isoOf(start));
      const lost = n % 7 === 3;
      const stop = lost ? first + Math.floor((end - first) / 3) : end;
      const over = stop < now - 1;
      // a running course misses a dose or two in the last fortnight now and then
      const missing = (day: number) => !over && n % 5 === 1 && day >= now - 10 && (day - first) % 3 === 0;
      const recorded = Math.min(stop, now - 1);
      months.push(...monthsOfDays(courseId, first, recorded, (day) => (!isPlanned(first, regimen, day) ? '-' : missing(day) ? 'N' : 'D')));
      courses.push({
        ...base, eligible: true, regimenId: regimen.id, weightKg: weight, dose: band.dose, startDate: isoOf(start), expectedEndDate: isoOf(end),
        status: over ? 'COMPLETED' : n % 5 === 1 ? 'INTERRUPTED' : 'ON_TPT', statusDate: isoOf(over ? stop : start),
        outcome: over ? (lost ? 'LOST' : 'COMPLETED') : undefined, outcomeDate: over ? isoOf(stop) : undefined,
      });
    }
  });
  return { patients, contacts, courses, months };
}

/** The catalogue's regimens of the workspace, by code. */
async function regimensByCode(db: Kysely<Database>, workspaceId: string): Promise<Map<string, TptRegimen & { id: string }>> {
  const rows = await db
    .selectFrom('tptregimen as r')
    .select(['r.id', 'r.code', 'r.frequency', 'r.weeks', 'r.doses', 'r.min_doses as minDoses', 'r.window_weeks as windowWeeks', 'r.min_age_years as minAgeYears',
      sql<string[]>`array(select f.value from tptregimen_for_resistance f where f.parent_id = r.id)`.as('forResistance'),
      sql<any[]>`(select coalesce(json_agg(json_build_object('fromKg', b.from_kg, 'toKg', b.to_kg, 'dose', b.dose)), '[]'::json) from tptregimen_bands b where b.parent_id = r.id)`.as('bands')])
    .where('r.workspace_id', '=', workspaceId)
    .execute();
  return new Map(rows.map((r) => [String(r.code), r as unknown as TptRegimen & { id: string }]));
}

/** The demo's contacts and TPT courses, once the demo register is made (a module's `seed`). */
export async function seedDemoContacts(ctx: AppContext, created?: { login: string; password: string }): Promise<undefined> {
  if (!created || ctx.config.demoCases <= 0) return undefined;
  const db = kysely(ctx.orm.em.fork());
  const ws = await db.selectFrom('workspace').select('id').where('name', '=', demoWorkspaceName).executeTakeFirst();
  if (!ws) return undefined;
  const workspaceId = String(ws.id);
  const cases = await db
    .selectFrom('tbcase as t')
    .innerJoin('patient as p', 'p.id', 't.patient_id')
    .select(['t.id', 't.owner_unit_id', 't.patient_id', sql<string>`t.registration_date::text`.as('registration_date'), 't.classification', 't.drug_resistance_type',
      'p.address_admin_unit_id', 'p.address_street', 'p.address_house', 'p.address_apartment'])
    .where('t.workspace_id', '=', workspaceId)
    .where('t.diagnosis_type', '=', 'CONFIRMED')
    .where('t.infection_site', '=', 'PULMONARY')
    .where('t.classification', 'in', ['TB', 'DRTB'])
    .where('t.registration_date', 'is not', null)
    .orderBy('t.registration_date')
    .orderBy('t.id')
    .execute();
  const index: DemoIndexCase[] = cases.map((c) => ({
    id: String(c.id), ownerUnitId: String(c.owner_unit_id), patientId: String(c.patient_id), registrationDate: String(c.registration_date),
    classification: String(c.classification), drugResistanceType: (c.drug_resistance_type as string | null) ?? null,
    address: c.address_admin_unit_id ? { adminUnitId: c.address_admin_unit_id, street: c.address_street ?? undefined, house: c.address_house ?? undefined, apartment: c.address_apartment ?? undefined } : undefined,
  }));
  const rows = demoContactRows(index, await regimensByCode(db, workspaceId), new Date().toISOString().slice(0, 10));
  const session = systemSession(workspaceId, demoWorkspaceName);
  await ctx.orm.em.fork().transactional(async (em) => {
    const x = { em, ctx, session };
    // generated, nobody's command: no history entries; each row fed to the change log as a create
    await batchInsert(x, 'patient', rows.patients, 'derived');
    await batchInsert(x, 'contact', rows.contacts, 'derived');
    // a course has child rows (contraindications): written one by one through the system door
    for (const { id, ...doc } of rows.courses) await systemInsert(x, 'tptcourse', id, doc, 'derived');
    for (let i = 0; i < rows.months.length; i += 2_000) await batchInsert(x, 'tptadherence', rows.months.slice(i, i + 2_000), 'derived');
  });
  return undefined;
}
