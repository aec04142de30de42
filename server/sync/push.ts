/**
 * The server side of an offline client's upload (docs/sync.md): each change the client made is
 * applied through the table writer — the same validation, hooks, permissions, view and history as an
 * edit in the browser — as the uploader: the session's user, the only one the server has proof of
 * (the author the client names is kept beside the answer, as the client's word, and grants nothing),
 * dated when the client says it was made, bounded to what the server knows (not after now, not before
 * the row's previous change nor the uploader's last synchronisation), and gets one result:
 * - `applied`: the row was as the client's copy (its version is the client's base);
 * - `merged`: the server changed the row since, but in other fields: the client's fields were written;
 * - `conflict`: the server changed some of the same fields since: there the server's values are kept
 *   and the client's are written to the conflict log (`syncconflict`); its other fields were written;
 * - `rejected`: the writer refused it (a permission removed, a rule broken, the row gone): `errors`.
 * The rule (which fields merge, which conflict) is the pure `merge.ts`; the body and the answers' shape are `push-body.ts`,
 * the conflict log `push-conflicts.ts`, the stored answers `push-answers.ts`.
 * The answer is stored with the change's id (`syncpush`) in the transaction that applied it, so a
 * retried upload is answered again and never applied twice — to its own uploader only.
 */
import { sql } from 'kysely';
import type { TableDef } from '../../engine/types.ts';
import { t } from '../../engine/i18n.ts';
import { writePermission } from '../../engine/write-permission.ts';
import { deferring } from '../db/deferred.ts';
import { kysely, kyselyByName } from '../db/kysely.ts';
import type { Em } from '../db/orm.ts';
import { ApiError, fail } from '../http/errors.ts';
import { hasPermission } from '../http/middleware.ts';
import { TableStore } from '../tbl/store.ts';
import { TableWriter } from '../tbl/write.ts';
import { isStale, mayDelete, mergeUpdate } from './merge.ts';
import type { AppContext, Doc, Session } from '../types.ts';
import type { Modules } from '../modules.ts';
import type { ClientChange, PushAnswer } from './push-body.ts';
import { storeAnswer, storedAnswer, storedAnswers } from './push-answers.ts';
import { fieldsChangedSince, logConflicts, type ServerChange } from './push-conflicts.ts';
import { writeTransaction } from '../tbl/retry.ts';

export { PUSH_MAX, pushBody, type ClientChange, type PushAnswer, type PushResult } from './push-body.ts';


/**
 * Applies an upload in order, in one transaction with a savepoint per change (a refused change rolls
 * back only itself and gets its own answer; the others stay), and answers each. What every change
 * would ask again is asked once for the batch (the stored answers, the bounds of the changes' times,
 * the rows clients made) and the automatic tags of the cases written are recomputed once, at the end
 * (server/db/deferred.ts); each change still goes through the writer with its history entry and feed
 * position.
 * @example await applyPush(ctx, session, [{ changeId, table: 'tbcase', op: 'update', id, baseVersion: 3, data: { caseNumber: 'Б-7' }, at }])
 */
export async function applyPush(ctx: AppContext, pusher: Session, changes: ClientChange[]): Promise<PushAnswer[]> {
  return writeTransaction(ctx, (em) =>
    deferring(em, ctx, async () => {
      const batch = await batchOf(em, ctx, pusher, changes);
      const out: PushAnswer[] = [];
      for (const ch of changes) {
        const answer = batch.known.get(ch.changeId) ?? (await applyOne(em, ctx, pusher, ch, batch));
        out.push(answer);
        batch.learn(ch, answer);
      }
      return out;
    }),
  'sync push');
}

/** What the changes of one upload share, read once: their stored answers, time bounds and the rows clients made. */
interface Batch {
  known: Map<string, PushAnswer>;
  floors: Floors;
  /** Rows made by a client of the workspace that the server took as its own: the server's id by the client's. */
  taken: Map<string, string>;
  /** Rows made offline by users of the uploader's unit (applied creates). */
  own: Set<string>;
  /** Takes in what a change's answer adds (a row made, a row taken as the server's). */
  learn(ch: ClientChange, answer: PushAnswer): void;
}

