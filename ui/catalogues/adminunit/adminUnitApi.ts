/**
 * The admin-unit tree query: `POST /api/tbl/adminunit/query` with `{parentId}` or
 * `{rootUnits: true}`, and with `fetchCountryStructure` the level definitions as `csList`.
 */
import { api, type Doc } from '../../api/index.ts';

/** A level of the country structure (`Область`, level 2). */
export interface CountryLevel {
  id: string;
  name: string;
  level: number;
}

/** A node of the tree as the query lists it. */
export interface AdminUnitRow extends Doc {
  id: string;
  name: string;
  level: number;
  parentId?: string | null;
  hasChildren?: boolean;
  unitsCount?: number;
  countryStructure?: { id: string; name?: string } | string;
}

export interface AdminUnitQueryResult {
  count: number;
  list: AdminUnitRow[];
  csList?: CountryLevel[];
}

export type AdminUnitQuery = ({ parentId: string } | { rootUnits: true } | { id: string }) & { fetchCountryStructure?: boolean };

export const queryAdminUnits = (q: AdminUnitQuery, signal?: AbortSignal) => api.post<AdminUnitQueryResult>('/api/tbl/adminunit/query', q, signal);
