import type { Hono } from 'hono';
import type { JsonSchema } from '../../engine/types.ts';
import { jsonBody } from '../http/body.ts';
import type { AppContext, Env, Session } from '../types.ts';
import { ApiError } from '../http/errors.ts';
import { hasPermission } from '../http/middleware.ts';
import { isRowScoped } from '../scope/rows.ts';
import { kysely } from '../db/kysely.ts';
import { TableStore } from '../tbl/store.ts';

const changesBody: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  properties: { since: { type: 'integer', minimum: 0, maximum: 2147483647 }, limit: { type: 'integer', minimum: 1, maximum: 1000 } },
};

/** Whether the session may read the rows of a table (as the generic API decides). */
function canRead(ctx: AppContext, s: Session, table: string): boolean {
  const def = ctx.registry.tables.get(table);
  if (!def) return false;
  return def.meta.read === 'any' || !def.meta.permission || hasPermission(s, def.meta.permission);
}

/**
 * `POST /api/sync/changes {since, limit}`: what changed in the session's workspace after change
 * number `since`, in order — `{changes: [{seq, table, id, op, version, data, at}], last, more}`.
 * Only tables the user may read and, for row-scoped ones, rows in their view (a delete is always
 * told: the client may hold the row). `last` is the number to ask from next time.
 */
export function syncRoutes(app: Hono<Env>, ctx: AppContext): void {
  app.post('/api/sync/changes', async (c) => {
    const s = c.get('session');
    const body = await jsonBody(c);
    const errors = ctx.validators.validate('sync#changes', changesBody, body, s.lang);
    if (errors.length) throw new ApiError(400, errors);
    const since = Number(body.since ?? 0);
    const limit = Number(body.limit ?? 500);
    const em = ctx.orm.em.fork();
    const rows = await kysely(em)
      .selectFrom('changelog')
      .select(['seq', 'table_name', 'row_id', 'op', 'row_version', 'data', 'changed_at'])
      .where('workspace_id', '=', s.workspaceId)
      .where('seq', '>', since)
      .orderBy('seq')
      .limit(limit + 1)
      .execute();
    const page = rows.slice(0, limit);
    const readable = page.filter((r) => canRead(ctx, s, r.table_name));
    // rows of row-scoped tables: only those in the view (one query per table)
    const visible = new Set<string>();
    for (const table of new Set(readable.map((r) => r.table_name))) {
      const def = ctx.registry.table(table);
      const ids = [...new Set(readable.filter((r) => r.table_name === table).map((r) => r.row_id as string))];
      const seen = isRowScoped(def) ? await TableStore.of(ctx.registry, def, em, s, 'read').rowsByIds(ids) : ids.map((id) => ({ id }));
      for (const r of seen) visible.add(String(r.id));
    }
    const changes = readable
      .filter((r) => r.op === 'delete' || visible.has(r.row_id))
      .map((r) => ({ seq: Number(r.seq), table: r.table_name, id: r.row_id, op: r.op, version: Number(r.row_version), data: r.data ?? null, at: new Date(r.changed_at).toISOString() }));
    return c.json({ changes, last: page.length ? Number(page.at(-1)!.seq) : since, more: rows.length > limit });
  });
}
