/**
 * The notification rate per 100,000 population: beside each number of
 * an indicator by area and registration year, the cases per 100,000 people of that area in that year
 * (the `population` catalogue: a row per admin unit and year, imported from a file). The area is an
 * area variable of the case's unit (`ownerUnitArea1…5`); the year the registration year — a variable
 * of the indicator, or its registration filter when it covers one calendar year. A total divides its
 * cases by the population of the distinct areas and years of its numbers; a number whose area and
 * year have no population has no rate (nor do its cases count in a total's). Pure but for the population
 * read by the caller.
 */
import type { ReportVariable } from '../../engine/report-vars.ts';
import type { IndicatorData, Key } from './shape.ts';
import type { IndicatorRequest } from './request.ts';

/** The variable of the year a rate is of, and the filter of the same date. */
export const RATE_DATE = 'registrationDate';

/** Where a rate finds its area and its year: a dimension of the rows (`r`) or of the columns (`c`), or a year fixed by the filter. */
export interface RateSetup {
  area: { side: 'r' | 'c'; index: number };
  year: { side: 'r' | 'c'; index: number } | { fixed: number };
}

const isArea = (v: ReportVariable) => v.value.kind === 'area';
const isYear = (v: ReportVariable) => v.id === `${RATE_DATE}.year`;

/**
 * Where the request's area and year are, or undefined when it has no area variable or no single year.
 * @example rateSetup({ rows: [area2], columns: [registrationYear], filters: [] }) // { area: { side: 'r', index: 0 }, year: { side: 'c', index: 0 } }
 */
export function rateSetup(req: Pick<IndicatorRequest, 'rows' | 'columns' | 'filters'>): RateSetup | undefined {
  const find = (test: (v: ReportVariable) => boolean) => {
    const r = req.rows.findIndex(test);
    if (r >= 0) return { side: 'r' as const, index: r };
    const c = req.columns.findIndex(test);
    return c >= 0 ? { side: 'c' as const, index: c } : undefined;
  };
  const area = find(isArea);
  if (!area) return undefined;
  const year = find(isYear);
  if (year) return { area, year };
  const period = req.filters.find((f) => f.filter.id === RATE_DATE)?.value as { ini?: string; end?: string } | undefined;
  const y = period?.ini?.slice(0, 4);
  return y && period?.ini === `${y}-01` && period?.end === `${y}-12` ? { area, year: { fixed: Number(y) } } : undefined;
}

/** The key of a population: an admin unit in a year. */
export const populationKey = (area: unknown, year: unknown) => `${area}|${year}`;

/**
 * The admin units and years whose population the indicator's numbers need.
 * @example neededPopulation(data, setup) // { areas: ['a1', 'a2'], years: [2024, 2025] }
 */
export function neededPopulation(d: IndicatorData, setup: RateSetup): { areas: string[]; years: number[] } {
  const areas = new Set<string>(), years = new Set<number>();
  for (const cell of cellsOf(d, setup)) {
    if (typeof cell.area === 'string') areas.add(cell.area);
    if (cell.year !== null) years.add(cell.year);
  }
  return { areas: [...areas], years: [...years] };
}

/** Each number's area and year, by its row and column. */
function cellsOf(d: IndicatorData, setup: RateSetup) {
  const keyAt = (at: { side: 'r' | 'c'; index: number }, row: number, column: number): Key => (at.side === 'r' ? d.rows[row].keys[at.index] : d.columns[column].keys[at.index]);
  const out: { row: number; column: number; area: Key; year: number | null }[] = [];
  d.rows.forEach((_, row) =>
    d.columns.forEach((_c, column) => {
      const year = 'fixed' in setup.year ? setup.year.fixed : Number(keyAt(setup.year, row, column) ?? NaN);
      out.push({ row, column, area: keyAt(setup.area, row, column), year: Number.isInteger(year) ? year : null });
    }),
  );
  return out;
}

const perHundredThousand = (cases: number, people: number) => Math.round((cases / people) * 1_000_000) / 10;

/**
 * The rates of every number of the indicator, its totals' and the grand total's; `population` by
 * `populationKey(area, year)`.
 * @example notificationRates(data, setup, new Map([['a1|2024', 200000]])) // { label, values: [[5, …]], rowTotals, columnTotals, total }
 */
export function notificationRates(d: IndicatorData, setup: RateSetup, population: Map<string, number>, label: string): NonNullable<IndicatorData['rates']> {
  const cells = cellsOf(d, setup);
  const popOf = (c: { area: Key; year: number | null }) => (c.area === null || c.year === null ? undefined : population.get(populationKey(c.area, c.year)));
  /**
   * The cases over the population of the distinct areas and years of these numbers: the total's cases
   * when every number has its population, else only the cases of the numbers that have one.
   */
  const rate = (total: number, of: typeof cells) => {
    const seen = new Map<string, number>();
    let known = 0;
    for (const c of of) {
      const p = popOf(c);
      if (!p) continue;
      seen.set(populationKey(c.area, c.year), p);
      known += d.values[c.row][c.column];
    }
    const people = [...seen.values()].reduce((a, b) => a + b, 0);
    if (!people) return null;
    return perHundredThousand(of.every((c) => popOf(c)) ? total : known, people);
  };
  return {
    label,
    values: d.rows.map((_, r) => d.columns.map((_c, c) => rate(d.values[r][c], cells.filter((x) => x.row === r && x.column === c)))),
    rowTotals: d.rows.map((_, r) => rate(d.rowTotals[r], cells.filter((x) => x.row === r))),
    columnTotals: d.columns.map((_, c) => rate(d.columnTotals[c], cells.filter((x) => x.column === c))),
    total: rate(d.total, cells),
  };
}
