import type { ActionOn, RowAction } from '../../server/types.ts';

/**
 * Close an open review issue (CLOSEDEL_ISSUE); the history names it `issue.closeIssue`.
 * @example POST /api/tbl/issue/<id>/action/closeIssue {}
 */
export const closeIssue: ActionOn<'issue'> = {
  table: 'issue',
  name: 'closeIssue',
  permission: 'CLOSEDEL_ISSUE',
  guard: ({ row }) => (row.closed ? 'issue.alreadyClosed' : undefined),
  apply: () => ({ patch: { closed: true } }),
};

/**
 * Reopen a closed review issue (CLOSEDEL_ISSUE).
 * @example POST /api/tbl/issue/<id>/action/reopenIssue {}
 */
export const reopenIssue: ActionOn<'issue'> = {
  table: 'issue',
  name: 'reopenIssue',
  permission: 'CLOSEDEL_ISSUE',
  guard: ({ row }) => (!row.closed ? 'issue.notClosed' : undefined),
  apply: () => ({ patch: { closed: false } }),
};

export const issueActions: RowAction[] = [closeIssue, reopenIssue];
