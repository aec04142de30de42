/**
 * What the TPT rules read from the database: a regimen of the catalogue with its
 * resistance types and dose bands, a course with its contact's facts (the evaluation, the index
 * case's resistance type, the age), whether the same person is on another course, and a course's
 * stored calendar months. Read inside the caller's transaction, by ids the caller already holds in
 * the user's view (the course row an action locked, the document a hook checks).
 *
 * @example const c = await courseContext(kysely(em), workspaceId, courseId); startRefusal({ ...c, otherRunning }, '2026-03-02')
 */
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../server/db/kysely.ts';
import type { StoredMonth } from './plan.ts';
import { RUNNING, type TptContactFacts, type TptCourseFacts, type TptRegimen } from './rules.ts';

/** A regimen of the catalogue by id, or null. */
export async function regimenOf(db: Kysely<Database>, workspaceId: string, id: string | null | undefined): Promise<(TptRegimen & { id: string; name: string }) | null> {
  if (!id) return null;
  const r = await db
    .selectFrom('tptregimen as r')
    .select([
      'r.id', 'r.code', 'r.name', 'r.frequency', 'r.weeks', 'r.doses', 'r.min_doses as minDoses', 'r.window_weeks as windowWeeks', 'r.min_age_years as minAgeYears', 'r.active',
      sql<string[]>`array(select f.value from tptregimen_for_resistance f where f.parent_id = r.id order by f.idx)`.as('forResistance'),
      sql<{ fromKg: number; toKg: number | null; dose: string }[]>`(select coalesce(json_agg(json_build_object('fromKg', b.from_kg, 'toKg', b.to_kg, 'dose', b.dose) order by b.from_kg), '[]'::json) from tptregimen_bands b where b.parent_id = r.id)`.as('bands'),
    ])
    .where('r.id', '=', id)
    .where('r.workspace_id', '=', workspaceId)
    .executeTakeFirst();
  return (r as (TptRegimen & { id: string; name: string }) | undefined) ?? null;
}

/** The facts of a contact the TPT rules read, by the contact's id. */
export async function contactFacts(db: Kysely<Database>, workspaceId: string, contactId: string): Promise<(TptContactFacts & { patientId: string; unitId: string | null }) | null> {
  const c = await db
    .selectFrom('contact')
    .select(['examinated', 'evaluation_outcome as evaluationOutcome', 'index_resistance as indexResistance', 'age', 'patient_id as patientId', 'unit_id as unitId'])
    .where('id', '=', contactId)
    .where('workspace_id', '=', workspaceId)
    .executeTakeFirst();
  return c ? { ...(c as any), age: c.age == null ? null : Number(c.age) } : null;
}

/** A course's facts (the rules' view of the row). */
export function courseFacts(row: Record<string, any>): TptCourseFacts {
  return {
    status: row.status,
    eligible: row.eligible,
    eligibilityDate: row.eligibilityDate ?? null,
    contraindications: row.contraindications ?? [],
    weightKg: row.weightKg ?? null,
    startDate: row.startDate ?? null,
    statusDate: row.statusDate ?? null,
    outcome: row.outcome ?? null,
    outcomeDate: row.outcomeDate ?? null,
  };
}

/** Whether the person is on a running course through another contact than `contactId`. */
export async function runsElsewhere(db: Kysely<Database>, workspaceId: string, patientId: string, contactId: string): Promise<boolean> {
  const r = await db
    .selectFrom('tptcourse as tc')
    .innerJoin('contact as c', 'c.id', 'tc.contact_id')
    .select('tc.id')
    .where('c.workspace_id', '=', workspaceId)
    .where('c.patient_id', '=', patientId)
    .where('c.id', '<>', contactId)
    .where('tc.status', 'in', [...RUNNING])
    .limit(1)
    .executeTakeFirst();
  return !!r;
}

/** The stored calendar months of a course, with their versions. */
export async function monthsOf(db: Kysely<Database>, workspaceId: string, courseId: string): Promise<(StoredMonth & { version: number })[]> {
  const rows = await db
    .selectFrom('tptadherence')
    .select(['year', 'month', 'days', 'version'])
    .where('workspace_id', '=', workspaceId)
    .where('tptcourse_id', '=', courseId)
    .orderBy('year')
    .orderBy('month')
    .execute();
  return rows.map((r) => ({ year: Number(r.year), month: Number(r.month), days: String(r.days), version: Number(r.version) }));
}
