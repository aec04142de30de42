// The route table of the real Hono app, for tests that must cover every route — the fuzz test, an
// authorization matrix — without listing them: a route added tomorrow is covered by the same test.
import type { Hono } from 'hono';
import { createApp } from '../../server/app.ts';
import type { AppContext } from '../../server/types.ts';

export interface ApiRoute {
  method: string;
  /** Hono's pattern, e.g. `/api/tbl/:table/:id`. */
  path: string;
  /** The names of its path parameters, in order (`['table', 'id']`). */
  params: string[];
}

/**
 * Every `/api/...` route of an app: one entry per method and pattern (the route table lists a
 * route once per handler), without middleware and catch-alls (`*`).
 *
 * @example apiRoutes(server.ctx) // [{method: 'POST', path: '/api/tbl/:table/query', params: ['table']}, …]
 */
export function apiRoutes(from: AppContext | Hono<any>): ApiRoute[] {
  const app = 'routes' in from ? from : createApp(from);
  const seen = new Map<string, ApiRoute>();
  for (const r of app.routes) {
    if (r.method === 'ALL' || !r.path.startsWith('/api/') || r.path.includes('*')) continue;
    const key = `${r.method} ${r.path}`;
    if (!seen.has(key)) seen.set(key, { method: r.method, path: r.path, params: [...r.path.matchAll(/:(\w+)/g)].map((m) => m[1]) });
  }
  return [...seen.values()];
}

/**
 * The concrete paths of a route for the given values of each parameter (every combination; a
 * parameter without values gets `fallback`). Values are URL-encoded.
 *
 * @example fillParams('/api/tbl/:table/:id', {table: ['source'], id: ['x', 'y']}) // ['/api/tbl/source/x', '/api/tbl/source/y']
 */
export function fillParams(path: string, values: Record<string, string[]>, fallback: string[] = ['x']): string[] {
  let out = [''];
  for (const part of path.split('/').slice(1)) {
    const options = part.startsWith(':') ? (values[part.slice(1)] ?? fallback).map(encodeURIComponent) : [part];
    out = out.flatMap((prefix) => options.map((o) => `${prefix}/${o}`));
  }
  return out;
}

/**
 * The mounted `/api` routes the permission table does not name (`routeTable`: the declared routes and
 * those still listed by hand) — what the authorization matrix and the OpenAPI document would miss.
 * @example undeclaredRoutes(app, routeTable(ctx)) // ['GET /api/planted'] for a route mounted with app.get
 */
export function undeclaredRoutes(app: Hono<any>, table: Record<string, unknown>): string[] {
  return apiRoutes(app).map((r) => `${r.method} ${r.path}`).filter((k) => !Object.hasOwn(table, k));
}
