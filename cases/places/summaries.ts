/**
 * The side menu's summaries 'Резюме' (seed 001 §2.3, §3 Summary item): a fixed set of groups of a
 * place's cases, each counted by a column of `casecount` and listed by the same condition
 * (`/summary?sum={id}&id=`), so the count beside a summary is the length of its list.
 */
import { sql } from 'kysely';
import type { CountKey } from './counts.ts';

export interface SummaryDef {
  id: string;
  /** i18n key of its name (engine/i18n). */
  label: string;
  count: CountKey;
  /** The same cases as the count, on `tbcase as t`. */
  where: (q: any) => any;
  /** Where the cases are placed: the cohort (a transferring case in the unit it leaves, the default) or their owner unit. */
  placed?: 'cohort' | 'owner';
}

// a literal, not a parameter: the planner then proves the open-cases partial indexes (tbcase.json) apply
const open = (q: any) => q.where('t.state', '<>', sql.lit('CLOSED'));

export const SUMMARIES: SummaryDef[] = [
  { id: 'notvalidated', label: 'casecount.notValidated', count: 'not_validated', where: (q) => open(q).where('t.validated', '=', false) },
  { id: 'notontreatment', label: 'casecount.notOnTreatment', count: 'not_on_treatment', where: (q) => q.where('t.state', '=', 'NOT_ONTREATMENT') },
  { id: 'ontreatment', label: 'casecount.onTreatment', count: 'on_treatment', where: (q) => q.where('t.state', '=', 'ONTREATMENT') },
  // the cases waiting for a unit to accept them: counted and listed where they go (their owner)
  { id: 'transferring', label: 'casecount.transferring', count: 'transferring', where: (q) => open(q).where('t.transferring', '=', true), placed: 'owner' },
  { id: 'closed', label: 'casecount.closed', count: 'closed', where: (q) => q.where('t.state', '=', 'CLOSED') },
];

/** The summary with that id, or undefined. */
export const summaryOf = (id: string) => SUMMARIES.find((x) => x.id === id);

/**
 * The three tabs of a unit's /active (seed 001 §2.3): open suspects, open confirmed TB and open
 * confirmed drug-resistant TB — counted by `casecount` suspect, tb and drtb.
 */
export const ACTIVE_TABS = {
  presumptives: { count: 'suspect', where: (q: any) => open(q).where('t.diagnosis_type', '=', 'SUSPECT') },
  tbCases: { count: 'tb', where: (q: any) => open(q).where('t.diagnosis_type', '=', 'CONFIRMED').where('t.classification', '=', 'TB') },
  drtbCases: { count: 'drtb', where: (q: any) => open(q).where('t.diagnosis_type', '=', 'CONFIRMED').where('t.classification', '=', 'DRTB') },
} as const satisfies Record<string, { count: CountKey; where: (q: any) => any }>;
export type ActiveTab = keyof typeof ACTIVE_TABS;
