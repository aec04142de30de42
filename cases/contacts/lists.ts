/**
 * The contacts as their lists show them: each row the person (name, sex, age), the index
 * case, the relation and type, where the evaluation stands and the TPT course's status. Two lists:
 * - a case's contacts (the case page), in the reader's view;
 * - a unit's contact register, newest first, 50 a page by keyset on (registration date, id) — the
 *   index `contact (workspace_id, unit_id, registration_date, id)` — optionally only those waiting for
 *   evaluation or on TPT, with a count bounded at {@link COUNT_CAP}.
 *
 * @example await registerPage(db, s, unitId, { filter: 'waiting' }) // { list: [{ person: 'Садыкова Гульмира', … }], next: '2026-11-20|…', count: 12 }
 */
import { sql, type Kysely, type SelectQueryBuilder } from 'kysely';
import type { Database } from '../../server/db/kysely.ts';
import type { Registry } from '../../engine/registry.ts';
import type { Session } from '../../server/types.ts';
import { scopeCondition } from '../../server/scope/rows.ts';
import { composePatientName } from '../../server/sys/patient-name.ts';
import { unitsWhere } from '../places/place.ts';
import { RUNNING } from '../tpt/rules.ts';

/** A contact as a list shows it. */
export interface ContactRow {
  id: string;
  version: number;
  registrationDate: string;
  contactType: string;
  relation: string | null;
  indexResistance: string | null;
  age: number | null;
  examinated: boolean;
  dateOfExamination: string | null;
  evaluationOutcome: string | null;
  notEvaluatedReason: string | null;
  /** Not evaluated and no reason given: the worklist's "waiting for evaluation". */
  waiting: boolean;
  person: { id: string; name: string; gender: string; birthDate: string | null };
  indexCase: { id: string; caseNumber: string | null; patient: string };
  resultCase: { id: string; caseNumber: string | null } | null;
  unit: { id: string; name: string } | null;
  tpt: { id: string; status: string; outcome: string | null; regimen: string | null; startDate: string | null; expectedEndDate: string | null } | null;
}

/** Rows of a register page. */
export const REGISTER_PAGE = 50;
/** A register's count is exact up to this many rows, then said as "more than". */
export const COUNT_CAP = 10_000;

/** The contacts (`contact as c`) with their person, index case, unit and course, as list rows. */
function rows(db: Kysely<Database>, s: Session) {
  return db
    .selectFrom('contact as c')
    .innerJoin('patient as p', 'p.id', 'c.patient_id')
    .innerJoin('tbcase as t', 't.id', 'c.case_id')
    .innerJoin('patient as tp', 'tp.id', 't.patient_id')
    .leftJoin('unit as u', 'u.id', 'c.unit_id')
    .leftJoin('tbcase as rc', 'rc.id', 'c.result_case_id')
    .leftJoin('tptcourse as tc', 'tc.contact_id', 'c.id')
    .leftJoin('tptregimen as r', 'r.id', 'tc.regimen_id')
    .select([
      'c.id', 'c.version', sql<string>`c.registration_date::text`.as('registration_date'), 'c.contact_type', 'c.relation', 'c.index_resistance', 'c.age', 'c.examinated',
      sql<string | null>`c.date_of_examination::text`.as('date_of_examination'), 'c.evaluation_outcome', 'c.not_evaluated_reason',
      'p.id as p_id', 'p.name as p_name', 'p.middle_name as p_middle', 'p.last_name as p_last', 'p.gender as p_gender', sql<string | null>`p.birth_date::text`.as('p_birth'),
      't.id as t_id', 't.case_number as t_number', 'tp.name as tp_name', 'tp.middle_name as tp_middle', 'tp.last_name as tp_last',
      'rc.id as rc_id', 'rc.case_number as rc_number', 'u.id as u_id', 'u.name as u_name',
      'tc.id as tc_id', 'tc.status as tc_status', 'tc.outcome as tc_outcome', 'r.code as r_code', sql<string | null>`tc.start_date::text`.as('tc_start'), sql<string | null>`tc.expected_end_date::text`.as('tc_end'),
    ])
    .where('c.workspace_id', '=', s.workspaceId);
}

function toRow(s: Session, r: Record<string, any>): ContactRow {
  const name = (first: unknown, middle: unknown, last: unknown) => composePatientName({ name: first as string, middleName: middle as string | null, lastName: last as string | null }, s.patientNameComposition);
  return {
    id: r.id,
    version: Number(r.version),
    registrationDate: r.registration_date,
    contactType: r.contact_type,
    relation: r.relation ?? null,
    indexResistance: r.index_resistance ?? null,
    age: r.age == null ? null : Number(r.age),
    examinated: !!r.examinated,
    dateOfExamination: r.date_of_examination ?? null,
    evaluationOutcome: r.evaluation_outcome ?? null,
    notEvaluatedReason: r.not_evaluated_reason ?? null,
    waiting: !r.examinated && !r.not_evaluated_reason,
    person: { id: r.p_id, name: name(r.p_name, r.p_middle, r.p_last), gender: r.p_gender, birthDate: r.p_birth ?? null },
    indexCase: { id: r.t_id, caseNumber: r.t_number ?? null, patient: name(r.tp_name, r.tp_middle, r.tp_last) },
    resultCase: r.rc_id ? { id: r.rc_id, caseNumber: r.rc_number ?? null } : null,
    unit: r.u_id ? { id: r.u_id, name: r.u_name } : null,
    tpt: r.tc_id ? { id: r.tc_id, status: r.tc_status, outcome: r.tc_outcome ?? null, regimen: r.r_code ?? null, startDate: r.tc_start ?? null, expectedEndDate: r.tc_end ?? null } : null,
  };
}

