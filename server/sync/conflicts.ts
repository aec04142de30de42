/**
 * The conflict log of offline uploads (docs/sync.md): a field changed both on the server and on a
 * client since the client's copy kept the server's value; the client's waits here. A reader of the
 * row sees the conflicts on its case (both values, who changed it on the client and when); a user
 * who may edit the row keeps one of the two ("keep this one"): the client's is then written through
 * the writer, as an edit in the browser. Administrators list the open ones of the workspace.
 */
import type { JsonSchema, TableDef } from '../../engine/types.ts';
import { t, type Lang } from '../../engine/i18n.ts';
import { kysely } from '../db/kysely.ts';
import { jsonColumn } from '../db/json-column.ts';
import type { Em } from '../db/orm.ts';
import { fail } from '../http/errors.ts';
import { valueTexts } from '../history/describe.ts';
import { hasPermission } from '../http/middleware.ts';
import { systemUpdate } from '../tbl/system-write.ts';
import { TableStore } from '../tbl/store.ts';
import { TableWriter } from '../tbl/write.ts';
import { mayPush } from './push.ts';
import type { AppContext, Doc, Session } from '../types.ts';
import type { SyncConflict } from '../../engine/sync-views.ts';
import { writeTransaction } from '../tbl/retry.ts';

/** One logged conflict as a reader sees it (one declaration with the browser's). */
export type ConflictView = SyncConflict;

export const conflictsBody: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    /** Paging of the administrators' list: the `next` of the previous page. */
    after: { type: 'string', maxLength: 100, pattern: '^[0-9TZ:.+-]+\\|[0-9a-f-]{36}$' },
  },
};

export const keepBody: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['keep'],
  properties: { keep: { type: 'string', enum: ['server', 'client'] } },
};

/** Keeping a value from an offline client: the user's password, which the server checks. */
export const clientKeepBody: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['keep', 'password'],
  properties: { keep: { type: 'string', enum: ['server', 'client'] }, password: { type: 'string', minLength: 1, maxLength: 200 } },
};

const PAGE = 50;

/** The table at the top of a table's parent chain (the case for its exams). */
function rootTable(ctx: AppContext, def: TableDef): TableDef {
  let table = def;
  for (let depth = 0; table.meta.parent && depth < 5; depth++) table = ctx.registry.table(table.fields.find((f) => f.key === table.meta.parent)!.ref!);
  return table;
}

const canRead = (s: Session, def: TableDef) => def.meta.read === 'any' || !def.meta.permission || hasPermission(s, def.meta.permission);

/** Whether the session may change the row's table as the generic API or an offline upload would let it. */
const mayEdit = (ctx: AppContext, s: Session, def: TableDef) => mayPush(s, def, 'update', ctx.modules);

const iso = (v: unknown) => (v ? new Date(v as string).toISOString() : null);

/** How many conflicts an offline client is given (`recent`): the newest of its view's. */
export const RECENT_MAX = 200;

/** How long a resolved conflict stays among an offline client's (`recent`). */
const RECENT_DAYS = 30;

/**
 * The conflicts of one case (`rootId`: the row at the top of the rows' parent chain), if the reader
 * sees it; with `recent`, those of every case the reader sees, open or resolved in the last 30 days,
 * newest first (at most {@link RECENT_MAX}: what an offline client keeps); without either, the
 * workspace's open conflicts (the route lets only administrators ask), newest first, a page at a time
 * (`next`); every way only rows the reader may see.
 * @example await listConflicts(ctx, session, { rootId: caseId }) // { list: [{ field: 'caseNumber', server: 'A', client: 'B', … }], next: null }
 */