async function batchOf(em: Em, ctx: AppContext, pusher: Session, changes: ClientChange[]): Promise<Batch> {
  const ids = new Set<string>();
  for (const ch of changes) {
    ids.add(ch.id.toLowerCase());
    const def = ctx.registry.tables.has(ch.table) ? ctx.registry.table(ch.table) : undefined;
    for (const f of def?.fields ?? []) if (f.kind === 'ref' && f.path.length === 1 && typeof ch.data?.[f.key] === 'string') ids.add(String(ch.data[f.key]).toLowerCase());
  }
  const [known, floors, made] = await Promise.all([storedAnswers(em, pusher, changes), floorsOf(em, pusher, changes), madeOffline(em, pusher, [...ids])]);
  return {
    known, floors, ...made,
    learn(ch, answer) {
      if (ch.op !== 'create') return;
      if (answer.result === 'applied') made.own.add(ch.id.toLowerCase());
      if (answer.result === 'merged' && answer.id !== ch.id) made.taken.set(ch.id.toLowerCase(), answer.id);
    },
  };
}

async function applyOne(em: Em, ctx: AppContext, pusher: Session, ch: ClientChange, batch: Batch): Promise<PushAnswer> {
  const actor = { ...pusher, actedAt: actedAt(ch, batch.floors) };
  try {
    return await em.transactional(async (sp) => {
      const answer = await writeChange(sp, ctx, actor, ch, batch);
      await storeAnswer(sp, actor, ch, answer);
      return answer;
    });
  } catch (e) {
    // the same change uploaded twice at once: the other upload applied it
    const again = await storedAnswer(em, pusher, ch);
    if (again) return again;
    const refused = e instanceof ApiError ? e : ctx.registry.tables.has(ch.table) ? new TableWriter(ctx, ctx.registry.table(ch.table), pusher).constraintError(e) : undefined;
    if (!refused) throw e;
    const answer: PushAnswer = { changeId: ch.changeId, id: ch.id, result: 'rejected', errors: refused.errors };
    if (await storeAnswer(em, actor, ch, answer, true)) return answer;
    return (await storedAnswer(em, pusher, ch)) ?? answer;
  }
}

/** What bounds the time of each change below: the rows' changes the client's copies were at, the uploader's last synchronisation and membership. */
interface Floors {
  rows: Map<string, number>;
  synced?: number;
  member?: number;
}

const rowKey = (table: string, id: string) => `${table}|${id.toLowerCase()}`;

/** The bounds of {@link actedAt}, for every change of the upload in one statement. */
async function floorsOf(em: Em, pusher: Session, changes: ClientChange[]): Promise<Floors> {
  const edits = changes.filter((c) => c.op !== 'create').map((c) => ({ t: c.table, r: c.id.toLowerCase(), b: c.baseVersion ?? null }));
  const db = kysely(em);
  const [rows, user] = await Promise.all([
    edits.length
      ? sql<{ t: string; r: string; at: Date | string | null }>`select v.t, v.r, (select max(c.changed_at) from changelog c
          where c.workspace_id = ${pusher.workspaceId} and c.table_name = v.t and c.row_id = v.r::uuid and (v.b is null or c.row_version <= v.b)) as at
          from jsonb_to_recordset(${JSON.stringify(edits)}::jsonb) as v(t text, r text, b int)`.execute(db)
      : { rows: [] },
    db.selectNoFrom((e) => [
      e.selectFrom('syncreader').select('caught_up_at').where('workspace_id', '=', pusher.workspaceId).where('user_id', '=', pusher.userId).as('synced_at'),
      e.selectFrom('userws').select('created_at').where('workspace_id', '=', pusher.workspaceId).where('user_id', '=', pusher.userId).limit(1).as('member_at'),
    ]).executeTakeFirstOrThrow(),
  ]);
  const time = (v: unknown) => (v == null ? undefined : new Date(v as Date | string).getTime());
  return {
    rows: new Map(rows.rows.filter((r) => r.at != null).map((r) => [rowKey(r.t, r.r), time(r.at)!])),
    synced: time(user.synced_at),
    member: time(user.member_at),
  };
}

