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
 * The rule (which fields merge, which conflict) is the pure `merge.ts`.
 * The answer is stored with the change's id (`syncpush`) in the transaction that applied it, so a
 * retried upload is answered again and never applied twice — to its own uploader only.
 */
import { sql } from 'kysely';
import type { JsonSchema, TableDef } from '../../engine/types.ts';
import { t } from '../../engine/i18n.ts';
import { writePermission } from '../../engine/write-permission.ts';
import type { FieldError } from '../../engine/validate.ts';
import { kysely } from '../db/kysely.ts';
import type { Em } from '../db/orm.ts';
import { ApiError, fail } from '../http/errors.ts';
import { hasPermission } from '../http/middleware.ts';
import { TableStore } from '../tbl/store.ts';
import { systemInsert } from '../tbl/system-write.ts';
import { TableWriter } from '../tbl/write.ts';
import { changedFields, isStale, mayDelete, mergeUpdate, type FieldConflict } from './merge.ts';
import type { AppContext, Doc, Session } from '../types.ts';

/** At most this many changes in one upload: the client sends more in several. */
export const PUSH_MAX = 200;

/** One change the client made, as it uploads it. */
export interface ClientChange {
  /** The client's id of this change (a uuid): the key of idempotence. */
  changeId: string;
  table: string;
  op: 'create' | 'update' | 'delete';
  /** The row's id; a row created offline carries the id the client gave it. */
  id: string;
  /** update / delete: the version of the row the client's copy was based on. */
  baseVersion?: number;
  /** create: the row; update: the fields changed (a child table whole). */
  data?: Doc;
  /**
   * Who the client says made the change (a user of the client's unit). Kept with the answer as the
   * client's word only: the change is applied as the uploader, with the uploader's rights.
   */
  userId?: string;
  /** When it was made on the client (dated now if later; the row's previous change or the uploader's last synchronisation if earlier). */
  at: string;
}

export type PushResult = 'applied' | 'merged' | 'conflict' | 'rejected';

/** What the server answers for one change. */
export interface PushAnswer {
  changeId: string;
  id: string;
  result: PushResult;
  /** The row's version after the change (not for a rejection or a delete). */
  version?: number;
  /** conflict: the fields whose server value was kept. */
  conflicts?: FieldConflict[];
  /** rejected: why. */
  errors?: FieldError[];
}

const UUID = { type: 'string', format: 'uuid' } as const;
export const pushBody: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['changes'],
  properties: {
    changes: {
      type: 'array',
      maxItems: PUSH_MAX,
      items: {
        type: 'object',
        additionalProperties: false,
        required: ['changeId', 'table', 'op', 'id', 'at'],
        properties: {
          changeId: UUID,
          table: { type: 'string', maxLength: 63 },
          op: { type: 'string', enum: ['create', 'update', 'delete'] },
          id: UUID,
          baseVersion: { type: 'integer', minimum: 1, maximum: 2147483647 },
          data: { type: 'object' },
          userId: UUID,
          at: { type: 'string', format: 'date-time' },
        },
      },
    },
  },
};

/**
 * Applies an upload in order, each change in its own transaction (one refused change does not undo
 * the others), and answers each.
 * @example await applyPush(ctx, session, [{ changeId, table: 'tbcase', op: 'update', id, baseVersion: 3, data: { caseNumber: 'Б-7' }, at }])
 */
export async function applyPush(ctx: AppContext, pusher: Session, changes: ClientChange[]): Promise<PushAnswer[]> {
  const out: PushAnswer[] = [];
  for (const ch of changes) out.push(await applyOne(ctx, pusher, ch));
  return out;
}

