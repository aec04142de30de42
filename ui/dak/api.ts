/** The calls of WHO's TB indicators (reports/dak/routes.ts); the answer types are the server's (type-only). */
import type { BreakdownRow, IndicatorResult } from '../../reports/dak/compute.ts';
import type { CasePage } from '../../cases/places/lists.ts';
import type { ContactRow } from '../../cases/contacts/lists.ts';
import { api } from '../api/index.ts';
import type { PlaceRef } from '../places/api.ts';

export type { BreakdownRow, IndicatorResult };

/** A year, or one of its quarters. */
export interface IndicatorPeriod {
  year: number;
  quarter?: number;
}

export type Part = 'numerator' | 'denominator' | 'excluded';

const where = (p: PlaceRef) => (p.id ? { scope: p.scope, scopeId: p.id } : { scope: p.scope });
const periodOf = (p: IndicatorPeriod) => (p.quarter ? { year: p.year, quarter: p.quarter } : { year: p.year });

export const dakApi = {
  list: (place: PlaceRef, period: IndicatorPeriod, signal?: AbortSignal) =>
    api.post<{ period: { from: string; to: string }; indicators: IndicatorResult[] }>('/api/reports/dak', { ...periodOf(period), ...where(place) }, signal),
  breakdown: async (place: PlaceRef, period: IndicatorPeriod, code: string, dimension: string, signal?: AbortSignal) =>
    (await api.post<{ rows: BreakdownRow[] }>('/api/reports/dak/breakdown', { ...periodOf(period), ...where(place), code, dimension }, signal)).rows,
  /** Every readable indicator's breakdown by one disaggregation (the export). */
  breakdowns: async (place: PlaceRef, period: IndicatorPeriod, dimension: string) =>
    (await api.post<{ breakdowns: Record<string, BreakdownRow[]> }>('/api/reports/dak/breakdowns', { ...periodOf(period), ...where(place), dimension })).breakdowns,
  /** The cases (or contacts) behind a number, 50 a page. */
  rows: (place: PlaceRef, period: IndicatorPeriod, code: string, part: Part, reason: string | undefined, page: number, after?: string | null, signal?: AbortSignal) =>
    api.post<CasePage | { count: number; list: ContactRow[]; next: string | null }>('/api/reports/dak/rows', {
      ...periodOf(period), ...where(place), code, part, ...(reason ? { reason } : {}), ...(page > 1 ? { page } : {}), ...(after ? { after } : {}),
    }, signal),
};
