// A declared route (`defineRoute`, server/http/define-route.ts): who may call it, its body and answer
// schemas, its handler. Types only.
import type { Context } from 'hono';
import type { JsonSchema } from '../engine/types.ts';
import type { AppContext, Env } from './types.ts';

/**
 * Who may call a route. The host checks `public`, `session` and `permission` before the handler
 * (`mountRoutes`); the table-shaped rules depend on the path's `:table` or `:name`, and their runners
 * check them (`tableFor`, `formSchemaFor`, the option and action runners) — the declaration is the
 * promise `tests/api/authz-matrix.test.ts` holds them to.
 */
export type RouteRule =
  /** No session needed (login, the login page's helpers). */
  | { kind: 'public' }
  /** Any session of the workspace, whatever its permissions (the user's own things). */
  | { kind: 'session' }
  /** A session holding one of these permissions (system-wide ones only with the system administrator role). */
  | { kind: 'permission'; anyOf: string[] }
  /**
   * The `:table`'s own rule (`x-table.permission`): `read` — the permission, or none when the table
   * says `read: "any"`; `write` — what `x-table.write` names for the operation (create, update, delete), else
   * `<permission>_EDT`; `form` — as `read`, or for a form-only schema
   * its `x-form.permission`. Rows of another workspace are 404.
   */
  | { kind: 'table'; access: 'read' | 'write' | 'form' }
  /** `engine/option-access.ts` (`canReadOptions`); a named lookup no schema references guards itself. */
  | { kind: 'options' }
  /** Reading the `:table` and the declared action's own `permission` (`server/actions`). */
  | { kind: 'action' }
  /** Another path of a declared action (`RowAction.routes`, e.g. `GET /api/cases/case/validate/{id}`): as `action`, for that action's table. */
  | { kind: 'actionRoute' }
  /** A composed form's save: its `x-form.permission` and `<permission>_EDT` of every part's table (`server/tbl/form-save.ts`). */
  | { kind: 'formSave' };

/** A body or answer schema: a JSON Schema literal, or the id of a file in `schemas/forms/` (`'stock_adjust'`). */
export type RouteSchema = JsonSchema | string;

/** What a declared route's handler receives beside Hono's context. */
export interface RouteCall<B> {
  ctx: AppContext;
  /** The body, checked against the declared `body` schema (a form file's hidden fields dropped); `{}` without one. */
  body: B;
}

/** A route as its module declares it: the host mounts, checks and lists it (server/http/mount-routes.ts, `/api/openapi.json`); declared with `defineRoute` (server/http/define-route.ts). */
export interface DeclaredRoute<B = Record<string, any>, P extends string = string> {
  method: 'GET' | 'POST' | 'DELETE';
  /** Hono's pattern: `/api/stock/unit/:unitId`. */
  path: P;
  rule: RouteRule;
  /** One line for the API reference (English). */
  summary: string;
  /** The JSON body, checked before the handler runs (400 `{errors: [{field, msg}]}` on each bad field). */
  body?: RouteSchema;
  /**
   * `runner`: the body is documented here but checked by what the handler runs (an action's run checks
   * its input, with its date bounds); the host then leaves it to the handler. Default `host`.
   */
  bodyCheckedBy?: 'host' | 'runner';
  /** A request body that passes `body` (the OpenAPI document's example; `tests/api/openapi.test.ts` checks it validates). */
  example?: Record<string, unknown>;
  /** What a success answers (documentation; not checked at run time). */
  answer?: RouteSchema;
  handler(c: Context<Env, P>, call: RouteCall<B>): Response | Promise<Response>;
}
