import type { Hono } from 'hono';
import { t } from '../../engine/i18n.ts';
import { jsonBody } from '../../server/http/body.ts';
import type { AppContext, Env } from '../../server/http/context.ts';
import { fail, isUuid } from '../../server/http/errors.ts';
import { assertPermission } from '../../server/http/middleware.ts';
import { kysely, TableStore } from '../../server/tbl/store.ts';
import { withChildren } from './tree-counts.ts';

/**
 * `POST /api/tbl/adminunit/query` (spec 000 §7.2): the generic query plus the tree's own filters —
 * `{parentId}` for the children of a unit, `{rootUnits: true}` for the top level — every node with
 * `hasChildren` and `unitsCount`, and with `fetchCountryStructure` the level definitions as
 * `csList: [{id, name, level}]`. Registered before the generic route, which it replaces for this table.
 */
export function adminUnitQueryRoute(app: Hono<Env>, ctx: AppContext): void {
  app.post('/api/tbl/adminunit/query', async (c) => {
    const s = c.get('session');
    const def = ctx.registry.table('adminunit');
    assertPermission(s, def.meta.permission);
    const { parentId, rootUnits, fetchCountryStructure, page, pageSize, id, key, ...filters } = await jsonBody(c);
    for (const k of Object.keys(filters)) {
      if (!def.fields.some((f) => f.key === k && f.kind !== 'none' && !f.hidden)) throw fail(400, t(s.lang, 'msg.unknownField'), k);
    }
    if (parentId != null && !isUuid(parentId)) throw fail(400, t(s.lang, 'msg.badId'), 'parentId');
    if (id !== undefined && !isUuid(id)) throw fail(400, t(s.lang, 'msg.badId'), 'id');
    const size = pageSize === undefined ? (page !== undefined ? def.meta.pageSize : undefined) : Number(pageSize);
    if (size !== undefined && !(Number.isInteger(size) && size > 0 && size <= 500)) throw fail(400, t(s.lang, 'msg.badJson'), 'pageSize');
    if (page !== undefined && !(Number.isInteger(page) && page > 0)) throw fail(400, t(s.lang, 'msg.badJson'), 'page');
    if (rootUnits === true) filters.parentId = null;
    else if (parentId !== undefined) filters.parentId = parentId;

    const em = ctx.orm.em.fork();
    const result: Record<string, unknown> & Awaited<ReturnType<TableStore['query']>> = await new TableStore(def, em, s.workspaceId).query({
      page, pageSize: size, id, key: typeof key === 'string' ? key : undefined, filters,
    });
    for (const h of ctx.modules.hooks(def.name)) await h.afterRead?.({ em, ctx, session: s, def, docs: result.list });
    const parents = await withChildren(em, s.workspaceId, result.list.map((d) => d.id));
    for (const d of result.list) d.hasChildren = parents.has(d.id);
    if (fetchCountryStructure) {
      result.csList = await kysely(em)
        .selectFrom('countrystructure')
        .select(['id', 'name', 'level'])
        .where('workspace_id', '=', s.workspaceId)
        .orderBy('level')
        .orderBy('name')
        .execute();
    }
    return c.json(result);
  });
}
