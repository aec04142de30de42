/**
 * An indicator as a trend: its row variables over the last eight whole
 * quarters of a date of the case (the registration date by default) — the quarters become the rows,
 * the indicator's row variables the columns (a line each on a chart), every quarter listed even when
 * it counts nothing. Pure: the request it makes is counted as any other (`run.ts`).
 */
import type { ReportCatalogue, ReportFilter, ReportVariable } from '../../engine/report-vars.ts';
import { quarterBefore, type Quarter } from '../who/quarter.ts';
import type { IndicatorRequest } from './request.ts';

/** How many quarters a trend shows. */
export const TREND_QUARTERS = 8;

/** A date of the case that a trend may run along: a period filter with a variable by quarter. */
export function trendDate(cat: ReportCatalogue, id: string): { filter: ReportFilter; quarter: ReportVariable } | undefined {
  const filter = cat.filter(id);
  const quarter = cat.variable(`${id}.quarter`);
  return filter && quarter && filter.type === 'period' && quarter.value.kind === 'period' && quarter.value.by === 'quarter' ? { filter, quarter } : undefined;
}

/** The quarter of an ISO date. */
const quarterOf = (iso: string): Quarter => ({ year: Number(iso.slice(0, 4)), quarter: (Math.floor((Number(iso.slice(5, 7)) - 1) / 3) + 1) as Quarter['quarter'] });
/** A quarter's key as the variable by quarter gives it (`2025-Q1`). */
const keyOf = (q: Quarter) => `${q.year}-Q${q.quarter}`;

/**
 * The last eight whole quarters before the one of `today`, oldest first, as keys and as a month range.
 * @example trendQuarters('2026-05-20') // { keys: ['2024-Q2', …, '2026-Q1'], months: { ini: '2024-04', end: '2026-03' } }
 */
export function trendQuarters(today: string): { keys: string[]; months: { ini: string; end: string } } {
  const last = quarterBefore(quarterOf(today), 1);
  const quarters = Array.from({ length: TREND_QUARTERS }, (_, i) => quarterBefore(last, TREND_QUARTERS - 1 - i));
  const month = (q: Quarter, m: number) => `${q.year}-${String((q.quarter - 1) * 3 + m).padStart(2, '0')}`;
  return { keys: quarters.map(keyOf), months: { ini: month(quarters[0], 1), end: month(last, 3) } };
}

/**
 * The request a trend counts: the quarters as rows, the indicator's row variables as columns, its
 * filters with the date's window instead of any filter of its own on that date.
 * @example trendRequest(request, trendDate(cat, 'registrationDate')!, trendQuarters(today).months)
 */
export function trendRequest(req: IndicatorRequest, date: { filter: ReportFilter; quarter: ReportVariable }, months: { ini: string; end: string }): IndicatorRequest {
  return {
    ...req,
    rows: [date.quarter],
    columns: req.rows,
    filters: [...req.filters.filter((f) => f.filter.id !== date.filter.id), { filter: date.filter, value: months }],
  };
}
