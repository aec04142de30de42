/**
 * What WHO's TB indicators (the DAK's TB.IND.1–51) count by: the facts of each subject, as
 * SQL over the rows that hold them — a case's over its analytic row (`caseanalytic as a`:
 * every declared report variable already computed, `engine/analytic.ts`), a contact's over the contact
 * (`contact as k`), its person (`patient as p`), its TPT course (`tptcourse as t`) and its index case's
 * analytic row (`caseanalytic as ia`). A definition's conditions name these facts; a fact read from an
 * exam needs that exam type's permission (as the case reports), a contact's needs CASECONTACT.
 * The DAK's rules written once here: a new episode (new, relapse — "recurrent" — or unknown history),
 * the history groups, rifampicin resistance (DR-TB typed RR/MDR/pre-XDR/XDR, Xpert RIF detected, or a
 * resistant rifampicin DST), what "tested" means for each drug (a susceptible or resistant result),
 * the outcome a cohort counts (`cohortOutcome`, as the WHO forms: a case transferred out of its
 * notifying unit is not evaluated there), the HIV status (the analytic row's: the newest result).
 *
 * @example factSql(CASE_FACTS, 'newEpisode') // (a.registration_group in ('NEW', 'RELAPSE', 'UNKNOWN_PREVIOUS_TB_TREAT'))
 */
import { sql, type RawBuilder } from 'kysely';

export type Subject = 'case' | 'contact';

/**
 * A table a contact's fact, date or disaggregation reads beside the contact `k`: its person `p`, its
 * index case's analytic row `ia`, its TPT course `t`. A statement joins only those its facts read
 * (a contact has one person, one index case with its analytic row, at most one course: leaving out
 * one that nothing reads keeps every count the same).
 */
export type ContactJoin = 'p' | 'ia' | 't';

export interface Fact {
  /** Its value for one row of the subject. */
  sql: RawBuilder<unknown>;
  /** `boolean`, or the keys an enum fact takes. */
  keys: 'boolean' | string[];
  /** The permission reading it needs beyond the subject's. */
  permission?: string;
  /** The tables beside the contact it reads (a contact's fact). */
  joins?: ContactJoin[];
}

const b = (expr: RawBuilder<unknown>): Fact => ({ sql: sql`coalesce(${expr}, false)`, keys: 'boolean' });
const e = (expr: RawBuilder<unknown>, keys: string[], permission?: string): Fact => ({ sql: expr, keys, permission });
const list = (xs: string[]) => sql.join(xs.map((x) => sql.lit(x)));

const NEW_EPISODE = ['NEW', 'RELAPSE', 'UNKNOWN_PREVIOUS_TB_TREAT'];
const RR_TYPES = ['RR', 'MDR', 'PRE_XDR', 'XDR'];
const TESTED = ['SUSCEPTIBLE', 'RESISTANT'];
const a = (col: string) => sql.ref(`a.${col}`);

/** The history group WHO reports by, from the registration group. */
const historySql = sql`(case when a.registration_group = 'NEW' then 'NEW' when a.registration_group = 'RELAPSE' then 'RELAPSE'
  when a.registration_group = 'UNKNOWN_PREVIOUS_TB_TREAT' then 'UNKNOWN' when a.registration_group is null then null else 'PREVIOUSLY_TREATED' end)`;
const rifResistantSql = sql`((a.classification = 'DRTB' and a.drug_resistance_type in (${list(RR_TYPES)})) or a.xpert_result = 'TB_DETECTED_RIF_DETECTED' or a.dst_r = 'RESISTANT')`;
const fqResistantSql = sql`(a.dst_lfx = 'RESISTANT' or a.dst_ofx = 'RESISTANT' or a.drug_resistance_type in ('PRE_XDR', 'XDR'))`;

