import type { Issue } from './api.ts';
import { isTempId, type OptimisticItem } from './useOptimisticList.ts';

/** The issues tab's banner: no issue, all closed (a congratulation), or some open. */
export type IssuesStatus = 'none' | 'allClosed' | 'open';

/**
 * The banner for the issues shown: a new issue whose save failed does not count; one
 * being saved does.
 * @example issuesStatus([{ key: 'a', item: { closed: true } }]) // 'allClosed'
 */
export function issuesStatus(issues: OptimisticItem<Pick<Issue, 'closed'>>[]): IssuesStatus {
  const real = issues.filter((x) => x.state !== 'error' || !isTempId(x.key));
  if (!real.length) return 'none';
  return real.some((x) => !x.item.closed) ? 'open' : 'allClosed';
}
