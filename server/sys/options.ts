import type { Hono } from 'hono';
import type { Kysely } from 'kysely';
import { t } from '../../engine/i18n.ts';
import { jsonBody } from '../http/body.ts';
import type { AppContext, Env } from '../http/context.ts';
import { fail } from '../http/errors.ts';
import { kysely } from '../tbl/store.ts';

/**
 * `POST /api/opts/<name>`: the options of a lookup field. A table name lists that table's rows of
 * the session workspace as `{value, label}` (params filter by declared fields); other names are the
 * named lookups domain modules provide (`perms-tree`, `user-views`, `command-types`).
 */
export function optionRoutes(app: Hono<Env>, ctx: AppContext): void {
  app.post('/api/opts/:name', async (c) => {
    const name = c.req.param('name');
    const s = c.get('session');
    const params = await jsonBody(c);
    const em = ctx.orm.em.fork();
    const provider = ctx.modules.option(name);
    if (provider) return c.json(await provider({ em, ctx, session: s, params }));
    const def = ctx.registry.tables.get(name);
    if (!def || def.meta.api === false) throw fail(404, t(s.lang, 'msg.unknownTable'));
    const label = def.fields.find((f) => f.key === (def.list.title ?? 'name')) ?? def.fields.find((f) => f.key === 'name');
    if (!label) throw fail(404, t(s.lang, 'msg.unknownTable'));
    let q = (kysely(em) as Kysely<any>).selectFrom(def.name).select(['id as value', `${label.column} as label`]);
    if (def.meta.workspace) q = q.where('workspace_id', '=', s.workspaceId);
    for (const [k, v] of Object.entries(params)) {
      const f = def.fields.find((x) => x.key === k && !x.hidden && x.kind !== 'none');
      if (!f) continue;
      q = Array.isArray(v) ? q.where(f.column, 'in', v) : q.where(f.column, '=', v as any);
    }
    return c.json(await q.orderBy(label.column).limit(1000).execute());
  });
}