/** The facts of a case, over its analytic row `a`. */
export const CASE_FACTS: Record<string, Fact> = {
  classification: e(a('classification'), ['TB', 'DRTB', 'NTM']),
  diagnosisType: e(a('diagnosis_type'), ['SUSPECT', 'CONFIRMED']),
  diagnosisBasis: e(a('diagnosis_basis'), ['BACTERIOLOGICAL', 'CLINICAL']),
  infectionSite: e(a('infection_site'), ['PULMONARY', 'EXTRAPULMONARY']),
  history: e(historySql, ['NEW', 'RELAPSE', 'PREVIOUSLY_TREATED', 'UNKNOWN']),
  newEpisode: b(sql`a.registration_group in (${list(NEW_EPISODE)})`),
  registrationGroup: e(a('registration_group'), ['NEW', 'RELAPSE', 'AFTER_DEFAULT', 'FAILURE_FT', 'FAILURE_RT', 'PREVIOUSLY_TREATED', 'TREATMENT_AFTER_FAILURE', 'TREATMENT_AFTER_LOSS_FOLLOW_UP', 'OTHER_PREVIOUSLY_TREATED', 'UNKNOWN_PREVIOUS_TB_TREAT', 'OTHER']),
  /** De-notified: the case was found not to be TB. */
  notTb: b(sql`a.outcome = 'NOT_TB'`),
  xpertDone: { sql: sql`coalesce(a.xpert_result in ('TB_NOT_DETECTED', 'TB_DETECTED_RIF_NOT_DETECTED', 'TB_DETECTED_RIF_DETECTED', 'TB_DETECTED_RIF_INDETERMINATE'), false)`, keys: 'boolean', permission: 'EXAM_XPERT' },
  xpertPositive: { sql: sql`coalesce(a.xpert_result like 'TB\\_DETECTED%', false)`, keys: 'boolean', permission: 'EXAM_XPERT' },
  testedR: { sql: sql`coalesce(a.dst_r in (${list(TESTED)}) or a.xpert_result in ('TB_DETECTED_RIF_DETECTED', 'TB_DETECTED_RIF_NOT_DETECTED'), false)`, keys: 'boolean', permission: 'EXAM_DST' },
  testedH: { sql: sql`coalesce(a.dst_h in (${list(TESTED)}), false)`, keys: 'boolean', permission: 'EXAM_DST' },
  testedFq: { sql: sql`coalesce(a.dst_lfx in (${list(TESTED)}) or a.dst_ofx in (${list(TESTED)}), false)`, keys: 'boolean', permission: 'EXAM_DST' },
  rifResistant: { sql: sql`coalesce(${rifResistantSql}, false)`, keys: 'boolean', permission: 'EXAM_DST' },
  isoniazidResistant: { sql: sql`coalesce(a.dst_h = 'RESISTANT', false)`, keys: 'boolean', permission: 'EXAM_DST' },
  fqResistant: { sql: sql`coalesce(${fqResistantSql}, false)`, keys: 'boolean', permission: 'EXAM_DST' },
  mdr: { sql: sql`coalesce((a.dst_r = 'RESISTANT' and a.dst_h = 'RESISTANT') or a.drug_resistance_type in ('MDR', 'PRE_XDR', 'XDR'), false)`, keys: 'boolean', permission: 'EXAM_DST' },
  preXdr: { sql: sql`coalesce(a.drug_resistance_type in ('PRE_XDR', 'XDR') or (${rifResistantSql} and ${fqResistantSql}), false)`, keys: 'boolean', permission: 'EXAM_DST' },
  hivStatus: e(sql`(case when a.hiv_result in ('POSITIVE', 'NEGATIVE') then a.hiv_result end)`, ['POSITIVE', 'NEGATIVE'], 'EXAM_HIV'),
  onArt: { sql: sql`(a.hiv_art is not null)`, keys: 'boolean', permission: 'EXAM_HIV' },
  treatmentStarted: b(sql`a.ini_treatment_date is not null`),
  outcome: e(a('outcome'), ['CURED', 'TREAT_COMPLETED', 'TREAT_FAILED', 'DIED', 'LOST_FOLLOWUP', 'TREAT_INTERRUPTED', 'LOST_FOLLOWUP_BEFORE_TREATMENT', 'NOT_EVALUATED', 'OTHER', 'NOT_TB']),
  /** The outcome the notifying unit's cohort counts (the WHO forms' `cohortOutcome`, transfers out not evaluated). */
  cohortOutcome: e(
    sql`(case when a.outcome is null or coalesce(a.transferring, false) or a.owner_unit_id is distinct from a.notification_unit_id then 'NOT_EVALUATED'
      when a.outcome in ('LOST_FOLLOWUP', 'TREAT_INTERRUPTED', 'LOST_FOLLOWUP_BEFORE_TREATMENT') then 'LOST'
      when a.outcome = 'OTHER' then 'NOT_EVALUATED' else a.outcome end)`,
    ['CURED', 'TREAT_COMPLETED', 'TREAT_FAILED', 'DIED', 'LOST', 'NOT_EVALUATED', 'NOT_TB'],
  ),
  gender: e(a('gender'), ['MALE', 'FEMALE']),
};

const k = (col: string) => sql.ref(`k.${col}`);