export async function listConflicts(ctx: AppContext, s: Session, q: { rootId?: string; after?: string; recent?: boolean }): Promise<{ list: ConflictView[]; next: string | null }> {
  const em = ctx.orm.em.fork();
  let query = kysely(em)
    .selectFrom('syncconflict as c')
    .leftJoin('sysuser as u', 'u.id', 'c.user_id')
    .leftJoin('sysuser as r', 'r.id', 'c.resolved_by')
    .leftJoin('sysuser as su', 'su.id', 'c.server_user_id')
    .select(['c.id', 'c.table_name', 'c.row_id', 'c.root_id', 'c.field', 'c.values', 'c.changed_at', 'c.resolved', 'c.kept', 'c.resolved_at', 'c.created_at', 'c.server_changed_at', 'u.name as user_name', 'r.name as resolver_name', 'su.name as server_user_name'])
    .where('c.workspace_id', '=', s.workspaceId);
  if (q.rootId) {
    query = query.where('c.root_id', '=', q.rootId).orderBy('c.created_at').orderBy('c.id');
  } else if (q.recent) {
    const since = new Date(Date.now() - RECENT_DAYS * 86_400_000);
    query = query.where((w) => w.or([w('c.resolved', 'is', null), w('c.resolved', '=', false), w('c.resolved_at', '>=', since.toISOString())])).orderBy('c.created_at', 'desc').orderBy('c.id', 'desc').limit(RECENT_MAX);
  } else {
    query = query.where((w) => w.or([w('c.resolved', 'is', null), w('c.resolved', '=', false)])).orderBy('c.created_at', 'desc').orderBy('c.id', 'desc').limit(PAGE + 1);
    if (q.after) {
      const [at, id] = q.after.split('|');
      query = query.where((w) => w.or([w('c.created_at', '<', new Date(at).toISOString()), w.and([w('c.created_at', '=', new Date(at).toISOString()), w('c.id', '<', id)])]));
    }
  }
  const rows = await query.execute();
  const page = q.rootId || q.recent ? rows : rows.slice(0, PAGE);
  const out: ConflictView[] = [];
  const seen = new Map<string, boolean>();
  for (const r of page) {
    const def = ctx.registry.tables.get(String(r.table_name));
    if (!def || !canRead(s, def)) continue;
    // the case must be in the reader's view (once per case)
    const rootId = r.root_id ? String(r.root_id) : null;
    const key = rootId ?? String(r.row_id);
    if (!seen.has(key)) seen.set(key, await TableStore.of(ctx.registry, rootTable(ctx, def), em, s, 'read').exists(key));
    if (!seen.get(key)) continue;
    const values = jsonColumn<Doc>(r.values, {});
    const title = (def.schema.properties?.[String(r.field)] as { title?: string } | undefined)?.title;
    out.push({
      id: String(r.id), table: def.name, rowId: String(r.row_id), rootId, field: String(r.field), fieldTitle: title ? t(s.lang, title) : String(r.field),
      server: values.server ?? null, client: values.client ?? null, serverText: null, clientText: null,
      userName: (r.user_name as string | null) ?? null, changedAt: iso(r.changed_at),
      serverUserName: (r.server_user_name as string | null) ?? null, serverChangedAt: iso(r.server_changed_at),
      resolved: r.resolved === true, kept: (r.kept as 'server' | 'client' | null) ?? null, resolvedByName: (r.resolver_name as string | null) ?? null, resolvedAt: iso(r.resolved_at),
      mayResolve: r.resolved !== true && mayEdit(ctx, s, def),
    });
  }
  await labelConflicts(em, ctx, s.lang, out);
  const last = rows.length > PAGE && !q.rootId && !q.recent ? page.at(-1)! : undefined;
  return { list: out, next: last ? `${new Date(last.created_at as string).toISOString()}|${last.id}` : null };
}

/**
 * Gives each conflict its field's title and both values as the reader reads them (labels, names,
 * dates) in `lang`, from this database's catalogues: the server's, or an offline client's for the
 * conflicts it keeps.
 * @example await labelConflicts(em, ctx, 'ru', list) // list[0].serverText === 'Новый случай'
 */
export async function labelConflicts(em: Em, ctx: AppContext, lang: Lang, list: ConflictView[]): Promise<ConflictView[]> {
  for (const c of list) {
    const def = ctx.registry.tables.get(c.table);
    if (!def) continue;
    const title = (def.schema.properties?.[c.field] as { title?: string } | undefined)?.title;
    c.fieldTitle = title ? t(lang, title) : c.field;
    [c.serverText, c.clientText] = await valueTexts(em, def, c.field, [c.server, c.client], lang);
  }
  return list;
}

/**
 * Resolves an open conflict: `server` leaves the row as it is; `client` writes the client's value
 * through the writer as this user (history, feed, validation). Either way the conflict is marked
 * resolved, with who and when. Refused when the user may not edit the row or it is outside their view.
 * @example await keepValue(ctx, session, conflictId, 'client')
 */
export async function keepValue(ctx: AppContext, s: Session, id: string, keep: 'server' | 'client'): Promise<void> {
  await writeTransaction(ctx, async (em: Em) => {
    const c = await kysely(em).selectFrom('syncconflict').selectAll().where('workspace_id', '=', s.workspaceId).where('id', '=', id).forUpdate().executeTakeFirst();
    const def = c && ctx.registry.tables.get(String(c.table_name));
    if (!c || !def || !canRead(s, def)) throw fail(404, t(s.lang, 'msg.notFound'), 'id');
    if (!(await TableStore.of(ctx.registry, def, em, s, 'read').exists(String(c.row_id)))) throw fail(404, t(s.lang, 'msg.syncGoneOnServer'), 'id');
    if (!mayEdit(ctx, s, def)) throw fail(403, t(s.lang, 'msg.forbidden'));
    if (c.resolved === true) throw fail(409, t(s.lang, 'msg.syncConflictResolved'), 'id');
    if (keep === 'client') await new TableWriter(ctx, def, s).update(String(c.row_id), { [String(c.field)]: jsonColumn<Doc>(c.values, {}).client ?? null }, { within: em });
    // through the system door: its version bumped and the change fed like any row's (the kept client value has its own history entry)
    await systemUpdate({ em, ctx, session: s }, 'syncconflict', id, { resolved: true, kept: keep, resolvedBy: s.userId || null, resolvedAt: new Date().toISOString() }, 'action');
  }, 'sync conflict resolution');
}
