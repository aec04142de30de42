import type { Hono } from 'hono';
import type { AppContext, Env } from '../../server/types.ts';

/**
 * Comments and review issues of a case need no route of their own: they are the generic
 * table API on `casecomment`, `issue` and `issuefollowup` (write permissions in `x-table.write`,
 * hooks in ./hooks.ts) and the declared actions `closeIssue` / `reopenIssue` (./actions.ts).
 */
export function caseTalkRoutes(_app: Hono<Env>, _ctx: AppContext): void {}
