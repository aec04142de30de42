/** Calls of the advanced search (seed 001 §2.3, §7; reports/cases/search.ts) and the shapes of the report filters it shares with the report editor. */
import { api } from '../api/index.ts';
import type { QueryResult } from '../api/types.ts';
import type { CasePage, PlaceScope } from '../places/api.ts';

export interface FilterOption {
  value: string | boolean | number;
  label: string;
  /** An admin unit's level (1 the top). */
  level?: number;
}

/** One declared filter as `search/init` and `report/init` answer it. */
export interface ReportFilterDef {
  id: string;
  name: string;
  type: 'multiSelect' | 'select' | 'period';
  resources: { options: FilterOption[] };
}

export interface FilterGroup {
  id: string;
  label: string;
  filters: ReportFilterDef[];
}

/** A period's months, `YYYY-MM`, both included. */
export interface PeriodValue {
  ini?: string;
  end?: string;
}

export type FilterValue = (string | boolean | number)[] | string | boolean | number | PeriodValue;
export type FilterValues = Record<string, FilterValue>;

/** A page of the search: its cases, the cursor of the next page, the filters as they read (the count comes apart). */
export interface SearchResult extends Omit<CasePage, 'count'> {
  filterDisplay?: { id: string; name: string; value: string }[];
}

/** How many the search finds, bounded as every list's count. */
export type SearchCount = Pick<QueryResult<unknown>, 'count' | 'countCapped' | 'countEstimated'>;

export const searchApi = {
  init: () => api.post<{ filters: FilterGroup[] }>('/api/cases/search/init', {}),
  /** A page (1-based) of the place's cases matching every filter, with the filters as they read. */
  search: (scope: PlaceScope, scopeId: string | undefined, filters: FilterValues, page: number) =>
    api.post<SearchResult>('/api/cases/search', { pageSize: 50, filters, scope, ...(scopeId ? { scopeId } : {}), addFilterDisplay: true, page }),
  /** How many cases the same search finds (its own call: the page does not wait for it). */
  count: (scope: PlaceScope, scopeId: string | undefined, filters: FilterValues) =>
    api.post<SearchCount>('/api/cases/search/count', { filters, scope, ...(scopeId ? { scopeId } : {}) }),
};

/**
 * The filters that say something: a multi-select with at least one value, a select with a value, a
 * period with a month (an empty choice filters nothing, so it is not sent).
 * @example chosenValues({ gender: [], state: ['ONTREATMENT'], registrationDate: {} }) // { state: ['ONTREATMENT'] }
 */
export function chosenValues(values: FilterValues): FilterValues {
  const out: FilterValues = {};
  for (const [id, v] of Object.entries(values)) {
    if (v == null || v === '') continue;
    if (Array.isArray(v)) {
      if (v.length) out[id] = v;
    } else if (typeof v === 'object') {
      const p = { ...(v.ini ? { ini: v.ini } : {}), ...(v.end ? { end: v.end } : {}) };
      if (p.ini || p.end) out[id] = p;
    } else out[id] = v;
  }
  return out;
}
