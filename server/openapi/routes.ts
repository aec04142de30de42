import type { DeclaredRoute } from '../http/define-route.ts';
import { defineRoute } from '../http/define-route.ts';
import { handListedRoutes } from '../http/route-permissions.ts';
import type { AppContext } from '../types.ts';
import { openApiDocument } from './document.ts';

const documents = new WeakMap<AppContext, Record<string, any>>();

/**
 * `GET /api/openapi.json` (public: an integrator reads it before signing in; it holds no data, only
 * the schemas and the routes): the OpenAPI 3.1 document of the declared routes, made once per app.
 * @example openApiRoutes(ctx, () => declaredRoutes(ctx))
 */
export function openApiRoutes(ctx: AppContext, routes: () => DeclaredRoute[]): DeclaredRoute[] {
  const document = () => {
    let doc = documents.get(ctx);
    if (!doc) documents.set(ctx, (doc = openApiDocument(ctx, routes(), handListedRoutes)));
    return doc;
  };
  return [
    defineRoute({
      method: 'GET',
      path: '/api/openapi.json',
      rule: { kind: 'public' },
      summary: 'This document: every route, its body and answer, who may call it',
      handler: (c) => c.json(document()),
    }),
  ];
}