/** The facts of a contact, over the contact `k`, its person `p`, its course `t` and its index case's analytic row `ia`. */
export const CONTACT_FACTS: Record<string, Fact> = {
  contactType: e(k('contact_type'), ['household', 'close', 'institutional', 'nosocomial']),
  indexConfirmedPulmonary: { ...b(sql`ia.diagnosis_basis = 'BACTERIOLOGICAL' and ia.infection_site = 'PULMONARY' and ia.diagnosis_type = 'CONFIRMED'`), joins: ['ia'] },
  evaluated: b(k('examinated')),
  evaluationOutcome: e(k('evaluation_outcome'), ['TB_EXCLUDED', 'PRESUMPTIVE_TB']),
  tptEligible: { ...b(sql`t.eligible`), joins: ['t'] },
  tptStarted: { ...b(sql`t.start_date is not null`), joins: ['t'] },
  tptOutcome: { ...e(sql`t.outcome`, ['COMPLETED', 'DISCONTINUED_TOXICITY', 'LOST', 'DIED', 'DEVELOPED_TB']), joins: ['t'] },
  gender: { ...e(sql`p.gender`, ['MALE', 'FEMALE']), joins: ['p'] },
};

/** The facts of a subject. */
export const FACTS: Record<Subject, Record<string, Fact>> = { case: CASE_FACTS, contact: CONTACT_FACTS };

/** The dates a subject's period can be taken on. */
export const DATES: Record<Subject, Record<string, RawBuilder<unknown>>> = {
  case: { registrationDate: sql`a.registration_date`, treatmentStart: sql`a.ini_treatment_date` },
  contact: { registrationDate: sql`k.registration_date`, tptStart: sql`t.start_date`, eligibilityDate: sql`t.eligibility_date` },
};

/** The tables beside the contact a contact's date reads. */
export const DATE_JOINS: Record<string, ContactJoin[]> = { tptStart: ['t'], eligibilityDate: ['t'] };

/**
 * A disaggregation: its key for a row of the subject (null: not known) and its keys in order, with
 * the i18n prefix of their labels (or the labels themselves for the age bands).
 */
export interface Dimension {
  sql: RawBuilder<unknown>;
  keys: string[];
  /** i18n prefix of the keys' labels; none: the keys are their own labels (age bands). */
  labels?: string;
  /** Reading it needs this permission (HIV status: the HIV exam's). */
  permission?: string;
  /** Keys are admin units (the area): named from the catalogue when shown. */
  areas?: boolean;
  /** The tables beside the contact it reads (a contact's disaggregation). */
  joins?: ContactJoin[];
}

/** The DAK's age bands (years at registration). */
export const AGE_BANDS: [string, number, number][] = [
  ['0–4', 0, 4], ['5–9', 5, 9], ['10–14', 10, 14], ['15–19', 15, 19], ['20–24', 20, 24], ['25–34', 25, 34], ['35–44', 35, 44], ['45–54', 45, 54], ['55–64', 55, 64], ['65+', 65, 200],
];
const bandSql = (years: RawBuilder<unknown>) => sql`(case ${sql.join(AGE_BANDS.map(([label, lo, hi]) => sql`when ${years} between ${sql.lit(lo)} and ${sql.lit(hi)} then ${sql.lit(label)}`), sql` `)} end)`;

export type DimensionId = 'sex' | 'age' | 'area' | 'regimen' | 'history' | 'hiv' | 'ageTpt';

export const DIMENSIONS: Record<Subject, Partial<Record<DimensionId, Dimension>>> = {
  case: {
    sex: { sql: a('gender'), keys: ['MALE', 'FEMALE'], labels: 'gender' },
    age: { sql: bandSql(a('age_range_years')), keys: AGE_BANDS.map((x) => x[0]) },
    area: { sql: sql`coalesce(a.owner_unit_area2, a.owner_unit_area1)`, keys: [], areas: true },
    regimen: { sql: sql`(case when a.classification = 'DRTB' then 'RR' when a.classification = 'TB' then 'RS' end)`, keys: ['RS', 'RR'], labels: 'dak.regimen' },
    history: { sql: historySql, keys: ['NEW', 'RELAPSE', 'PREVIOUSLY_TREATED', 'UNKNOWN'], labels: 'dak.history' },
    hiv: { sql: sql`(case when a.hiv_result in ('POSITIVE', 'NEGATIVE') then a.hiv_result end)`, keys: ['POSITIVE', 'NEGATIVE'], labels: 'hivResult', permission: 'EXAM_HIV' },
  },
  contact: {
    sex: { sql: sql`p.gender`, keys: ['MALE', 'FEMALE'], labels: 'gender', joins: ['p'] },
    ageTpt: { sql: sql`(case when k.age < 5 then '<5' when k.age >= 5 then '≥5' end)`, keys: ['<5', '≥5'] },
    age: { sql: bandSql(k('age')), keys: AGE_BANDS.map((x) => x[0]) },
    area: { sql: sql`coalesce(ia.owner_unit_area2, ia.owner_unit_area1)`, keys: [], areas: true, joins: ['ia'] },
    regimen: { sql: sql`(case when k.index_resistance in (${list(RR_TYPES)}) then 'RR' else 'RS' end)`, keys: ['RS', 'RR'], labels: 'dak.regimen' },
  },
};
