import { actionRoutes } from './actions/routes.ts';
import { authRoutes } from './auth/routes.ts';
import { routeKey, type DeclaredRoute, type RouteRule } from './http/define-route.ts';
import { handListedRoutes } from './http/route-permissions.ts';
import { jobRoutes } from './jobs/routes.ts';
import { healthRoutes } from './ops/health.ts';
import { openApiRoutes } from './openapi/routes.ts';
import { referencePageRoutes } from './openapi/reference-page.ts';
import { clientInitRoutes } from './sync/client/init-routes.ts';
import { clientSyncRoutes } from './sync/client/routes.ts';
import { rowsRoutes } from './sync/rows.ts';
import { syncRoutes } from './sync/routes.ts';
import { sliceRoutes } from './sync/slice.ts';
import { syncTokenRoutes } from './sync/token.ts';
import { optionRoutes } from './sys/options.ts';
import { searchRoutes } from './sys/search.ts';
import { sessionRoutes } from './sys/session-routes.ts';
import { userRoutes } from './sys/user-routes.ts';
import { tableRoutes } from './tbl/routes.ts';
import type { AppContext, DomainModule } from './types.ts';

/**
 * The declared `/api` routes in the order `createApp` mounts them, by phase: `public` before the
 * session check (the host's and the modules' routes whose rule is `public`), then `session` (the
 * user's own things and lookups), `sync` (behind compression), each module's (`modules`, in module
 * order) and `generic` last (the action and table routes, which the modules' own paths must win over).
 */
export function routePhases(ctx: AppContext): { public: DeclaredRoute[]; session: DeclaredRoute[]; sync: DeclaredRoute[]; modules: DeclaredRoute[][]; generic: DeclaredRoute[] } {
  const modules = ctx.modules.list.map((m) => moduleApi(ctx, m));
  return {
    public: [...authRoutes(ctx), ...healthRoutes(ctx), ...openApiRoutes(ctx, () => declaredRoutes(ctx)), ...referencePageRoutes(), ...modules.flat().filter(isPublic), ...clientInitRoutes(ctx)],
    session: [...sessionRoutes(ctx), ...userRoutes(ctx), ...searchRoutes(ctx), ...optionRoutes(ctx), ...jobRoutes(ctx)],
    sync: [...syncRoutes(ctx), ...sliceRoutes(ctx), ...rowsRoutes(ctx), ...clientSyncRoutes(ctx), ...syncTokenRoutes(ctx)],
    modules: modules.map((list) => list.filter((r) => !isPublic(r))),
    generic: [...actionRoutes(ctx), ...tableRoutes(ctx)],
  };
}

const isPublic = (r: DeclaredRoute) => r.rule.kind === 'public';
const moduleApi = (ctx: AppContext, m: DomainModule): DeclaredRoute[] => m.api?.(ctx) ?? [];

/**
 * Every declared `/api` route of the app (the host's, the modules', the actions' paths).
 * @example declaredRoutes(ctx).find((r) => r.path === '/api/stock/adjust')!.rule // {kind: 'permission', anyOf: ['STOCK_ADJ']}
 */
export function declaredRoutes(ctx: AppContext): DeclaredRoute[] {
  const p = routePhases(ctx);
  return [...p.public, ...p.session, ...p.sync, ...p.modules.flat(), ...p.generic];
}

/**
 * Who may call each `/api` route (`<METHOD> <Hono pattern>` → rule): the declared routes' rules and
 * the routes not yet declared (`handListedRoutes`). `tests/api/authz-matrix.test.ts` holds the running
 * server to it, and fails on a mounted route it does not name.
 * @example routeTable(ctx)['POST /api/tbl/:table/query'] // {kind: 'table', access: 'read'}
 */
export function routeTable(ctx: AppContext): Record<string, RouteRule> {
  return { ...handListedRoutes, ...Object.fromEntries(declaredRoutes(ctx).map((r) => [routeKey(r), r.rule])) };
}
