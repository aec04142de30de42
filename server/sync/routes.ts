import type { JsonSchema } from '../../engine/types.ts';
import { jsonBody } from '../http/body.ts';
import type { AppContext, Session } from '../types.ts';
import { ApiError, fail } from '../http/errors.ts';
import { sql, type Kysely } from 'kysely';
import { kysely } from '../db/kysely.ts';
import { readerView, unitsInView } from '../scope/view.ts';
import { applyPush, pushBody, type ClientChange } from './push.ts';
import { clientKeepBody, conflictsBody, keepBody, keepValue, listConflicts } from './conflicts.ts';
import { keepOnServer, keptConflicts } from './client/conflicts.ts';
import { login } from './client/routes.ts';
import { readState } from './client/state.ts';
import { isUuid } from '../http/errors.ts';
import { t } from '../../engine/i18n.ts';
import { feedTables } from './feed-tables.ts';
import { defineRoute, rule, type DeclaredRoute } from '../http/define-route.ts';

/** A position in the feed: `<txKey>.<seq>` of the last change read (`0.0`: the start). */
const POSITION = '^(0|[1-9][0-9]{0,17})\\.(0|[1-9][0-9]{0,17})$';

const changesBody: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  properties: { after: { type: 'string', pattern: POSITION, maxLength: 40 }, limit: { type: 'integer', minimum: 1, maximum: 1000 }, count: { type: 'boolean' } },
};

/** The condition keeping the changes placed in the session's view (and the rows that left it). */
function inView(db: Kysely<any>, s: Session) {
  const v = readerView(s);
  // the whole workspace loses no row to another unit
  if (v.kind === 'workspace') return sql<boolean>`c.op <> 'left'`;
  if (v.kind === 'none') return sql<boolean>`c.units is null`;
  const units = v.kind === 'unit' ? sql`select ${v.unitId}::text` : sql`select vu.id::text from (${unitsInView(db, s.workspaceId, v)}) vu`;
  const seen = (col: string) => sql`exists (select 1 from jsonb_array_elements_text(${sql.ref(col)}) pu where pu in (${units}))`;
  return sql<boolean>`(c.units is null or ${seen('c.units')}) and (c.op <> 'left' or c.kept is null or not ${seen('c.kept')})`;
}

/** The changes after a position of the tables and the view a reader reads (the client's progress: how many to expect). */
async function countAfter(db: Kysely<any>, s: Session, tables: string[], afterKey: string, afterSeq: string): Promise<number> {
  const r = await sql<{ n: string }>`
    select count(*)::text as n from changelog c
     where c.workspace_id = ${s.workspaceId} and (c.tx_key, c.seq) > (${afterKey}::bigint, ${afterSeq}::bigint)
       and c.table_name = any(${`{${tables.join(',')}}`}::text[]) and ${inView(db, s)}`.execute(db);
  return Number(r.rows[0].n);
}

/**
 * Records that the user read the feed to its end now (their client's synchronisation received all):
 * an upload dates no change of theirs earlier (server/sync/push.ts `actedAt`).
 */
async function caughtUpNow(db: Kysely<any>, s: Session): Promise<void> {
  if (!s.userId) return;
  await db
    .insertInto('syncreader')
    .values({ id: crypto.randomUUID(), workspace_id: s.workspaceId, user_id: s.userId, caught_up_at: sql`now()` })
    .onConflict((oc) => oc.columns(['workspace_id', 'user_id']).doUpdateSet({ caught_up_at: sql`now()`, updated_at: sql`now()`, version: sql`syncreader.version + 1` }))
    .execute();
}

/**
 * `POST /api/sync/changes {after, limit, count?}`: the changes of the session's workspace after position
 * `after` (absent: from the start), in feed order — `{changes: [{pos, table, id, op, version, data,
 * at}], last, more, remaining?}`; `last` is the position to ask after next time; with `count: true`,
 * `remaining` is how many changes there are from `after` on (a client's progress). Only tables the user may read ({@link feedTables}),
 * and, of tables placed by units, the changes placed in their view; `left`: a row their view lost.
 * Only changes of transactions finished before the oldest one still running are answered, so a
 * change that commits late is never skipped (docs/sync-feed.md, server/sync/changes.ts).
 */
