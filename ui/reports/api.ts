/**
 * The one client of the case reports, dashboards and the advanced search: see reports/cases/routes.ts and docs/api.md "Case reports and dashboards".
 */
import type { IndicatorData } from '../../reports/indicator/shape.ts';
import { indicatorFilters } from '../../reports/indicator/overlay.ts';
import { api } from '../api/index.ts';
import type { QueryResult } from '../api/types.ts';
import type { FilterGroup, Filters, Key } from '../filters/types.ts';
import type { CasePage, PlaceRef } from '../places/api.ts';

// The server's own shapes (type-only: no server code enters the UI bundle).
export type { IndicatorData, Header } from '../../reports/indicator/shape.ts';
import type { Casereport } from '../../engine/generated/index.ts';
export type { FilterDef, FilterGroup, FilterOption, FilterValue, Filters, Key, PeriodValue } from '../filters/types.ts';

export const CHARTS = ['pie', 'bar', 'line', 'column', 'area', 'areaspline', 'spline'] as const satisfies readonly NonNullable<Casereport['indicators']>[number]['chart'][];
export type ChartType = (typeof CHARTS)[number];
/** 0 All, 1 Chart only, 2 Table only. */
export type DisplayMode = 0 | 1 | 2;


/** A saved indicator as `schemas/tables/casereport.json` declares it, with the defaults the server fills in. */
export type IndicatorSchema = Omit<NonNullable<Casereport['indicators']>[number], 'filters' | 'size' | 'chart' | 'display'> & {
  size: number;
  chart: ChartType;
  display: DisplayMode;
  filters?: Filters;
};

/** An indicator as the server computes it: its data, or the errors of a variable no longer declared. */
export interface ComputedIndicator {
  schema: IndicatorSchema;
  data?: IndicatorData;
  errors?: { field: string | null; msg: string }[];
}

export type DashboardIndicator = ComputedIndicator & { report: { id: string; title: string } };

export interface ReportSchema {
  title: string;
  dashboard: boolean;
  filters: Filters;
  scope?: PlaceRef['scope'];
  scopeId?: string | null;
}

export interface ReportListItem {
  id: string;
  name: string;
  scope: PlaceRef['scope'];
  scopeId: string | null;
  dashboard: boolean;
}

export interface VariableDef {
  id: string;
  name: string;
  rows: boolean;
  columns: boolean;
}
export interface ReportInit {
  filters: FilterGroup[];
  variables: { id: string; label: string; variables: VariableDef[] }[];
}

/** What `ind/exec` and `ind/cases` take: the variables, the filters and the place. */
export interface IndicatorRequest {
  filters: Filters;
  columnVariables: string[];
  rowVariables: string[];
  trend?: string;
  rate?: boolean;
}

/** A page of the advanced search: its cases, the cursor of the next page, the filters as they read (the count comes apart). */
export interface SearchResult extends Omit<CasePage, 'count'> {
  filterDisplay?: { id: string; name: string; value: string }[];
}

/** How many the search finds, bounded as every list's count. */
export type SearchCount = Pick<QueryResult<unknown>, 'count' | 'countCapped' | 'countEstimated'>;

/** The place a computation or a search is for, as the bodies name it. */
const place = (p: PlaceRef) => ({ scope: p.scope, ...(p.id ? { scopeId: p.id } : {}) });

/**
 * The request of an indicator of a report: the report's filters overlaid by its own (for one id in
 * both, its own value — as the server computes a saved report, `reports/indicator/overlay.ts`).
 * @example indicatorRequest({ gender: ['MALE'] }, { filters: { state: ['ONTREATMENT'] }, columnVariables: ['gender'], rowVariables: ['outcome'] }) // { filters: { gender: ['MALE'], state: ['ONTREATMENT'] }, … }
 */
export const indicatorRequest = (report: Filters, ind: Pick<IndicatorSchema, 'filters' | 'columnVariables' | 'rowVariables' | 'trend' | 'rate'>): IndicatorRequest => ({
  filters: indicatorFilters(report, ind.filters),
  columnVariables: ind.columnVariables,
  rowVariables: ind.rowVariables,
  ...(ind.trend ? { trend: ind.trend } : {}),
  ...(ind.rate && !ind.trend ? { rate: true } : {}),
});

export const reportsApi = {
  init: () => api.post<ReportInit>('/api/cases/report/init', {}),
  // plain answers `{result}` (no `success`): the client hands the body back as it is
  list: (p: PlaceRef, signal?: AbortSignal) => api.post<{ result: ReportListItem[] }>('/api/cases/report/query', { scope: p.scope, ...(p.id ? { id: p.id } : {}) }, signal).then((r) => r.result),
  /** A saved report; `compute: false`: its indicators' schemas only, to be computed one by one with `indicator`. */
  exec: (p: PlaceRef, reportId: string, compute = true, signal?: AbortSignal) =>
    api
      .post<{ result: { id: string; schema: ReportSchema; indicators: ComputedIndicator[] } }>('/api/cases/report/exec', { ...place(p), reportId, ...(compute ? {} : { compute }) }, signal)
      .then((r) => r.result),
  indicator: (p: PlaceRef, req: IndicatorRequest) => api.post<{ indicator: IndicatorData }>('/api/cases/report/ind/exec', { ...req, ...place(p) }).then((r) => r.indicator),
  /** A page of a cell's cases, not counted (`count: false`): the number is the indicator's, already shown. */
  cellCases: (p: PlaceRef, req: IndicatorRequest, cell: { row?: Key[]; column?: Key[] }, page: number, signal?: AbortSignal) =>
    api.post<Omit<CasePage, 'count'>>('/api/cases/report/ind/cases', { ...req, ...place(p), ...cell, page, count: false }, signal),
  save: (body: ReportSchema & { indicators: IndicatorSchema[] }, id?: string) => api.post<string>(`/api/cases/report/save${id ? `/${encodeURIComponent(id)}` : ''}`, body),
  remove: (id: string) => api.post<void>(`/api/cases/report/delete/${encodeURIComponent(id)}`, {}),
  dashboard: (p: PlaceRef, signal?: AbortSignal) =>
    api.post<{ result: { caseIndicators: DashboardIndicator[] } }>('/api/dashboard/generate', place(p), signal).then((r) => r.result.caseIndicators),
};

export const searchApi = {
  init: () => api.post<{ filters: FilterGroup[] }>('/api/cases/search/init', {}),
  /** A page (1-based) of the place's cases matching every filter, with the filters as they read. */
  search: (p: PlaceRef, filters: Filters, page: number, signal?: AbortSignal) =>
    api.post<SearchResult>('/api/cases/search', { pageSize: 50, filters, ...place(p), addFilterDisplay: true, page }, signal),
  /** How many cases the same search finds (its own call: the page does not wait for it). */
  /** `exact`: counted exactly however long it takes (else a large number is the planner's estimate, `countEstimated`). */
  count: (p: PlaceRef, filters: Filters, exact = false, signal?: AbortSignal) =>
    api.post<SearchCount>('/api/cases/search/count', { filters, ...place(p), ...(exact ? { exact } : {}) }, signal),
};
