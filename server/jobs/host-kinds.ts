/**
 * The host's own kinds of background job, registered before the modules start (the modules register
 * theirs at their `start`).
 */
import { analyticRefillKind } from '../analytic/backfill.ts';
import type { AppContext } from '../types.ts';

/**
 * Registers the host's kinds: the analytic rows' refill after a new report column.
 * @example registerHostJobs(ctx)
 */
export function registerHostJobs(ctx: AppContext): void {
  ctx.jobs.register(analyticRefillKind);
}
