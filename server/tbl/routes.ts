import type { Context, Hono } from 'hono';
import { t } from '../../engine/i18n.ts';
import type { TableDef } from '../../engine/types.ts';
import type { Em } from '../db/orm.ts';
import { jsonBody } from '../http/body.ts';
import type { AppContext, Env, Session, Doc, Row } from '../types.ts';
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
import { viewRoutes } from './view-routes.ts';
import { formSaveRoutes } from './form-save.ts';

/** The generic table API of spec 000 §7.2 for every table declared in `schemas/`. */
export function tableRoutes(app: Hono<Env>, ctx: AppContext): void {
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
    const em = ctx.orm.em.fork();
    const store = TableStore.of(ctx.registry, def, em, s, 'read');
    const result = await store.query({ page, pageSize: size, after, count, id, key, filters, conditions });
    await afterRead(em, def, s, result.list);
    for (const h of ctx.modules.hooks(def.name)) await h.afterQuery?.({ em, ctx, session: s, def, docs: result.list, params, result });
    return c.json(result);
  };
  app.post('/api/tbl/:table/query', query);
  app.post('/api/sync/query/:table', query);

  app.post('/api/tbl/:table/form', async (c) => {
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
  });

  viewRoutes(app, ctx); // GET /api/tbl/:table/view/:id (view-routes.ts)
  formSaveRoutes(app, ctx); // POST /api/tbl/:table/save: a composed form's parts in one transaction (form-save.ts)

  app.get('/api/tbl/:table/form/:id', async (c) => {
    const def = tableFor(ctx, c, false);
    return c.json(await read(ctx.orm.em.fork(), def, c.get('session'), idParam(c)));
  });

  app.get('/api/tbl/:table/:id', async (c) => {
    const def = tableFor(ctx, c, false);
    const em = ctx.orm.em.fork();
    const doc = await read(em, def, c.get('session'), idParam(c));
    await TableStore.of(ctx.registry, def, em, c.get('session'), 'read').joinRefs([doc]);
    return c.json(doc);
  });

  app.post('/api/tbl/:table', async (c) => {
    const def = tableFor(ctx, c, 'create');
    const id = await new TableWriter(ctx, def, c.get('session')).create(await jsonBody(c));
    return c.json({ success: true, result: id });
  });

  app.post('/api/tbl/:table/:id', async (c) => {
    const def = tableFor(ctx, c, 'update');
    const id = await new TableWriter(ctx, def, c.get('session')).update(idParam(c), await jsonBody(c), { edit: true });
    return c.json({ success: true, result: id });
  });

  app.delete('/api/tbl/:table/:id', async (c) => {
    const def = tableFor(ctx, c, 'delete');
    await new TableWriter(ctx, def, c.get('session')).delete(idParam(c));
    return c.json({ success: true });
  });
}
