import type { Context, Hono } from 'hono';
import { t } from '../../engine/i18n.ts';
import { dateBounds } from '../../engine/date-bounds.ts';
import type { EntitySchemaFile, JsonSchema } from '../../engine/types.ts';
import { dropHidden } from '../../engine/visibility.ts';
import type { AppContext, Doc, Env } from '../types.ts';
import { inputDateErrors } from '../tbl/date-bounds.ts';
import { bundledForm } from '../tbl/forms.ts';
import { jsonBody } from './body.ts';
import type { DeclaredRoute, RouteRule, RouteSchema } from './define-route.ts';
import { ApiError, fail } from './errors.ts';
import { hasPermission } from './middleware.ts';

/**
 * Mounts declared routes on the app: before each handler the host checks the route's rule (a
 * `permission` rule: 403 'msg.forbidden' without one of its permissions) and, when the route declares
 * a body, reads it (`jsonBody`) and checks it against the schema — 400 `{errors: [{field, msg}]}`,
 * each bad field named as the forms name it, nothing run — and, when it passes, against the schema's
 * date bounds (`x-notAfter: today` in the session's time zone, `x-notBefore: iniDate`: one error per
 * field out of bounds), as an action's input is. A body schema given as a `schemas/` file id is
 * checked as its dialog renders it (bundled, its `x-visible`-hidden values dropped first).
 *
 * @example mountRoutes(app, ctx, [adjustRoute]) // POST /api/stock/adjust: STOCK_ADJ, then the body, then the handler
 */
export function mountRoutes(app: Hono<Env>, ctx: AppContext, routes: DeclaredRoute[]): void {
  for (const route of routes) {
    const check = bodyCheck(ctx, route);
    app.on(route.method, route.path, async (c) => {
      checkRule(c, route.rule);
      const body = check ? await check(c) : {};
      return route.handler(c, { ctx, body });
    });
  }
}

/** Refuses (403) a session without a `permission` rule's permission; the other rules are checked by the session gate or their runners. */
function checkRule(c: Context<Env>, rule: RouteRule): void {
  if (rule.kind !== 'permission') return;
  const s = c.get('session');
  if (!rule.anyOf.some((p) => hasPermission(s, p))) throw fail(403, t(s.lang, 'msg.forbidden'));
}

/** The schema a declared body is checked against (a file's bundled form), and its validator's cache key. */
export function bodySchema(ctx: AppContext, body: RouteSchema): { schema: JsonSchema; key: string; form: boolean } {
  if (typeof body !== 'string') return { schema: body, key: '', form: false };
  const file = ctx.registry.schemas.get(body);
  if (!file) throw new Error(`a route's body names no schema file: "${body}"`);
  return { schema: bundledForm(ctx.registry, file as EntitySchemaFile).schema, key: `form:${body}`, form: true };
}

/** The body check of a route that declares one (resolved once, at mount). */
function bodyCheck(ctx: AppContext, route: DeclaredRoute): ((c: Context<Env>) => Promise<Doc>) | undefined {
  if (!route.body || route.bodyCheckedBy === 'runner') return undefined;
  const { schema, key, form } = bodySchema(ctx, route.body);
  const id = key || `route:${route.method} ${route.path}`;
  const bounded = dateBounds(schema).length > 0;
  return async (c) => {
    const body = await jsonBody(c);
    if (form) dropHidden(schema, body);
    const errors = ctx.validators.validate(id, schema, body, c.get('lang'));
    const s = c.get('session');
    if (!errors.length && bounded && s) errors.push(...inputDateErrors(schema, body, s));
    if (errors.length) throw new ApiError(400, errors);
    return body;
  };
}