/**
 * When the change counts as made: the client's `at`, but never later than now, nor earlier than what
 * the server knows came before it — the row's change that made the version the client edited (an edit
 * is made on a copy the server sent; the server's changes since may be later), the uploader's last synchronisation (the last time they read the feed to its end: what the
 * client held then was sent then) and the uploader's membership of the workspace. A client's clock
 * (or a forged upload) cannot date a change in the past.
 * @example actedAt({ at: '1999-01-01T00:00:00Z', … }, floors) // the row's last change's time, or later
 */
export function actedAt(ch: Pick<ClientChange, 'table' | 'id' | 'op' | 'at'>, floors: Floors): Date {
  const now = Date.now();
  const said = Math.min(Date.parse(ch.at), now);
  const row = ch.op === 'create' ? undefined : floors.rows.get(rowKey(ch.table, ch.id));
  const bounds = [row, floors.synced, floors.member].filter((v): v is number => v != null);
  return new Date(Math.min(now, Math.max(said, ...bounds)));
}

/**
 * Whether the session may make the operation on the table's rows offline: the generic API's write
 * permission, or the permission of a declared action that writes them so (`RowAction.uploads`: the
 * treatment's CASE_TREAT, the tags' CASE_TAG), or one of the table's `x-table.push` permissions for it
 * (the domain forms' that are no action: a new notification's NEWCASE or NEWSUSP).
 * @example mayPush(doctor, registry.table('patient'), 'create', ctx.modules) // true: NEWCASE
 */
export function mayPush(s: Session, def: TableDef, op: ClientChange['op'], modules: Modules): boolean {
  const needed = writePermission(def.meta, op);
  const others = [...modules.uploadPermissions(def.name, op), ...(def.meta.push?.[op] ?? [])];
  return !needed || hasPermission(s, needed) || others.some((p) => hasPermission(s, p));
}

/** The change written through the writer, with the merge of fields the server changed meanwhile. */
async function writeChange(em: Em, ctx: AppContext, actor: Session, ch: ClientChange, batch: Batch): Promise<PushAnswer> {
  const def = ctx.registry.apiTable(ch.table);
  if (!def) throw fail(400, t(actor.lang, 'msg.unknownTable'), 'table');
  if (!mayPush(actor, def, ch.op, ctx.modules)) throw fail(403, t(actor.lang, 'msg.forbidden'));
  const writer = new TableWriter(ctx, def, actor);
  // rows of the client's that the server took as its own (a tag typed offline under a name the server has): named by the server's ids
  const taken = batch.taken;
  const id = taken.get(ch.id.toLowerCase()) ?? ch.id;
  const data = repointed(def, ch.data ?? {}, taken);
  const base = { changeId: ch.changeId, id };
  if (ch.op === 'create') {
    const twin = await twinOf(em, ctx, actor, def, ch.id, data);
    if (twin) return { ...base, id: twin.id, result: 'merged', version: twin.version };
    await writer.create({ ...data, id: ch.id }, undefined, em, { linked: linkedToOwnRows(def, data, batch.own) });
    await afterPush(em, ctx, actor, def, ch.id, true);
    return { ...base, result: 'applied', version: 1 };
  }
  const current = await TableStore.of(ctx.registry, def, em, actor, 'write').read(id, { lock: true });
  if (!current) throw fail(404, t(actor.lang, 'msg.syncGoneOnServer'), 'id');
  const version = Number(current.version);
  const serverSide = isStale(ch.baseVersion, version) ? await fieldsChangedSince(em, actor, def, id, ch.baseVersion!) : new Map<string, ServerChange>();
  const changedSince = new Set(serverSide.keys());
  if (ch.op === 'delete') {
    if (!mayDelete(changedSince)) throw fail(409, t(actor.lang, 'msg.syncDeleteChanged'), 'version');
    await writer.delete(id, { within: em });
    return { ...base, result: 'applied' };
  }
  const { result, patch, conflicts } = mergeUpdate(current, data, changedSince);
  await writer.update(id, { ...patch, version }, { within: em });
  await afterPush(em, ctx, actor, def, id, false);
  const after = await kyselyByName(em).selectFrom(def.name).select('version').where('id', '=', id).executeTakeFirstOrThrow();
  if (conflicts.length) await logConflicts(em, ctx, actor, def, { ...ch, id }, current, version, conflicts, serverSide);
  return { ...base, result, version: Number(after.version), ...(conflicts.length ? { conflicts } : {}) };
}

