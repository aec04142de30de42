/**
 * The side menu's summaries 'Резюме', declared in the case table's
 * schema file (`x-summaries` of `schemas/tables/tbcase.json`): each a name and report filters — the ids and
 * values the report requests take (`x-report`, engine/report-vars.ts) — so a configurator adds a
 * summary by editing the file. `counter` names a `casecount` column the triggers keep for the same
 * cases (the count then costs a few hundred rows at a million cases); without it the count is live.
 */
import type { Registry } from './registry.ts';

export interface SummaryDecl {
  id: string;
  /** i18n key of its name. */
  label: string;
  /** `{<filter id>: value}`, as `POST /api/cases/search` takes them. */
  filters: Record<string, unknown>;
  counter?: string;
  /**
   * Where its cases are placed: their cohort (a transferring case in the unit it leaves, the default),
   * their owner unit, or `either` (a case in transfer at both ends: the unit it leaves and the one it
   * goes to; counted live on the transferring cases' index, so only with a `transferring` filter).
   */
  placed?: 'cohort' | 'owner' | 'either';
}

/**
 * The declared summaries, in file order; an id declared twice stops the start-up.
 * @example caseSummaries(registry)[0] // { id: 'notvalidated', label: 'casecount.notValidated', filters: { state: [...], validated: false }, counter: 'not_validated' }
 */
export function caseSummaries(registry: Registry): SummaryDecl[] {
  const list = (registry.table('tbcase').schema['x-summaries'] ?? []) as SummaryDecl[];
  const seen = new Set<string>();
  for (const [i, x] of list.entries()) {
    if (seen.has(x.id)) throw new Error(`tbcase.json /x-summaries/${i}: the id "${x.id}" is declared twice`);
    seen.add(x.id);
  }
  return list;
}