export function syncRoutes(ctx: AppContext): DeclaredRoute[] {
  return [
  defineRoute({ method: 'POST', path: '/api/sync/changes', rule: rule.session, summary: "The change feed after a number: rows of readable tables in the session's view (offline client)", body: changesBody, example: { after: '0.0', limit: 500, count: true }, handler: async (c, { body }) => {
    const s = c.get('session');
    const [afterKey, afterSeq] = String(body.after ?? '0.0').split('.');
    const limit = Number(body.limit ?? 500);
    const tables = feedTables(ctx, s);
    const db = kysely(ctx.orm.em.fork());
    // one statement, one snapshot: the horizon (its xmin) and the changes below it
    const rows = (
      await sql<{ horizon: string; tx_key: string | null; seq: string; table_name: string; row_id: string; op: string; row_version: number; data: unknown; changed_at: Date }>`
        with h as (select pg_snapshot_xmin(pg_current_snapshot())::text::bigint as horizon)
        select h.horizon::text as horizon, c.tx_key::text as tx_key, c.seq::text as seq, c.table_name, c.row_id, c.op, c.row_version, c.data, c.changed_at
          from h left join lateral (
            select c.* from changelog c
             where c.workspace_id = ${s.workspaceId} and (c.tx_key, c.seq) > (${afterKey}::bigint, ${afterSeq}::bigint) and c.tx_key < h.horizon
               and c.table_name = any(${`{${tables.join(',')}}`}::text[]) and ${inView(db, s)}
             order by c.tx_key, c.seq limit ${limit + 1}) c on true`.execute(db)
    ).rows;
    const found = rows.filter((r) => r.tx_key !== null);
    const page = found.slice(0, limit);
    const more = found.length > limit;
    const changes = page.map((r) => ({ pos: `${r.tx_key}.${r.seq}`, table: r.table_name, id: r.row_id, op: r.op, version: Number(r.row_version), data: r.data ?? null, at: new Date(r.changed_at).toISOString() }));
    // caught up: every change below the horizon was read, and none can appear below it any more
    const caughtUp = BigInt(rows[0].horizon) > BigInt(afterKey) ? `${rows[0].horizon}.0` : `${afterKey}.${afterSeq}`;
    if (!more) await caughtUpNow(db, s);
    ctx.metrics.syncRequests.inc({ kind: 'pull' });
    ctx.metrics.syncRows.inc({ kind: 'pulled' }, changes.length);
    // how many changes there are from `after` on (this page's too): the client's progress, asked once
    const remaining = body.count === true ? (more ? await countAfter(db, s, tables, afterKey, afterSeq) : page.length) : undefined;
    return c.json({ changes, last: more ? changes.at(-1)!.pos : caughtUp, more, ...(remaining === undefined ? {} : { remaining }) });
  } }),

  /**
   * `POST /api/sync/push {changes: [{changeId, table, op, id, baseVersion?, data?, userId?, at}]}`: an
   * offline client's changes, applied in order, each through the writer as the uploader
   * (server/sync/push.ts) — `{results: [{changeId, id, result, version?, conflicts?, errors?}]}`.
   */
  defineRoute({ method: 'POST', path: '/api/sync/push', rule: rule.session, summary: "An offline client's changes, each checked as the table API checks it", body: pushBody, example: { changes: [{ changeId: '8c5e2a40-2f4c-4a52-9d3e-1f6b7c8d9e01', table: 'source', op: 'create', id: '5b0d9c8e-7a6f-4e3d-8c2b-1a0f9e8d7c61', data: { shortName: 'LAB1', name: 'Лаборатория' }, at: '2026-11-29T08:00:00.000Z' }] }, handler: async (c, { body }) => {
    const s = c.get('session');
    const results = await applyPush(ctx, s, body.changes as ClientChange[]);
    ctx.metrics.syncRequests.inc({ kind: 'push' });
    for (const r of results) ctx.metrics.syncRows.inc({ kind: 'pushed', result: String(r.result) });
    return c.json({ results });
  } }),

  /** `POST /api/sync/conflicts {after?}`: the workspace's open conflicts for an administrator, newest first — `{list, next}` (server/sync/conflicts.ts). */
  defineRoute({ method: 'POST', path: '/api/sync/conflicts', rule: rule.perm('CMDHISTORY'), summary: "The workspace's open synchronisation conflicts", body: conflictsBody, example: {}, handler: async (c, { body }) => {
    const s = c.get('session');
    return c.json(await listConflicts(ctx, s, { after: body.after as string | undefined }));
  } }),

  /**
   * `GET /api/sync/conflicts/recent`: the conflicts of every case the reader sees, open or resolved in
   * the last 30 days, newest first (at most 200) — `{list}`: what an offline client keeps and shows. On
   * an offline client: the ones it keeps (server/sync/client/conflicts.ts).
   */
  defineRoute({ method: 'GET', path: '/api/sync/conflicts/recent', rule: rule.session, summary: "Conflicts of the session's recent changes", handler: async (c) => {
    const s = c.get('session');
    if (ctx.config.clientMode) return c.json({ list: await keptConflicts(ctx, s.lang) });
    return c.json(await listConflicts(ctx, s, { recent: true }));
  } }),

  /**
   * `GET /api/sync/conflicts/case/:id`: the conflicts of a case (the row at the top of the rows' parent
   * chain) the reader sees — `{list}`; on an offline client, the ones it keeps of the case.
   */
  defineRoute({ method: 'GET', path: '/api/sync/conflicts/case/:id', rule: rule.session, summary: "A case's open synchronisation conflicts", handler: async (c) => {
    const s = c.get('session');
    const id = c.req.param('id');
    if (!isUuid(id)) throw new ApiError(400, [{ field: 'id', msg: t(s.lang, 'msg.badId') }]);
    if (ctx.config.clientMode) return c.json({ list: await keptConflicts(ctx, s.lang, id.toLowerCase()) });
    return c.json(await listConflicts(ctx, s, { rootId: id.toLowerCase() }));
  } }),

  /**
   * `POST /api/sync/conflicts/:id/keep {keep: 'server' | 'client'}`: "keep this one" (a user who may
   * edit the row). On an offline client `{keep, password}`: done on the server as the user (their
   * password, checked there), so only when the client is online.
   */
  defineRoute({ method: 'POST', path: '/api/sync/conflicts/:id/keep', rule: rule.session, summary: "Resolves a conflict: keeps the server's or the client's values", handler: async (c) => {
    const s = c.get('session');
    const id = c.req.param('id');
    if (!isUuid(id)) throw new ApiError(400, [{ field: 'id', msg: t(s.lang, 'msg.badId') }]);
    const body = await jsonBody(c);
    const errors = ctx.validators.validate(ctx.config.clientMode ? 'sync#keepOnClient' : 'sync#keep', ctx.config.clientMode ? clientKeepBody : keepBody, body, s.lang);
    if (errors.length) throw new ApiError(400, errors);
    if (ctx.config.clientMode) {
      const state = await readState(ctx.orm.em.fork(), ctx);
      if (!state) throw fail(400, t(s.lang, 'msg.syncNotInitialised'));
      await keepOnServer(ctx, id.toLowerCase(), body.keep as 'server' | 'client', () => login(state.serverUrl, s.userLogin, String(body.password), s.lang));
      return c.json({ success: true });
    }
    await keepValue(ctx, s, id.toLowerCase(), body.keep as 'server' | 'client');
    return c.json({ success: true });
  } }),
  ];
}
