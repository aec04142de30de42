/** Where a global-search result leads, by its type. */
import type { SearchResult } from '../../api/index.ts';

export function searchTarget(r: SearchResult): string {
  const id = encodeURIComponent(r.id);
  switch (r.type) {
    case 'WORKSPACE':
      return '/sys/workspace';
    case 'ADMINUNIT':
      return `/sys/adminunit?id=${id}`;
    case 'TBUNIT':
    case 'LAB':
      return `/sys/unit?id=${id}`;
    case 'CASE_MAN':
    case 'CASE_WOMAN':
      return `/sys/case?id=${id}`;
    default:
      return '/sys/home';
  }
}

export const isCase = (r: SearchResult) => r.type === 'CASE_MAN' || r.type === 'CASE_WOMAN';

/** Up to `max` results, the non-case ones first, then the cases (shown after a divider). */
export function orderResults(results: SearchResult[], max = 10): SearchResult[] {
  const list = results.slice(0, max);
  return [...list.filter((r) => !isCase(r)), ...list.filter(isCase)];
}
