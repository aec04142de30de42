import type { Context } from 'hono';
import type { Env } from '../types.ts';
import { t } from '../../engine/i18n.ts';
import type { TableDef } from '../../engine/types.ts';
import type { Em } from '../db/orm.ts';
import { jsonBody } from '../http/body.ts';
import type { AppContext, Session, Doc, Row } from '../types.ts';
import { defineRoute, rule, type DeclaredRoute } from '../http/define-route.ts';
import { fail, isUuid } from '../http/errors.ts';
import { hasPermission } from '../http/middleware.ts';
import { idParam, tableFor } from './access.ts';
import { writePermission } from '../../engine/write-permission.ts';
import { bundledForm, formSchemaFor, labelsFor, remoteForm } from './forms.ts';
import { decodeCursor } from './keyset.ts';
import { parseQueryBody } from './query-body.ts';
import { TableStore } from './store.ts';
import { orderKeys } from './store/columns.ts';
import { OFFSET_CAP } from './store/page.ts';

export { MAX_PAGE_SIZE } from './query-body.ts';
import { TableWriter } from './write.ts';
import { viewRoute } from './view-routes.ts';
import { formSaveRoute } from './form-save.ts';

/**
 * The generic table API for every table declared in `schemas/`: its query, a row, its form, a new
 * row, a changed row, a deleted row (each checks the `:table`'s own permission: `tableFor`).
 * @example mountRoutes(app, ctx, tableRoutes(ctx))
 */
export function tableRoutes(ctx: AppContext): DeclaredRoute[] {
  const read = async (em: Em, def: TableDef, s: Session, id: string): Promise<Doc> => {
    const doc = await TableStore.of(ctx.registry, def, em, s, 'read').read(id);
    if (!doc) throw fail(404, t(s.lang, 'msg.notFound'), 'id');
    await afterRead(em, def, s, [doc]);
    return doc;
  };
  const afterRead = async (em: Em, def: TableDef, s: Session, docs: Row[]) => {
    for (const h of ctx.modules.hooks(def.name)) await h.afterRead?.({ em, ctx, session: s, def, docs });
  };

  // also under /api/sync: an offline client's synchronisation key opens only /api/sync/* (server/auth/sync-key.ts)
  const query = async (c: Context<Env>) => {
    const def = tableFor(ctx, c, false);
    const s = c.get('session');
    // checked by the table's query schema (query-body.ts); never every row: a table without a page size gets the largest page
    const { page, pageSize: size, id, key, after, count, filters, params, conditions } = parseQueryBody(ctx, def, s, await jsonBody(c));
    if (page !== undefined && (page - 1) * size > OFFSET_CAP) throw fail(400, t(s.lang, 'msg.pageTooDeep'), 'page');
    if (after !== undefined && !decodeCursor(after, orderKeys(def).length)) throw fail(400, t(s.lang, 'msg.badJson'), 'after');
    // the page and its count are statements on the pool, outside any transaction: the entity manager
    // is forked (MikroORM's fork writes process.env twice) only for a module's read hooks, which may use it
    const hooks = ctx.modules.hooks(def.name);
    const em = hooks.some((h) => h.afterRead || h.afterQuery) ? ctx.orm.em.fork() : ctx.orm.em;
    const store = TableStore.of(ctx.registry, def, em, s, 'read');
    const result = await store.query({ page, pageSize: size, after, count, id, key, filters, conditions });
    await afterRead(em, def, s, result.list);
    for (const h of hooks) await h.afterQuery?.({ em, ctx, session: s, def, docs: result.list, params, result });
    return c.json(result);
  };

  return [
  defineRoute({ method: 'POST', path: '/api/tbl/:table/query', rule: rule.table('read'), summary: "A page of a table's rows, filtered and ordered, with a bounded count", handler: query }),
  defineRoute({ method: 'POST', path: '/api/sync/query/:table', rule: rule.table('read'), summary: "The table query under /api/sync (an offline client's synchronisation key opens only /api/sync/*)", handler: query }),

  defineRoute({ method: 'POST', path: '/api/tbl/:table/form', rule: rule.table('form'), summary: "A table's or a form's schema, uiSchema and (by id) the row to edit", handler: async (c) => {
    const form = formSchemaFor(ctx, c);
    if (form) return c.json(await remoteForm(form, ctx, c, await jsonBody(c)));
    const def = tableFor(ctx, c, false);
    const s = c.get('session');
    const { id } = await jsonBody(c);
    const doc = id === undefined ? {} : isUuid(id) ? await read(ctx.orm.em.fork(), def, s, id) : (() => { throw fail(400, t(s.lang, 'msg.badId'), 'id'); })();
    const may = (op: 'create' | 'update') => { const p = writePermission(def.meta, op); return !p || hasPermission(s, p); };
    const bundled = bundledForm(ctx.registry, def.schema); // cached per registry and schema
    return c.json({
      doc,
      schema: bundled.schema,
      resources: {
        uiSchema: bundled.uiSchema,
        list: def.list,
        table: { name: def.name, permission: def.meta.permission, pageSize: def.meta.pageSize, form: (def.schema['x-layout'] as any)?.['x-form'] ?? 'inline' },
        readOnly: c.req.query('ro') !== undefined || !may(id === undefined ? 'create' : 'update'),
        // a catalogue offers 'add' and 'edit' by these (a workspace is created only by a system administrator)
        mayCreate: may('create'),
        mayUpdate: may('update'),
        ...labelsFor(ctx.registry, s.lang),
      },
    });
  } }),

  viewRoute(ctx), // GET /api/tbl/:table/view/:id (view-routes.ts)
  formSaveRoute(ctx), // POST /api/tbl/:table/save: a composed form's parts in one transaction (form-save.ts)

  defineRoute({ method: 'GET', path: '/api/tbl/:table/form/:id', rule: rule.table('read'), summary: 'A row as its edit form reads it', handler: async (c) => {
    const def = tableFor(ctx, c, false);
    return c.json(await read(ctx.orm.em.fork(), def, c.get('session'), idParam(c)));
  } }),

  defineRoute({ method: 'GET', path: '/api/tbl/:table/:id', rule: rule.table('read'), summary: 'A row, its references named', handler: async (c) => {
    const def = tableFor(ctx, c, false);
    const em = ctx.orm.em.fork();
    const doc = await read(em, def, c.get('session'), idParam(c));
    await TableStore.of(ctx.registry, def, em, c.get('session'), 'read').joinRefs([doc]);
    return c.json(doc);
  } }),

  defineRoute({ method: 'POST', path: '/api/tbl/:table', rule: rule.table('write'), summary: "A new row (the table's schema); answers its id", handler: async (c) => {
    const def = tableFor(ctx, c, 'create');
    const id = await new TableWriter(ctx, def, c.get('session')).create(await jsonBody(c));
    return c.json({ success: true, result: id });
  } }),

  defineRoute({ method: 'POST', path: '/api/tbl/:table/:id', rule: rule.table('write'), summary: 'A row changed (the fields sent; its version, when sent, must be the current one)', handler: async (c) => {
    const def = tableFor(ctx, c, 'update');
    const id = await new TableWriter(ctx, def, c.get('session')).update(idParam(c), await jsonBody(c), { edit: true });
    return c.json({ success: true, result: id });
  } }),

  defineRoute({ method: 'DELETE', path: '/api/tbl/:table/:id', rule: rule.table('write'), summary: 'A row deleted', handler: async (c) => {
    const def = tableFor(ctx, c, 'delete');
    await new TableWriter(ctx, def, c.get('session')).delete(idParam(c));
    return c.json({ success: true });
  } }),
  ];
}