async function applyOne(ctx: AppContext, pusher: Session, ch: ClientChange): Promise<PushAnswer> {
  const known = await storedAnswer(ctx.orm.em.fork(), pusher, ch);
  if (known) return known;
  try {
    return await ctx.orm.em.fork().transactional(async (em) => {
      const actor = { ...pusher, actedAt: await actedAt(em, pusher, ch) };
      const answer = await writeChange(em, ctx, actor, ch);
      await storeAnswer(em, actor, ch, answer);
      return answer;
    });
  } catch (e) {
    // the same change uploaded twice at once: the other upload applied it
    const again = await storedAnswer(ctx.orm.em.fork(), pusher, ch);
    if (again) return again;
    const refused = e instanceof ApiError ? e : ctx.registry.tables.has(ch.table) ? new TableWriter(ctx, ctx.registry.table(ch.table), pusher).constraintError(e) : undefined;
    if (!refused) throw e;
    const answer: PushAnswer = { changeId: ch.changeId, id: ch.id, result: 'rejected', errors: refused.errors };
    await ctx.orm.em.fork().transactional(async (em) => storeAnswer(em, { ...pusher, actedAt: await actedAt(em, pusher, ch) }, ch, answer, true));
    return (await storedAnswer(ctx.orm.em.fork(), pusher, ch)) ?? answer;
  }
}

/**
 * When the change counts as made: the client's `at`, but never later than now, nor earlier than what
 * the server knows came before it — the row's change that made the version the client edited (an edit
 * is made on a copy the server sent; the server's changes since may be later), the uploader's last synchronisation (the last time they read the feed to its end: what the
 * client held then was sent then) and the uploader's membership of the workspace. A client's clock
 * (or a forged upload) cannot date a change in the past.
 * @example await actedAt(em, session, { at: '1999-01-01T00:00:00Z', … }) // the row's last change's time, or later
 */
export async function actedAt(em: Em, pusher: Session, ch: Pick<ClientChange, 'table' | 'id' | 'op' | 'at' | 'baseVersion'>): Promise<Date> {
  const now = Date.now();
  const said = Math.min(Date.parse(ch.at), now);
  const db = kysely(em);
  const floor = await db
    .selectNoFrom((e) => [
      ch.op === 'create'
        ? sql<Date | null>`null::timestamptz`.as('row_at')
        : e.selectFrom('changelog').select((c) => c.fn.max('changed_at').as('m'))
            .where('workspace_id', '=', pusher.workspaceId).where('table_name', '=', ch.table).where('row_id', '=', ch.id.toLowerCase())
            .$if(ch.baseVersion != null, (q) => q.where('row_version', '<=', ch.baseVersion!))
            .as('row_at'),
      e.selectFrom('syncreader').select('caught_up_at').where('workspace_id', '=', pusher.workspaceId).where('user_id', '=', pusher.userId).as('synced_at'),
      e.selectFrom('userws').select('created_at').where('workspace_id', '=', pusher.workspaceId).where('user_id', '=', pusher.userId).limit(1).as('member_at'),
    ])
    .executeTakeFirstOrThrow();
  const bounds = [floor.row_at, floor.synced_at, floor.member_at].filter((v) => v != null).map((v) => new Date(v as Date | string).getTime());
  return new Date(Math.min(now, Math.max(said, ...bounds)));
}

/**
 * Whether the session may make the operation on the table's rows offline: the generic API's write
 * permission, or one of the table's `x-table.push` permissions for it (the domain forms' and actions').
 * @example mayPush(doctor, registry.table('patient'), 'create') // true: NEWCASE
 */
export function mayPush(s: Session, def: TableDef, op: ClientChange['op']): boolean {
  const needed = writePermission(def.meta, op);
  return !needed || hasPermission(s, needed) || (def.meta.push?.[op] ?? []).some((p) => hasPermission(s, p));
}

