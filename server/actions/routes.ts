import type { Hono } from 'hono';
import { t } from '../../engine/i18n.ts';
import { jsonBody } from '../http/body.ts';
import { assertSameOriginChange } from '../http/csrf.ts';
import type { AppContext, Env, ActionRoute, RowAction } from '../types.ts';
import { ApiError, fail, isUuid } from '../http/errors.ts';
import { assertPermission } from '../http/middleware.ts';
import type { Modules } from '../modules.ts';
import { idParam, tableFor } from '../tbl/access.ts';
import { listActions, runAction } from './run.ts';

/**
 * Every alias path declared by the modules' actions (`RowAction.routes`), with its action.
 * @example actionAliases(ctx.modules) // [{action: validateCase, route: {method: 'GET', path: '/api/cases/case/validate/:id'}}, …]
 */
export function actionAliases(modules: Modules): { action: RowAction; route: ActionRoute }[] {
  return modules.list.flatMap((m) => m.actions ?? []).flatMap((action) => (action.routes ?? []).map((route) => ({ action, route })));
}

/** An action's answer: `{success: true}`, with its `result` when it has one. */
const answer = (result: unknown) => (result === undefined ? { success: true } : { success: true, result });

/** Mounts one alias path of an action: the row from `:id` or the body's `idField`, the input from the rest of the body (or its `inputField`). */
function mountAlias(app: Hono<Env>, ctx: AppContext, action: RowAction, route: ActionRoute): void {
  const method = route.method.toLowerCase() as 'get' | 'post' | 'delete';
  app[method](route.path, async (c) => {
    const s = c.get('session');
    // a GET that changes a row (the spec's validate/reopen/undo paths): only from our pages and clients
    // (the forged-request check covers only other methods; a SameSite=Lax cookie rides along a cross-site link)
    if (route.method === 'GET') assertSameOriginChange(c, ctx.config);
    const def = ctx.registry.table(action.table);
    if (def.meta.read !== 'any') assertPermission(s, def.meta.permission);
    const body = route.method === 'POST' ? await jsonBody(c) : {};
    const { [route.idField ?? '']: named, ...rest } = body;
    const id = route.idField ? named : c.req.param('id');
    const field = route.idField ?? route.idName ?? 'id';
    if (!isUuid(id)) throw fail(400, t(s.lang, id === undefined ? 'msg.required' : 'msg.badId'), field);
    const input = route.inputField ? rest[route.inputField] : rest;
    try {
      return c.json(answer(await runAction(ctx, s, action.table, id, action.name, input)));
    } catch (e) {
      // the row is named by `idField` (or the path's own name of `:id`) on this path
      const named = route.idField ?? route.idName;
      if (e instanceof ApiError && e.status === 404 && named) throw fail(404, t(s.lang, 'msg.notFound'), named);
      throw e;
    }
  });
}

/**
 * The routes of declared row actions (./types.ts):
 * `GET /api/tbl/<table>/<id>/actions` → `[{name, enabled, reason?}]` (needs reading the table),
 * `POST /api/tbl/<table>/<id>/action/<name>` body = the action's input → `{success}`, and each
 * action's alias paths (`RowAction.routes`: the spec's own paths of the same run).
 */
export function actionRoutes(app: Hono<Env>, ctx: AppContext): void {
  for (const { action, route } of actionAliases(ctx.modules)) mountAlias(app, ctx, action, route);

  app.get('/api/tbl/:table/:id/actions', async (c) => {
    const def = tableFor(ctx, c, false);
    return c.json(await listActions(ctx, c.get('session'), def.name, idParam(c)));
  });

  app.post('/api/tbl/:table/:id/action/:name', async (c) => {
    const def = tableFor(ctx, c, false);
    const id = idParam(c);
    return c.json(answer(await runAction(ctx, c.get('session'), def.name, id, c.req.param('name'), await jsonBody(c))));
  });
}
