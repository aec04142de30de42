/**
 * The report filters as the server declares them (`report/init`, `search/init`)
 * and the values chosen for them — one set of shapes for the report editor and the advanced
 * search.
 */
import type { Key } from '../../reports/indicator/shape.ts';

export type { Key };

export interface FilterOption {
  value: Key;
  label: string;
  /** An admin unit's level (1 the top). */
  level?: number;
}

/** One declared filter: a multi-select, a select of one value (yes / no), or a period of months. */
export interface FilterDef {
  id: string;
  name: string;
  type: 'multiSelect' | 'select' | 'period';
  resources: { options: FilterOption[] };
}

export interface FilterGroup {
  id: string;
  label: string;
  filters: FilterDef[];
}

/** A period's months, `YYYY-MM`, both included. */
export interface PeriodValue {
  ini?: string;
  end?: string;
}

export type FilterValue = Key[] | Key | PeriodValue;
export type Filters = Record<string, FilterValue>;
