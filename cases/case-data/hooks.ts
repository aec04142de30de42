/**
 * The rules of the case data tab's sub-records, kept by the table writer on every write (the
 * generic API is their only path): a previous treatment's outcome is not before its start (month
 * and year, when both given). That a row stays with its case is the writer's rule for every
 * sub-record table (`x-table.parent`, server/tbl/write.ts).
 */
import { t } from '../../engine/i18n.ts';
import { fail } from '../../server/http/errors.ts';
import type { Prevtreat } from '../../engine/generated/index.ts';
import type { ModuleHooks } from '../../server/types.ts';

/**
 * The outcome of a previous treatment is not before its start: by year, then by month when both
 * months are given.
 * @example outcomeAfterStart({ year: 2020, month: 5, outcomeYear: 2020, outcomeMonth: 3 }) // 'outcomeMonth'
 */
export function outcomeAfterStart(d: Pick<Prevtreat, 'year' | 'month' | 'outcomeYear' | 'outcomeMonth'>): 'outcomeYear' | 'outcomeMonth' | undefined {
  const { year, month, outcomeYear, outcomeMonth } = d;
  if (year === undefined || outcomeYear === undefined) return undefined;
  if (outcomeYear < year) return 'outcomeYear';
  if (outcomeYear === year && month !== undefined && outcomeMonth !== undefined && outcomeMonth < month) return 'outcomeMonth';
  return undefined;
}

/** The hooks by table (`DomainModule.hooks`). */
export const caseDataHooks: ModuleHooks = {
  prevtreat: {
    beforeSave(x) {
      const field = outcomeAfterStart(x.doc);
      if (field) throw fail(400, t(x.session.lang, 'prevtreat.outcomeBeforeStart'), field);
    },
  },
};