/**
 * The contacts of an index case the reader sees (at most 500: a case's household and close
 * contacts are a handful), oldest registration first.
 * @example await caseContacts(db, registry, s, caseId) // [{ person: { name: 'Садыкова Гульмира', … }, tpt: { status: 'ON_TPT', regimen: '3HP', … } }]
 */
export async function caseContacts(db: Kysely<Database>, registry: Registry, s: Session, caseId: string): Promise<ContactRow[]> {
  let q = rows(db, s).where('c.case_id', '=', caseId);
  const inView = scopeCondition(db, registry, registry.table('contact'), s, 'c', 'read');
  if (inView) q = q.where(inView);
  const found = await q.orderBy('c.registration_date').orderBy('c.id').limit(500).execute();
  return found.map((r) => toRow(s, r));
}

/** Which contacts of a unit a register page lists. */
export type RegisterFilter = 'all' | 'waiting' | 'tpt';

function filtered<Q extends SelectQueryBuilder<any, any, any>>(q: Q, filter: RegisterFilter): Q {
  if (filter === 'waiting') return q.where('c.examinated', '=', false).where('c.not_evaluated_reason', 'is', null) as Q;
  if (filter === 'tpt') return q.where(({ exists, selectFrom }) => exists(selectFrom('tptcourse as f').select(sql`1`.as('one')).whereRef('f.contact_id', '=', 'c.id').where('f.status', 'in', [...RUNNING]))) as Q;
  return q;
}

/**
 * A page of a unit's contact register in the reader's view (404 is the caller's: `placeOf`): newest
 * registration first; `after` the last row's `next` key; `count` bounded at {@link COUNT_CAP}
 * (`countCapped` then).
 */
export async function registerPage(db: Kysely<Database>, s: Session, unitId: string, o: { filter?: RegisterFilter; after?: string } = {}) {
  const filter = o.filter ?? 'all';
  const inUnit = unitsWhere(db, s, { kind: 'unit', unitId }, 'c.unit_id')!;
  let q = filtered(rows(db, s).where(inUnit), filter);
  const [afterDate, afterId] = (o.after ?? '').split('|');
  if (afterDate && afterId) q = q.where(sql<boolean>`(c.registration_date, c.id) < (${afterDate}::date, ${afterId}::uuid)`);
  const page = await q.orderBy('c.registration_date', 'desc').orderBy('c.id', 'desc').limit(REGISTER_PAGE + 1).execute();
  const capped = filtered(db.selectFrom('contact as c').select(sql`1`.as('one')).where('c.workspace_id', '=', s.workspaceId).where(inUnit), filter).limit(COUNT_CAP + 1);
  const { n } = (await db.selectFrom(capped.as('x')).select(sql<number>`count(*)::int`.as('n')).executeTakeFirstOrThrow()) as { n: number };
  const list = page.slice(0, REGISTER_PAGE).map((r) => toRow(s, r));
  const last = list.at(-1);
  return {
    list,
    next: page.length > REGISTER_PAGE && last ? `${last.registrationDate}|${last.id}` : null,
    count: Math.min(n, COUNT_CAP),
    countCapped: n > COUNT_CAP,
  };
}

/**
 * A page of the contacts whose ids `ids` selects (a sub-select of `id`: an indicator's numerator or
 * denominator), in the reader's view, newest registration first, 50 a page by keyset.
 * @example await contactsOfIds(db, registry, s, partIds(…), undefined) // { list, next }
 */
export async function contactsOfIds(db: Kysely<Database>, registry: Registry, s: Session, ids: SelectQueryBuilder<any, any, any>, after?: string) {
  let q = rows(db, s).where('c.id', 'in', ids);
  const inView = scopeCondition(db, registry, registry.table('contact'), s, 'c', 'read');
  if (inView) q = q.where(inView);
  const [afterDate, afterId] = (after ?? '').split('|');
  if (afterDate && afterId) q = q.where(sql<boolean>`(c.registration_date, c.id) < (${afterDate}::date, ${afterId}::uuid)`);
  const page = await q.orderBy('c.registration_date', 'desc').orderBy('c.id', 'desc').limit(REGISTER_PAGE + 1).execute();
  const list = page.slice(0, REGISTER_PAGE).map((r) => toRow(s, r));
  const last = list.at(-1);
  return { list, next: page.length > REGISTER_PAGE && last ? `${last.registrationDate}|${last.id}` : null };
}
