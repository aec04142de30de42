/**
 * Indicators computed one after another ("Indicators are refreshed one after another
 * when a report is generated"), each with its own request, the one being computed marked refreshing;
 * a refused one shows its errors on its card. A report opens this way too (`exec` without computing).
 */
import { useCallback, useRef, useState } from 'react';
import { ApiError, errorsOf } from '../api/index.ts';
import type { PlaceRef } from '../places/api.ts';
import { indicatorRequest, reportsApi, type ComputedIndicator, type Filters, type IndicatorSchema } from './api.ts';

export interface IndicatorRefresh {
  items: ComputedIndicator[];
  /** The index being computed, or null. */
  refreshing: number | null;
  set(items: ComputedIndicator[]): void;
  /** Computes each schema in turn under the report's filters; resolves when the last is done. */
  refresh(reportFilters: Filters, schemas: IndicatorSchema[]): Promise<void>;
  /**
   * Computes the indicator at `index` alone, the others kept. Its answer is dropped when the
   * indicator was changed, moved or removed meanwhile, or the whole report refreshed since.
   */
  refreshOne(reportFilters: Filters, index: number, schema: IndicatorSchema): Promise<void>;
}

/** @example const r = useIndicatorRefresh(place); await r.refresh(report.filters, schemas); */
export function useIndicatorRefresh(place: PlaceRef, onError: (err: unknown) => void): IndicatorRefresh {
  const [items, setItems] = useState<ComputedIndicator[]>([]);
  const [refreshing, setRefreshing] = useState<number | null>(null);
  const run = useRef(0);
  /** One indicator's answer, or its errors when the server refused it. */
  const compute = useCallback(
    (reportFilters: Filters, schema: IndicatorSchema): Promise<Pick<ComputedIndicator, 'data' | 'errors'>> =>
      reportsApi.indicator(place, indicatorRequest(reportFilters, schema)).then(
        (data) => ({ data, errors: undefined }),
        (err) => {
          // a refused request (a variable no longer declared or not the reader's to count by) shows on its card
          if (!(err instanceof ApiError && err.status === 400)) onError(err);
          return { data: undefined, errors: errorsOf(err) };
        },
      ),
    [place.scope, place.id],
  );
  const refresh = useCallback(
    async (reportFilters: Filters, schemas: IndicatorSchema[]) => {
      const mine = ++run.current;
      setItems((prev) => schemas.map((schema, i) => ({ ...prev[i], schema })));
      try {
        for (let i = 0; i < schemas.length && run.current === mine; i++) {
          setRefreshing(i);
          const done = await compute(reportFilters, schemas[i]);
          if (run.current === mine) setItems((prev) => prev.map((x, j) => (j === i ? { ...x, ...done } : x)));
        }
      } finally {
        if (run.current === mine) setRefreshing(null);
      }
    },
    [compute],
  );
  const refreshOne = useCallback(
    async (reportFilters: Filters, index: number, schema: IndicatorSchema) => {
      const whole = run.current;
      const done = await compute(reportFilters, schema);
      if (run.current !== whole) return;
      setItems((prev) => prev.map((x, j) => (j === index && x.schema === schema ? { ...x, ...done } : x)));
    },
    [compute],
  );
  return { items, refreshing, set: setItems, refresh, refreshOne };
}
