/**
 * `POST /api/sync/slice`: what an offline client of the session's unit needs besides the change feed
 * to let the unit's users work offline — the workspace's row, the unit's users (their accounts with
 * the password hashes, so they log in on the client, and their workspace memberships), the
 * workspace's profiles (the permissions the memberships name) and its places (areas and units) and its tags. The feed does not carry them: they are
 * outside a doctor's readable tables, and accounts belong to no workspace. Asked at the client's
 * initialisation and again at each synchronisation (a password changed on the server reaches the
 * client). Only for a session with a unit; each row with its version (docs/sync.md).
 */
import type { Hono } from 'hono';
import { t } from '../../engine/i18n.ts';
import { kysely } from '../db/kysely.ts';
import type { Em } from '../db/orm.ts';
import { fail } from '../http/errors.ts';
import { rowToDoc } from '../tbl/rows.ts';
import { loadChildren } from '../tbl/store/children.ts';
import type { AppContext, Doc, Env } from '../types.ts';

/** One row of the slice: its table, id, version and stored values (hidden ones too). */
export interface SliceRow {
  table: string;
  id: string;
  version: number;
  data: Doc;
}

async function rowsOf(em: Em, ctx: AppContext, table: string, where: (q: any) => any): Promise<SliceRow[]> {
  const def = ctx.registry.table(table);
  const rows = await where(kysely(em).selectFrom(table).selectAll()).execute();
  const docs = rows.map((r: Record<string, unknown>) => ({ id: String(r.id), ...rowToDoc(def.fields, r, { hidden: true }) }));
  await loadChildren(def, em, docs);
  return docs.map((d: Doc) => {
    const { id, ...data } = d;
    const version = Number(rows.find((r: Record<string, unknown>) => String(r.id) === id)?.version ?? 1);
    return { table, id: String(id), version, data };
  });
}

export function sliceRoutes(app: Hono<Env>, ctx: AppContext): void {
  app.post('/api/sync/slice', async (c) => {
    const s = c.get('session');
    if (!s.unitId) throw fail(400, t(s.lang, 'msg.syncNoUnit'));
    const em = ctx.orm.em.fork();
    const ws = s.workspaceId;
    const members = await rowsOf(em, ctx, 'userws', (q) => q.where('workspace_id', '=', ws).where('unit_id', '=', s.unitId).where((w: any) => w.or([w('pending', 'is', null), w('pending', '=', false)])));
    const userIds = members.map((m) => String(m.data.userId));
    const slice = [
      ...(await rowsOf(em, ctx, 'workspace', (q) => q.where('id', '=', ws))),
      ...(await rowsOf(em, ctx, 'userprofile', (q) => q.where('workspace_id', '=', ws))),
      // the places the memberships name (the feed brings them too: the same rows, the same versions)
      ...(await rowsOf(em, ctx, 'countrystructure', (q) => q.where('workspace_id', '=', ws))),
      ...(await rowsOf(em, ctx, 'adminunit', (q) => q.where('workspace_id', '=', ws))),
      ...(await rowsOf(em, ctx, 'unit', (q) => q.where('workspace_id', '=', ws))),
      // the tags the cases' tag links name (a doctor may not read the tag catalogue)
      ...(await rowsOf(em, ctx, 'tag', (q) => q.where('workspace_id', '=', ws))),
      ...(userIds.length ? await rowsOf(em, ctx, 'sysuser', (q) => q.where('id', 'in', userIds)) : []),
      ...members,
    ];
    return c.json({ workspaceId: ws, workspaceName: s.workspaceName, unitId: s.unitId, rows: slice });
  });
}
