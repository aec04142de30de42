import type { RouteRule } from './define-route.ts';

export type { RouteRule };

/** Named option lookups that no schema references guard themselves: the permissions they accept. */
export const selfGuardedLookups: Record<string, string[]> = {
  'command-types': ['CMDHISTORY', 'CMDSTATISTICS'],
  'report-users': ['USERSESREP', 'CMDHISTORY', 'CMDSTATISTICS', 'ONLINE', 'ERRORLOGREP'],
};

/**
 * The `/api` routes not yet declared (`defineRoute`, which the host mounts, checks and lists), by
 * `<METHOD> <Hono path pattern>`: who may call each. None is left — every route is declared in its
 * module (docs/architecture.md › Routes); a new route is declared, never added here
 * (`tests/api/declared-routes.test.ts` fails when this list grows).
 */
export const handListedRoutes: Record<string, RouteRule> = {};
