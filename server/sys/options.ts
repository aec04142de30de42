import { sql } from 'kysely';
import { t } from '../../engine/i18n.ts';
import { canReadOptions, otherWorkspaceReaders } from '../../engine/option-access.ts';
import { labelColumns } from '../../engine/registry.ts';
import { isRowScoped, scopeCondition } from '../scope/rows.ts';
import type { JsonSchema, TableDef } from '../../engine/types.ts';
import type { AppContext, Session } from '../types.ts';
import { ApiError, fail } from '../http/errors.ts';
import { hasPermission } from '../http/middleware.ts';
import { lookupRefFilter, whereRefFilter } from '../tbl/ref-filter.ts';
import { kysely, kyselyByName } from '../db/kysely.ts';
import { defineRoute, type DeclaredRoute } from '../http/define-route.ts';

/**
 * The workspace whose rows a lookup lists: the session's, or — only where a schema declares a lookup
 * of this table by workspace (the system settings pick the registration workspace's unit and
 * profile) — another one, for holders of that schema's permission. A row-scoped table (cases,
 * patients) is never listed for another workspace.
 */
function lookupWorkspace(ctx: AppContext, def: TableDef, s: Session, requested: string | undefined): string {
  if (requested === undefined || requested === s.workspaceId) return s.workspaceId;
  const allowed = !isRowScoped(def) && [...otherWorkspaceReaders(ctx.registry, def.name)].some((p) => hasPermission(s, p));
  if (!allowed) throw fail(403, t(s.lang, 'msg.forbidden'), 'workspaceId');
  return requested;
}

/** The parameters every lookup may take besides its filters, checked before anything else. */
const lookupParams: JsonSchema = {
  type: 'object',
  properties: { workspaceId: { type: 'string', format: 'uuid' }, for: { type: 'string', maxLength: 200 } },
};

/** At most this many values in a filter's list (`{type: ['LAB', 'TBUNIT']}`). */
const MAX_LIST = 100;

/**
 * `POST /api/opts/<name>`: the options of a lookup field. A table name lists that table's rows of
 * the workspace as `{value, label}` (other params filter by declared fields, checked by their
 * schema); other names are the named lookups domain modules provide (`perms-tree`, `user-views`,
 * `command-types`).
 *
 * Reading a table's options needs what reading the table needs, or the permission of a table or
 * form whose schema references it (a form needs its lookups: a user editor picks profiles); a named
 * lookup referenced by `x-options` needs the permission of a schema referencing it, and one no
 * schema references guards itself (`engine/option-access.ts`).
 */
export function optionRoutes(ctx: AppContext): DeclaredRoute[] {
  return [
  defineRoute({ method: 'POST', path: '/api/opts/:name', rule: { kind: 'options' }, summary: "A lookup's options [{value, label}]: a table's rows or a named lookup", body: lookupParams, example: { active: true }, handler: async (c, { body }) => {
    const name = c.req.param('name');
    const s = c.get('session');
    const { workspaceId, for: forField, ...params } = body;
    const em = ctx.orm.em.fork();
    const readable = canReadOptions(ctx.registry, name, (p) => hasPermission(s, p));
    const provider = ctx.modules.option(name);
    if (provider) {
      if (readable === false) throw fail(403, t(s.lang, 'msg.forbidden'));
      const declared = provider.params ? ctx.validators.validate(`opts#${name}`, provider.params, params, s.lang) : [];
      if (declared.length) throw new ApiError(400, declared);
      return c.json(await provider({ em, ctx, session: s, params: { workspaceId, ...params } }));
    }
    const def = ctx.registry.tables.get(name);
    const label = def && (def.fields.find((f) => f.key === (def.list.title ?? 'name')) ?? def.fields.find((f) => f.key === 'name'));
    if (!def || def.meta.api === false || !label || label.via) throw fail(404, t(s.lang, 'msg.unknownTable'));
    if (!readable) throw fail(403, t(s.lang, 'msg.forbidden'));
    // a row is named as where it is referenced: its label columns (a patient's full name)
    const named = sql.join(labelColumns(def).map((c) => sql.ref(`t.${c}`)));
    let q = kyselyByName(em).selectFrom(`${def.name} as t`).select(['t.id as value', sql<string>`concat_ws(' ', ${named})`.as('label')]);
    const ws = lookupWorkspace(ctx, def, s, workspaceId);
    if (def.meta.workspace) q = q.where('t.workspace_id', '=', ws);
    // the user's view limits a row-scoped table's options as it limits its queries
    const inView = scopeCondition(kysely(em), ctx.registry, def, s, 't', 'read');
    if (inView) q = q.where(inView);
    if (def.meta.ws) q = q.where('t.id', 'in', kysely(em).selectFrom('userws').select('workspace_id').where('user_id', '=', s.userId));
    if (forField !== undefined) q = refFieldFilter(ctx, def, forField, s)(q);
    for (const [key, value] of Object.entries(params)) q = filter(ctx, def, key, value, s)(q);
    return c.json(await q.orderBy('label').limit(1000).execute());
  } }),
  ];
}

/**
 * A lookup filter: equality on a declared field — a non-empty list of at most 100 values ⇒ any of
 * them, each checked by the field's schema — or a named filter of a domain module (units by area),
 * its value checked by the filter's own schema (a list only where that schema says so).
 */
function filter(ctx: AppContext, def: TableDef, key: string, value: unknown, s: Session): (q: any) => any {
  const named = ctx.modules.filter(def.name, key);
  const f = def.fields.find((x) => x.key === key && !x.hidden && (x.kind === 'scalar' || x.kind === 'ref'));
  if (!f && !named) throw fail(400, t(s.lang, 'msg.unknownField'), key);
  const check = (schema: JsonSchema, v: unknown) => {
    const errors = ctx.validators.validateValue(def.schemaId, key, schema, v, s.lang);
    if (errors.length) throw new ApiError(400, errors);
  };
  if (named) {
    check(named.schema, value);
    return (q) => (named.apply ? named.apply(q, value, s) : q);
  }
  if (!Array.isArray(value)) {
    check(f!.schema, value);
    return (q) => q.where(`t.${f!.column}`, '=', value);
  }
  check({ type: 'array', minItems: 1, maxItems: MAX_LIST, title: f!.schema.title }, value);
  for (const v of value) check(f!.schema, v);
  return (q) => q.where(`t.${f!.column}`, 'in', value);
}

/**
 * `for: "<schema>.<path>"` names the reference field the options are for (`regimen.medicines.medicineId`):
 * its `x-ref-filter` is applied from the schema: the client names the field, never the filter (and
 * saving checks the filter again, see `checkRefs`).
 */
function refFieldFilter(ctx: AppContext, def: TableDef, forField: unknown, s: Session): (q: any) => any {
  const filter = typeof forField === 'string' ? lookupRefFilter(ctx.registry, def.name, forField) : undefined;
  if (filter === undefined) throw fail(400, t(s.lang, 'msg.unknownField'), 'for');
  return (q) => whereRefFilter(q, def, filter ?? undefined, 't');
}
