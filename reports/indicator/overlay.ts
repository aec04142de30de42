/**
 * The filters an indicator of a saved report runs under (a report's filters and
 * each indicator's own). The seeds do not say which wins when both set one filter; we let the
 * indicator's own value replace the report's for that filter — the editor shows it as the
 * indicator's choice, and an intersection of two different values would only ever count nothing.
 * An own value that filters nothing (no value, an empty list, a period with neither end) leaves
 * the report's. One function for the screens (`ui/reports/api.ts`) and the server
 * (`reports/cases/routes.ts`), so a number means the same on both.
 */

/** Whether a filter value restricts anything (as `request.ts` `filterValue` reads it). */
function filtersSomething(value: unknown): boolean {
  if (value === null || value === undefined) return false;
  if (Array.isArray(value)) return value.length > 0;
  if (typeof value === 'object') {
    const { ini, end } = value as { ini?: unknown; end?: unknown };
    return !!ini || !!end;
  }
  return true;
}

/**
 * The report's filters overlaid by the indicator's own (own wins for an id set in both).
 * @example indicatorFilters({ gender: ['MALE'], state: ['CLOSED'] }, { gender: ['FEMALE'], state: [] }) // { gender: ['FEMALE'], state: ['CLOSED'] }
 */
export function indicatorFilters<V>(report: Record<string, V> | undefined, own: Record<string, V> | undefined): Record<string, V> {
  const out: Record<string, V> = { ...(report ?? {}) };
  for (const [id, value] of Object.entries(own ?? {})) if (filtersSomething(value) || !(id in out)) out[id] = value;
  return out;
}
