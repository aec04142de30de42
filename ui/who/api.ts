/** Calls of the WHO quarterly forms (reports/who/routes.ts, docs/api.md). */
import { api } from '../api/index.ts';
import type { CasePage, PlaceRef } from '../places/api.ts';
// the server's own result types (type-only: no server code enters the UI bundle)
import type { FormResult, ListedCase } from '../../reports/who/compute.ts';

export type { FormResult, ListedCase };

export interface FormInfo {
  id: string;
  code: string;
  title: string;
  quartersBack: number;
}

export interface Period {
  year: number;
  quarter: number;
}

const where = (p: PlaceRef) => (p.id ? { scope: p.scope, scopeId: p.id } : { scope: p.scope });

export const whoApi = {
  forms: () => api.post<{ forms: FormInfo[] }>('/api/who/forms', {}),
  report: (place: PlaceRef, form: string, period: Period, signal?: AbortSignal) => api.post<{ result: FormResult }>('/api/who/report', { form, ...period, ...where(place) }, signal),
  cases: (place: PlaceRef, form: string, period: Period, cell: { table: string; row: string; column: string }, page: number, signal?: AbortSignal) =>
    api.post<CasePage>('/api/who/cases', { form, ...period, ...where(place), table: cell.table, row: cell.row, column: cell.column, page }, signal),
};
