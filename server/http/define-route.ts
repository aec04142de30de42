import type { DeclaredRoute, RouteRule } from '../types.ts';

export type { DeclaredRoute, RouteCall, RouteRule, RouteSchema } from '../types.ts';

/**
 * Declares one `/api` route: the method and path, who may call it, its body and answer schemas and
 * the handler. A module lists its routes (`DomainModule.api`); the host mounts them, checks the rule
 * and the body before the handler, and lists them in the permission table (`routeTable`) and the
 * OpenAPI document (`GET /api/openapi.json`).
 *
 * @example
 * export const adjustRoute = defineRoute({
 *   method: 'POST', path: '/api/stock/adjust', rule: { kind: 'permission', anyOf: ['STOCK_ADJ'] },
 *   summary: 'Adjust or write off a batch', body: 'stock_adjust', answer: { type: 'object' },
 *   handler: async (c, { ctx, body }) => c.json(await adjustBatch(ctx, c.get('session'), body)),
 * });
 */
export function defineRoute<P extends string, B = Record<string, any>>(route: DeclaredRoute<B, P>): DeclaredRoute {
  return route as unknown as DeclaredRoute;
}

/** Shorthands for the common rules. @example rule.perm('INVENTORY') */
export const rule = {
  public: { kind: 'public' } as RouteRule,
  session: { kind: 'session' } as RouteRule,
  perm: (...anyOf: string[]): RouteRule => ({ kind: 'permission', anyOf }),
  table: (access: 'read' | 'write' | 'form'): RouteRule => ({ kind: 'table', access }),
};

/** A route's key in the permission table: `POST /api/tbl/:table/query`. */
export const routeKey = (r: { method: string; path: string }) => `${r.method} ${r.path}`;
