import { t } from '../../engine/i18n.ts';
import { jsonBody } from '../http/body.ts';
import { assertSameOriginChange } from '../http/csrf.ts';
import type { JsonSchema } from '../../engine/types.ts';
import type { AppContext, ActionRoute, RowAction } from '../types.ts';
import { defineRoute, type DeclaredRoute } from '../http/define-route.ts';
import { ApiError, fail, isUuid } from '../http/errors.ts';
import { assertPermission } from '../http/middleware.ts';
import type { Modules } from '../modules.ts';
import { idParam, tableFor } from '../tbl/access.ts';
import { inputSchema } from './input.ts';
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

/**
 * One alias path of an action, declared: the row from `:id` or the body's `idField`, the input from
 * the rest of the body (or its `inputField`), checked by the action's run.
 */
function aliasRoute(ctx: AppContext, action: RowAction, route: ActionRoute): DeclaredRoute {
  return defineRoute({
    method: route.method,
    path: route.path,
    rule: { kind: 'actionRoute' },
    summary: `The action ${action.table}.${action.name} on the row named by ${route.idField ? `the body's ${route.idField}` : 'the path'}`,
    body: route.method === 'GET' ? undefined : aliasBody(ctx, action, route),
    bodyCheckedBy: 'runner',
    answer: actionAnswer,
    handler: async (c) => {
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
    },
  });
}

/** What a run answers: `{success: true}` and, for some actions, a `result` (a new row's id, a new version). */
const actionAnswer: JsonSchema = { type: 'object', properties: { success: { const: true }, result: {} }, required: ['success'] };

/** An alias's body as documented: the row's id in `idField`, the input beside it or in `inputField` (beside each form of a choice). */
function aliasBody(ctx: AppContext, action: RowAction, route: ActionRoute): JsonSchema | undefined {
  const input = inputSchema(ctx, action);
  if (!route.idField) return input;
  const idField = route.idField;
  const id = { type: 'string', format: 'uuid' };
  const withId = (form: JsonSchema): JsonSchema => {
    const properties = route.inputField ? { [idField]: id, [route.inputField]: form } : { [idField]: id, ...(form.properties ?? {}) };
    const required = [idField, ...(route.inputField ? [route.inputField] : ((form.required as string[] | undefined) ?? []))];
    // a form that takes no other field takes none beside the id either
    const closed = !route.inputField && form.additionalProperties === false ? { additionalProperties: false } : {};
    return { type: 'object', properties, required, ...closed };
  };
  const choice = typeof action.form === 'object' && !route.inputField;
  return choice ? { ...withId({}), if: input.if, then: withId(input.then as JsonSchema), else: withId(input.else as JsonSchema) } : withId(input);
}

/**
 * The routes of declared row actions (./types.ts):
 * `GET /api/tbl/<table>/<id>/actions` → `[{name, enabled, reason?}]` (needs reading the table),
 * `POST /api/tbl/<table>/<id>/action/<name>` body = the action's input → `{success}`, and each
 * action's alias paths (`RowAction.routes`: the spec's own paths of the same run).
 */
export function actionRoutes(ctx: AppContext): DeclaredRoute[] {
  return [
    ...actionAliases(ctx.modules).map(({ action, route }) => aliasRoute(ctx, action, route)),
    defineRoute({
      method: 'GET',
      path: '/api/tbl/:table/:id/actions',
      rule: { kind: 'table', access: 'read' },
      summary: "The row's declared actions: [{name, enabled, reason?}] (a command bar)",
      handler: async (c) => {
        const def = tableFor(ctx, c, false);
        return c.json(await listActions(ctx, c.get('session'), def.name, idParam(c)));
      },
    }),
    defineRoute({
      method: 'POST',
      path: '/api/tbl/:table/:id/action/:name',
      rule: { kind: 'action' },
      summary: "Runs a declared action on the row (body: the action's input)",
      answer: actionAnswer,
      handler: async (c) => {
        const def = tableFor(ctx, c, false);
        const id = idParam(c);
        return c.json(answer(await runAction(ctx, c.get('session'), def.name, id, c.req.param('name'), await jsonBody(c))));
      },
    }),
  ];
}
