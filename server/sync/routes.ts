import type { JsonSchema } from '../../engine/types.ts';
import { jsonBody } from '../http/body.ts';
import type { AppContext, Session } from '../types.ts';
import { ApiError, fail } from '../http/errors.ts';
import { sql, type Kysely } from 'kysely';
import { kysely, type Database } from '../db/kysely.ts';
import { applyPush, pushBody, type ClientChange } from './push.ts';
import { clientKeepBody, conflictsBody, keepBody, keepValue, listConflicts } from './conflicts.ts';
import { keepOnServer, keptConflicts } from './client/conflicts.ts';
import { login } from './client/routes.ts';
import { readState } from './client/state.ts';
import { isUuid } from '../http/errors.ts';
import { t } from '../../engine/i18n.ts';
import { feedTables } from '../feed/tables.ts';
import { countAfter, readFeed } from '../feed/read.ts';
import { defineRoute, rule, type DeclaredRoute } from '../http/define-route.ts';

/** A position in the feed: `<txKey>.<seq>` of the last change read (`0.0`: the start). */
const POSITION = '^(0|[1-9][0-9]{0,17})\\.(0|[1-9][0-9]{0,17})$';

const changesBody: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  properties: { after: { type: 'string', pattern: POSITION, maxLength: 40 }, limit: { type: 'integer', minimum: 1, maximum: 1000 }, count: { type: 'boolean' } },
};

/**
 * Records that the user read the feed to its end now (their client's synchronisation received all):
 * an upload dates no change of theirs earlier (server/sync/push.ts `actedAt`).
 */
async function caughtUpNow(db: Kysely<Database>, s: Session): Promise<void> {
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
 * change that commits late is never skipped (docs/sync-feed.md, server/feed/read.ts).
 */
export function syncRoutes(ctx: AppContext): DeclaredRoute[] {
  return [
  defineRoute({ method: 'POST', path: '/api/sync/changes', rule: rule.session, summary: "The change feed after a number: rows of readable tables in the session's view (offline client)", body: changesBody, example: { after: '0.0', limit: 500, count: true }, handler: async (c, { body }) => {
    const s = c.get('session');
    const tables = feedTables(ctx, s);
    const db = kysely(ctx.orm.em.fork());
    const after = String(body.after ?? '0.0');
    const page = await readFeed(db, s, tables, after, Number(body.limit ?? 500));
    if (!page.more) await caughtUpNow(db, s);
    ctx.metrics.syncRequests.inc({ kind: 'pull' });
    ctx.metrics.syncRows.inc({ kind: 'pulled' }, page.changes.length);
    // how many changes there are from `after` on (this page's too): the client's progress, asked once
    const remaining = body.count === true ? (page.more ? await countAfter(db, s, tables, after) : page.changes.length) : undefined;
    return c.json({ ...page, ...(remaining === undefined ? {} : { remaining }) });
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
