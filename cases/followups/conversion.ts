/**
 * Culture (and smear) conversion and reversion (what programmes report for drug-resistant TB), from a
 * case's culture results — a pure function of `{date, result}` pairs, so reports, tag conditions and the
 * case page can all call the one rule.
 *
 * The rule (WHO definitions for DR-TB): results are taken in date order; only conclusive ones count
 * (`NEGATIVE`, and the positive grades `POSITIVE`, `PLUS`…`PLUS4`; `CONTAMINATED`, `NOTDONE` are
 * skipped, neither breaking nor making a pair).
 * - **Conversion**: after a positive culture, two consecutive negative cultures taken at least
 *   {@link CONVERSION_GAP_DAYS} days apart — 7 by WHO's 2021 update, 30 by the 2013 revision (its
 *   RR/MDR-TB rule), as the workspace chooses (`tbDefinitions`); its date is the first of the two.
 *   Two negatives closer than that do not convert, but the later one may start the next pair.
 * - **Reversion**: a positive culture after a conversion; its date is that culture's. A later
 *   conversion (again two negatives after the reverting positive) replaces both.
 * Negatives with no positive before them never convert (nothing to convert from).
 *
 * The same rule reads the smears (`exammic.result`) into the case's smear conversion: WHO 2021 lets
 * drug-susceptible TB convert by smears as well as cultures (2013: cultures only, for RR/MDR-TB) —
 * the case keeps both (`x-derived` in schemas/tables/tbcase.json), reports choose which they count.
 */

/** The WHO definitions a workspace follows where the 2013 revision and the 2021 update differ. */
export type Definitions = 'WHO2021' | 'WHO2013';

/** The smallest number of days between the two negative cultures of a conversion, by definitions. */
export const CONVERSION_GAP_DAYS: Record<Definitions, number> = { WHO2021: 7, WHO2013: 30 };

const POSITIVE = new Set(['POSITIVE', 'PLUS', 'PLUS2', 'PLUS3', 'PLUS4']);

export interface CultureResult {
  /** `YYYY-MM-DD`, the date the sample was taken. */
  date: string;
  /** The culture result (`examcul.result`). */
  result: string;
}

export interface CultureConversion {
  /** The date of the first of the two negatives of the latest conversion, or null. */
  conversionDate: string | null;
  /** The date of the positive culture that followed that conversion, or null. */
  reversionDate: string | null;
}

const days = (from: string, to: string) => (Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000;

/**
 * The case's culture conversion and reversion, by the definitions given (2021 unless said).
 *
 * @example cultureConversion([
 *   { date: '2024-01-10', result: 'PLUS2' },
 *   { date: '2024-03-01', result: 'NEGATIVE' },
 *   { date: '2024-04-02', result: 'NEGATIVE' },
 * ]) // { conversionDate: '2024-03-01', reversionDate: null }
 * @example cultureConversion([...thoseThree, { date: '2024-06-01', result: 'POSITIVE' }])
 *   // { conversionDate: '2024-03-01', reversionDate: '2024-06-01' }
 */
export function cultureConversion(results: CultureResult[], definitions: Definitions = 'WHO2021'): CultureConversion {
  const gap = CONVERSION_GAP_DAYS[definitions];
  const sorted = [...results].sort((a, b) => a.date.localeCompare(b.date));
  let conversionDate: string | null = null;
  let reversionDate: string | null = null;
  let sincePositive = false; // a positive culture not yet followed by a conversion
  let pending: string | null = null; // the previous negative since that positive
  for (const { date, result } of sorted) {
    if (POSITIVE.has(result)) {
      if (conversionDate && !reversionDate && !sincePositive) reversionDate = date;
      sincePositive = true;
      pending = null;
    } else if (result === 'NEGATIVE' && sincePositive) {
      if (pending && days(pending, date) >= gap) {
        conversionDate = pending;
        reversionDate = null;
        sincePositive = false;
        pending = null;
      } else {
        pending = date;
      }
    }
  }
  return { conversionDate, reversionDate };
}