/** The change written through the writer, with the merge of fields the server changed meanwhile. */
async function writeChange(em: Em, ctx: AppContext, actor: Session, ch: ClientChange): Promise<PushAnswer> {
  const def = ctx.registry.apiTable(ch.table);
  if (!def) throw fail(400, t(actor.lang, 'msg.unknownTable'), 'table');
  if (!mayPush(actor, def, ch.op)) throw fail(403, t(actor.lang, 'msg.forbidden'));
  const writer = new TableWriter(ctx, def, actor);
  // rows of the client's that the server took as its own (a tag typed offline under a name the server has): named by the server's ids
  const taken = await takenAs(em, actor, def, ch);
  const id = taken.get(ch.id) ?? ch.id;
  const data = repointed(def, ch.data ?? {}, taken);
  const base = { changeId: ch.changeId, id };
  if (ch.op === 'create') {
    const twin = await twinOf(em, ctx, actor, def, ch.id, data);
    if (twin) return { ...base, id: twin.id, result: 'merged', version: twin.version };
    await writer.create({ ...data, id: ch.id }, undefined, em, { linked: await linkedToOwnRows(em, actor, def, data) });
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
  const after = await kysely(em).selectFrom(def.name).select('version').where('id', '=', id).executeTakeFirstOrThrow();
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
 * answered `merged` with another row's id), among the change's row and the rows its top-level
 * references name: the server's id by the client's. A link made offline to a tag the server took as its
 * own tag of that name names the server's tag, in this upload or a later one.
 */
async function takenAs(em: Em, s: Session, def: TableDef, ch: ClientChange): Promise<Map<string, string>> {
  const refs = def.fields.filter((f) => f.kind === 'ref' && f.path.length === 1 && typeof ch.data?.[f.key] === 'string').map((f) => String(ch.data![f.key]).toLowerCase());
  const ids = [...new Set([ch.id.toLowerCase(), ...refs])];
  const rows = await kysely(em)
    .selectFrom('syncpush').select(['row_id', sql<string>`answer->>'id'`.as('taken_as')])
    .where('workspace_id', '=', s.workspaceId).where('op', '=', 'create').where('result', '=', 'merged').where('row_id', 'in', ids)
    .execute();
  return new Map(rows.filter((r) => r.taken_as && r.taken_as !== String(r.row_id)).map((r) => [String(r.row_id), r.taken_as]));
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
async function linkedToOwnRows(em: Em, s: Session, def: TableDef, data: Doc): Promise<string[]> {
  const refs = def.fields.filter((f) => f.kind === 'ref' && f.path.length === 1 && typeof data[f.key] === 'string');
  if (!refs.length) return [];
  const own = await kysely(em)
    .selectFrom('syncpush').select('row_id')
    .where('workspace_id', '=', s.workspaceId).where('op', '=', 'create').where('result', '=', 'applied')
    .where('row_id', 'in', refs.map((f) => String(data[f.key]).toLowerCase()))
    .where('pushed_by', 'in', kysely(em).selectFrom('userws').select('user_id').where('workspace_id', '=', s.workspaceId).where('unit_id', '=', s.unitId))
    .execute();
  const ids = new Set(own.map((r) => String(r.row_id)));
  return refs.filter((f) => ids.has(String(data[f.key]).toLowerCase())).map((f) => f.key);
}

/** Who made a server's change of a field, and when. */
interface ServerChange {
  userId: string | null;
  at: string | null;
}

/**
 * The fields of a row the feed says changed after version `base` (a child table counts as one field),
 * each with the last change that made it: who and when.
 */
async function fieldsChangedSince(em: Em, s: Session, def: TableDef, id: string, base: number): Promise<Map<string, ServerChange>> {
  const rows = await kysely(em)
    .selectFrom('changelog').select(['data', 'user_id', 'changed_at'])
    .where('workspace_id', '=', s.workspaceId).where('table_name', '=', def.name).where('row_id', '=', id)
    .where('row_version', '>', base).where('op', 'in', ['create', 'update'])
    .orderBy('row_version')
    .execute();
  const out = new Map<string, ServerChange>();
  for (const r of rows) {
    const by: ServerChange = { userId: r.user_id ? String(r.user_id) : null, at: r.changed_at ? new Date(r.changed_at as string).toISOString() : null };
    for (const field of changedFields([parsed(r.data)])) out.set(field, by);
  }
  return out;
}

const parsed = (v: unknown): Doc | null => (typeof v === 'string' ? JSON.parse(v) : (v as Doc | null));

/** The row at the top of the row's parent chain (a case for its exams), to show the conflict there. */
async function rootOf(em: Em, ctx: AppContext, def: TableDef, row: Doc, id: string): Promise<string> {
  let table = def;
  let rootId = id;
  let parentId: unknown = table.meta.parent ? row[table.meta.parent] : undefined;
  for (let depth = 0; table.meta.parent && typeof parentId === 'string' && depth < 5; depth++) {
    rootId = parentId;
    table = ctx.registry.table(table.fields.find((f) => f.key === table.meta.parent)!.ref!);
    if (!table.meta.parent) break;
    const column = table.fields.find((f) => f.key === table.meta.parent)!.column;
    parentId = (await kysely(em).selectFrom(table.name).select(`${column} as p`).where('id', '=', rootId).executeTakeFirst())?.p;
  }
  return rootId;
}

/** Logs each field the server kept over the client's value, through the writer's system door (fed, versioned). */
async function logConflicts(em: Em, ctx: AppContext, actor: Session, def: TableDef, ch: ClientChange, current: Doc, version: number, conflicts: NonNullable<PushAnswer['conflicts']>, serverSide: Map<string, ServerChange>): Promise<void> {
  const rootId = await rootOf(em, ctx, def, current, ch.id);
  for (const c of conflicts) {
    await systemInsert({ em, ctx, session: actor }, 'syncconflict', crypto.randomUUID(), {
      tableName: def.name, rowId: ch.id, rootId, field: c.field, values: { server: c.server, client: c.client }, serverVersion: version,
      changeId: ch.changeId, userId: actor.userId || undefined, changedAt: new Date(actor.actedAt ?? new Date()).toISOString(), resolved: false,
      serverUserId: serverSide.get(c.field)?.userId ?? undefined, serverChangedAt: serverSide.get(c.field)?.at ?? undefined,
    }, 'action');
  }
}

/**
 * The stored answer of the change, for its own uploader only. Another user sending the same change id
 * learns nothing of it (not its result, not the values of a conflict): the change is refused, and
 * nothing is stored or applied.
 */
async function storedAnswer(em: Em, s: Session, ch: ClientChange): Promise<PushAnswer | undefined> {
  const r = await kysely(em).selectFrom('syncpush').select(['answer', 'pushed_by']).where('workspace_id', '=', s.workspaceId).where('change_id', '=', ch.changeId).executeTakeFirst();
  if (!r) return undefined;
  if (String(r.pushed_by) !== s.userId) return { changeId: ch.changeId, id: ch.id, result: 'rejected', errors: [{ field: 'changeId', msg: t(s.lang, 'msg.syncChangeIdTaken') }] };
  return parsed(r.answer) as unknown as PushAnswer;
}

/**
 * Stores the answer, with the uploader, the author the client named (its word only) and the time
 * the change counts as made; a second answer to one change fails (its transaction rolls back) unless
 * `once`: kept as it was.
 */
async function storeAnswer(em: Em, actor: Session, ch: ClientChange, answer: PushAnswer, once = false): Promise<void> {
  const insert = kysely(em)
    .insertInto('syncpush')
    .values({
      id: crypto.randomUUID(), workspace_id: actor.workspaceId, change_id: ch.changeId, table_name: ch.table.slice(0, 63), row_id: ch.id, op: ch.op,
      result: answer.result, answer: JSON.stringify(answer), user_id: ch.userId ?? actor.userId, changed_at: actor.actedAt ?? new Date(),
      pushed_by: actor.userId || null, pushed_at: new Date(),
    });
  await (once ? insert.onConflict((oc) => oc.doNothing()) : insert).execute();
}