/**
 * The row the server already holds that a new row made offline is (the table's `twinOf` hooks: a
 * manual tag of the same name, a case's link to the same tag), if the user's view holds it: the
 * upload is answered `merged` with its id and nothing is written.
 */
async function twinOf(em: Em, ctx: AppContext, actor: Session, def: TableDef, id: string, doc: Doc): Promise<{ id: string; version: number } | undefined> {
  for (const h of ctx.modules.hooks(def.name).filter((h) => h.twinOf)) {
    const twin = await h.twinOf!({ em, ctx, session: actor, def, id, doc });
    const row = twin ? await TableStore.of(ctx.registry, def, em, actor, 'write').read(twin) : undefined;
    if (row) return { id: twin!, version: Number(row.version) };
  }
  return undefined;
}

/**
 * The rows made by a client of the workspace that the server took as rows of its own (an upload
 * answered `merged` with another row's id) and the rows users of the uploader's unit made offline
 * (applied creates), among `ids` (the changes' rows and the rows their top-level references name).
 * A link made offline to a tag the server took as its own tag of that name names the server's tag,
 * in this upload or a later one (the batch learns this upload's answers as they come).
 */
async function madeOffline(em: Em, s: Session, ids: string[]): Promise<{ taken: Map<string, string>; own: Set<string> }> {
  const db = kysely(em);
  const rows = ids.length
    ? await db
        .selectFrom('syncpush').select(['row_id', 'result', 'pushed_by', sql<string>`answer->>'id'`.as('taken_as')])
        .where('workspace_id', '=', s.workspaceId).where('op', '=', 'create').where('result', 'in', ['merged', 'applied']).where('row_id', 'in', ids)
        .execute()
    : [];
  const unitUsers = rows.some((r) => r.result === 'applied')
    ? new Set((await db.selectFrom('userws').select('user_id').where('workspace_id', '=', s.workspaceId).where('unit_id', '=', s.unitId).execute()).map((r) => String(r.user_id)))
    : new Set<string>();
  return {
    taken: new Map(rows.filter((r) => r.result === 'merged' && r.taken_as && r.taken_as !== String(r.row_id)).map((r) => [String(r.row_id), r.taken_as])),
    own: new Set(rows.filter((r) => r.result === 'applied' && unitUsers.has(String(r.pushed_by))).map((r) => String(r.row_id))),
  };
}

/** The change's data with its top-level references to taken rows naming the server's rows. */
function repointed(def: TableDef, data: Doc, taken: Map<string, string>): Doc {
  if (!taken.size) return data;
  const out = { ...data };
  for (const f of def.fields) if (f.kind === 'ref' && f.path.length === 1 && typeof out[f.key] === 'string') out[f.key] = taken.get(String(out[f.key]).toLowerCase()) ?? out[f.key];
  return out;
}

/** The table's `afterPush` hooks, given the row as written. */
async function afterPush(em: Em, ctx: AppContext, actor: Session, def: TableDef, id: string, isNew: boolean): Promise<void> {
  const hooks = ctx.modules.hooks(def.name).filter((h) => h.afterPush);
  if (!hooks.length) return;
  const doc = (await TableStore.of(ctx.registry, def, em, actor, 'write').read(id)) as Doc;
  for (const h of hooks) await h.afterPush!({ em, ctx, session: actor, def, id, isNew, doc });
}

/**
 * The reference fields of a new row that name rows a client of the same unit created (a case → the
 * patient made offline just before it, uploaded by a user of the unit): like a composed form's parts
 * saved together, they are not checked against the user's view, where the patient enters only through
 * the case. A row another unit's client created stays behind that unit's view.
 */
function linkedToOwnRows(def: TableDef, data: Doc, own: Set<string>): string[] {
  return def.fields.filter((f) => f.kind === 'ref' && f.path.length === 1 && typeof data[f.key] === 'string' && own.has(String(data[f.key]).toLowerCase())).map((f) => f.key);
}
