/**
 * Where analytic reads go (DESIGN §3 "read replicas for reports"): with
 * `DATABASE_READ_URL` set — a streaming replica, as large deployments run — the case reports,
 * dashboards, the advanced search and the side menu's counts read that connection; writes never do,
 * nor reads that must see the user's own last write (a saved report's list, the case page). Without
 * it, the primary. A replica lags its primary by its replay delay: what was just written may be
 * counted a moment later.
 */
import type { AppContext } from '../types.ts';
import type { Em } from './orm.ts';

/**
 * An entity manager on the read connection, for one request.
 * @example const db = kysely(readEm(ctx)); await runIndicator(db, s, …)
 */
export const readEm = (ctx: AppContext): Em => ctx.readOrm.em.fork();
