/** Pure helpers of the admin-unit tree: the levels below a node and updating sibling lists. */
import type { AdminUnitRow, CountryLevel } from './adminUnitApi.ts';

/** The tree stops at five levels. */
export const MAX_LEVEL = 5;

/** The country-structure entries a child of a node at `level` can take (level 0 = the workspace root). */
export function childLevels(csList: CountryLevel[], level: number): CountryLevel[] {
  if (level >= MAX_LEVEL) return [];
  return csList.filter((cs) => cs.level === level + 1);
}

/**
 * Siblings with `row` replaced in place, or added at the end when new (the server's collation
 * decides the order: a whole sibling list is re-read after an insert).
 */
export function upsert(list: AdminUnitRow[], row: AdminUnitRow): AdminUnitRow[] {
  return list.some((r) => r.id === row.id) ? list.map((r) => (r.id === row.id ? row : r)) : [...list, row];
}

/** The id of the parent a row hangs under (`null` for a top-level unit). */
export function parentOf(row: Pick<AdminUnitRow, 'parentId'>): string | null {
  const p = row.parentId as unknown;
  if (p && typeof p === 'object' && 'id' in p) return String((p as { id: string }).id);
  return typeof p === 'string' && p ? p : null;
}
