/**
 * A unit's /active tabs. (The side menu's summaries are declared in `schemas/tables/tbcase.json`
 * `x-summaries`: engine/summaries.ts, reports/cases/summaries.ts.)
 */
import { sql } from 'kysely';
import type { CountKey } from './counts.ts';

// a literal, not a parameter: the planner then proves the open-cases partial indexes (tbcase.json) apply
const open = (q: any) => q.where('t.state', '<>', sql.lit('CLOSED'));

/**
 * The three tabs of a unit's /active: open suspects, open confirmed TB and open
 * confirmed drug-resistant TB — counted by `casecount` suspect, tb and drtb.
 */
export const ACTIVE_TABS = {
  presumptives: { count: 'suspect', where: (q: any) => open(q).where('t.diagnosis_type', '=', 'SUSPECT') },
  tbCases: { count: 'tb', where: (q: any) => open(q).where('t.diagnosis_type', '=', 'CONFIRMED').where('t.classification', '=', 'TB') },
  drtbCases: { count: 'drtb', where: (q: any) => open(q).where('t.diagnosis_type', '=', 'CONFIRMED').where('t.classification', '=', 'DRTB') },
} as const satisfies Record<string, { count: CountKey; where: (q: any) => any }>;
export type ActiveTab = keyof typeof ACTIVE_TABS;
