/**
 * The table writer's door for changes no user typed into the row: values derived from other rows
 * (a case's latest exam results and culture conversion, its adherence alert), an invitation its
 * account's owner answered, a self-registration. Like `TableWriter` (./write.ts) it bumps the row's
 * version and appends the change feed (server/feed/record.ts) in the caller's transaction, so an
 * offline client sees the change; unlike it, it runs no form validation or table hooks (the caller
 * computed the values), and writes a command-history entry only when its cause is a user's command —
 * derived values never flood the history.
 */
import type { HistoryDetail } from '../history/describe.ts';
import { recordCommand } from '../history/record.ts';
import { sql } from 'kysely';
import type { Em } from '../db/orm.ts';
import { reloadIdentitiesOnCommit } from './identity-tables.ts';
import { kysely, kyselyByName } from '../db/kysely.ts';
import type { AppContext, Doc, Session } from '../types.ts';
import { changedValues } from '../feed/changed-values.ts';
import { recordChange } from '../feed/record.ts';
import { noteWrites } from '../analytic/pending.ts';
import { docToRow, rowToDoc } from './rows.ts';
import { TableStore } from './store.ts';
import { storeWrites } from './store-writes.ts';
import { wroteTable } from '../db/lookup-cache.ts';
import { batchRow } from '../db/batch-rows.ts';
import type { Field, TableDef } from '../../engine/types.ts';

/**
 * Why a row changes without a user's edit of it, named at every call:
 * - `'derived'` — values computed from other rows (the case's columns fed by its exams and its
 *   calendar, the automatic tags' links, the case-number counter): no history entry;
 * - `'action'` — rows a user's request writes beside the row it names, whose own history entry tells
 *   them (a case's manual tags' links, the account behind a workspace user, a new password), or a
 *   preference that keeps none (the language): no entry here;
 * - a `SystemCommand` — the user's command the write carries out (an invitation accepted, the licence
 *   accepted, one's own settings): written to the command history as that command.
 */
export type SystemCause = 'derived' | 'action' | SystemCommand;

/** A user's command a system write carries out: its history entry. */
export interface SystemCommand {
  action: string;
  entityName?: string;
  /** The command type, when not the table's name (a registration is `sysuser.register`). */
  type?: string;
  /** The entry's entity, when not the written row (a registration names the account). */
  entityId?: string;
  detail?: HistoryDetail;
}

/** Where a system write happens: its transaction, the app, and who caused it (a user's session, or `systemSession`). */
export interface SystemWriteContext {
  em: Em;
  ctx: AppContext;
  session: Session;
}

/**
 * Sets `values` on the row `id` of `table` (in the session's workspace) when they differ from the
 * stored ones: the version bumped, the change fed (only the values that changed); nothing when
 * nothing differs. Answers the row's version after the write (undefined: no such row).
 * @example await systemUpdate({ em, ctx, session }, 'tbcase', caseId, { microscopyResult: 'PLUS2', microscopyDate: '2025-01-03' }, 'derived')
 */
export async function systemUpdate(x: SystemWriteContext, table: string, id: string, values: Doc, cause: SystemCause): Promise<number | undefined> {
  const def = x.ctx.registry.table(table);
  const fields = def.fields.filter((f) => f.key in values && f.kind !== 'none' && f.kind !== 'via');
  // a row an import's chunk made is as it wrote it, and locked by its transaction already
  const made = madeRowOf(x, def, id, fields);
  wroteTable(x.em, table, { id, columns: docToRow(fields, values) });
  reloadIdentitiesOnCommit(x.em, x.ctx, table);
  let q = kyselyByName(x.em).selectFrom(table).select(['version', ...fields.map((f) => f.column)]).where('id', '=', id);
  if (def.meta.workspace) q = q.where('workspace_id', '=', x.session.workspaceId);
  const row = made ?? (await q.forUpdate().executeTakeFirst());
  if (!row) return undefined;
  const prev = rowToDoc(fields, row, { hidden: true });
  const changed = changedValues(Object.fromEntries(fields.map((f) => [f.key, prev[f.key] ?? null])), Object.fromEntries(fields.map((f) => [f.key, values[f.key] ?? null])));
  if (!Object.keys(changed).length) return Number(row.version);
  const done = await kyselyByName(x.em)
    .updateTable(table)
    .set({ ...docToRow(fields, values), version: Number(row.version) + 1, updated_at: new Date() })
    .where('id', '=', id)
    .returning('version')
    .executeTakeFirstOrThrow();
  const version = Number(done.version);
  wroteTable(x.em, table, { id, columns: { version } });
  await recordChange(x.em, x.ctx.registry, def, x.session, { rowId: id, op: 'update', version, data: changed, prev, doc: { ...prev, ...values } });
  await logCommand(x, table, id, cause);
  return version;
}

/**
 * The version and `fields`' columns of the row `id` when the batch `x.em` works in made it
 * (server/db/batch-rows.ts) and holds them as a read would answer them (plain values, dates as
 * YYYY-MM-DD); else undefined: read it.
 */
function madeRowOf(x: SystemWriteContext, def: TableDef, id: string, fields: Field[]): Record<string, unknown> | undefined {
  const row = batchRow(x.em, def.name, id);
  if (!row || typeof row.version !== 'number' || (def.meta.workspace && row.workspace_id !== x.session.workspaceId)) return undefined;
  const plain = (f: Field, v: unknown) =>
    v === null || typeof v === 'boolean' || typeof v === 'number' || (typeof v === 'string' && f.kind !== 'json' && f.format !== 'date-time' && (f.format !== 'date' || /^\d{4}-\d{2}-\d{2}$/.test(v)));
  return fields.every((f) => f.column in row && plain(f, row[f.column])) ? row : undefined;
}

/**
 * Inserts a row of `table` with `doc` (and its child rows' plain values) as version 1, fed as a create.
 * @example await systemInsert({ em, ctx, session }, 'userws', id, { userId, unitId, profiles: [profileId], … }, { action: 'register', type: 'sysuser' })
 */
export async function systemInsert(x: SystemWriteContext, table: string, id: string, doc: Doc, cause: SystemCause): Promise<void> {
  wroteTable(x.em, table, { id, columns: null });
  const def = x.ctx.registry.table(table);
  reloadIdentitiesOnCommit(x.em, x.ctx, table);
  // the caller decided the row belongs here (its cause): no user's view applies
  await storeWrites(TableStore.unscoped(`system write of ${table}`, def, x.em, x.session.workspaceId)).insert(id, doc);
  await recordChange(x.em, x.ctx.registry, def, x.session, { rowId: id, op: 'create', version: 1, data: changedValues(undefined, doc) });
  await logCommand(x, table, id, cause);
}

/**
 * Deletes the row `id` of `table` (its child rows cascade), fed as a delete with its tombstone.
 * @example await systemDelete({ em, ctx, session }, 'userws', id, { action: 'decline', entityName: 'Иванов И.' })
 */
export async function systemDelete(x: SystemWriteContext, table: string, id: string, cause: SystemCause): Promise<boolean> {
  wroteTable(x.em, table, { id, columns: null });
  const def = x.ctx.registry.table(table);
  reloadIdentitiesOnCommit(x.em, x.ctx, table);
  let q = kyselyByName(x.em).selectFrom(table).select('version').where('id', '=', id);
  if (def.meta.workspace) q = q.where('workspace_id', '=', x.session.workspaceId);
  const row = await q.forUpdate().executeTakeFirst();
  if (!row) return false;
  // fed before the delete: the feed lists the rows it cascades to while they are there
  await recordChange(x.em, x.ctx.registry, def, x.session, { rowId: id, op: 'delete', version: Number(row.version) + 1 });
  await kyselyByName(x.em).deleteFrom(table).where('id', '=', id).execute();
  await logCommand(x, table, id, cause);
  return true;
}

/**
 * Raises the counter `field` of the workspace's one row of `table` (a table unique by workspace:
 * the case numbers' `casecounter`) by `by` (one, or the numbers a batch handed out), making the row
 * at `by` when there is none, in one upsert whose row lock makes concurrent callers wait for each
 * other and get successive numbers (a rolled-back caller gives its number back). The version
 * bumped, the change fed like any write. Answers the new count.
 * @example await systemIncrement({ em, ctx, session }, 'casecounter', 'last', 'derived') // 42
 */
export async function systemIncrement(x: SystemWriteContext, table: string, field: string, cause: SystemCause, by = 1): Promise<number> {
  wroteTable(x.em, table);
  const def = x.ctx.registry.table(table);
  const f = def.fields.find((d) => d.key === field && d.kind !== 'none');
  if (!f || !Number.isInteger(by) || by < 1) throw new Error(`systemIncrement: ${table} has no field ${field}, or ${by} is no count`);
  const col = sql.id(f.column);
  const r = await sql<{ id: string; n: number; version: number }>`
    insert into ${sql.table(table)} (id, workspace_id, ${col}) values (${crypto.randomUUID()}, ${x.session.workspaceId}, ${by})
    on conflict (workspace_id) do update set ${col} = ${sql.table(table)}.${col} + ${by}, version = ${sql.table(table)}.version + 1, updated_at = now()
    returning id, ${col} as n, version`.execute(kysely(x.em));
  const { id, n, version } = r.rows[0];
  const data = { [field]: Number(n) };
  await recordChange(x.em, x.ctx.registry, def, x.session, { rowId: String(id), op: version === 1 ? 'create' : 'update', version: Number(version), data });
  await logCommand(x, table, String(id), cause);
  return Number(n);
}

/**
 * Adds `delta` to the counter `field` of the row of `table` named by `key` (the values of one of the
 * table's declared unique keys, in the session's workspace): a balance kept beside a ledger (a
 * batch's stock on hand beside its movements). A positive delta makes the row (`key` and `delta`,
 * version 1) when there is none; a change that would take the counter below `floor` writes nothing
 * and answers undefined. One statement, whose row lock makes concurrent callers of one row wait for
 * each other and each see the other's result, so no change is lost or doubled and the counter never
 * passes the floor. Version bumped, change fed like any write. Answers the row's id and new value.
 * @example await systemAddTo({ em, ctx, session }, 'stockbatch', { unitId, productId, sourceId, batchNumber, manufacturer, expiryDate }, 'quantity', -10, 'derived') // { id, value: 90 } or undefined
 */
export async function systemAddTo(x: SystemWriteContext, table: string, key: Doc, field: string, delta: number, cause: SystemCause, floor = 0): Promise<{ id: string; value: number } | undefined> {
  wroteTable(x.em, table);
  const def = x.ctx.registry.table(table);
  const f = def.fields.find((d) => d.key === field && d.kind !== 'none');
  const keyFields = def.fields.filter((d) => d.key in key);
  if (!f || !Number.isInteger(delta) || keyFields.length !== Object.keys(key).length) throw new Error(`systemAddTo: ${table}.${field} by ${Object.keys(key)}`);
  const unique = (def.meta.unique ?? []).find((u) => u.length === keyFields.length && u.every((k) => k in key));
  if (!unique) throw new Error(`systemAddTo: ${Object.keys(key)} is no unique key of ${table}`);
  const T = sql.table(table);
  const col = sql.id(f.column);
  const keyRow = docToRow(keyFields, key);
  const keyCols = Object.keys(keyRow);
  const db = kysely(x.em);
  const r =
    delta > 0
      ? await sql<{ id: string; n: number; version: number }>`
    insert into ${T} (id, workspace_id, ${sql.join(keyCols.map((c) => sql.id(c)))}, ${col})
    values (${crypto.randomUUID()}, ${x.session.workspaceId}, ${sql.join(keyCols.map((c) => keyRow[c]))}, ${delta})
    on conflict (workspace_id, ${sql.join(keyCols.map((c) => sql.id(c)))}) do update set ${col} = ${T}.${col} + ${delta}, version = ${T}.version + 1, updated_at = now()
    returning id, ${col} as n, version`.execute(db)
      : await sql<{ id: string; n: number; version: number }>`
    update ${T} set ${col} = ${col} + ${delta}, version = version + 1, updated_at = now()
    where workspace_id = ${x.session.workspaceId} and ${sql.join(keyCols.map((c) => sql`${sql.id(c)} = ${keyRow[c]}`), sql` and `)} and ${col} + ${delta} >= ${floor}
    returning id, ${col} as n, version`.execute(db);
  const row = r.rows[0];
  if (!row) return undefined;
  const version = Number(row.version);
  const doc = { ...key, [field]: Number(row.n) };
  await recordChange(x.em, x.ctx.registry, def, x.session, version === 1
    ? { rowId: String(row.id), op: 'create', version, data: changedValues(undefined, doc), doc }
    : { rowId: String(row.id), op: 'update', version, data: { [field]: Number(row.n) }, prev: doc, doc });
  await logCommand(x, table, String(row.id), cause);
  return { id: String(row.id), value: Number(row.n) };
}

/**
 * A command's history entry (none for derived values, nor for an action's other rows).
 * @example await logCommand(x, 'userws', id, { action: 'accept' })
 */
export async function logCommand(x: SystemWriteContext, table: string, id: string, cause: SystemCause): Promise<void> {
  if (cause === 'derived' || cause === 'action') return;
  await recordCommand(x.em, x.session, { type: cause.type ?? table, action: cause.action, entityId: cause.entityId ?? id, entityName: cause.entityName, detail: cause.detail });
}

/** A row change the offline client received from the server's feed (server/sync/client/apply.ts). */
export interface ReplicaChange {
  table: string;
  id: string;
  op: 'create' | 'update' | 'delete' | 'left';
  /** The row's version on the server after the change: the copy takes it. */
  version: number;
  /** create: the row's values; update: the values that changed (a child table whole). */
  data?: Doc | null;
  /** A row the client never edits (an account, a unit): left alone when the copy is already at this version. */
  unlessAt?: boolean;
}

/**
 * The offline client's door for the server's changes: the copy of the row made as the server's
 * (`create`, or an `update` of a row not held: inserted; `update`: the values merged into the held
 * row, child tables given whole; `delete`/`left`: removed, its child rows cascading) at the server's
 * version. No hooks (the server ran them: derived values and tags arrive as changes), no history and
 * no entry in the client's own change feed — that feed holds only the changes made on the client,
 * the ones it uploads. Answers what it did.
 * @example await systemReplicate({ em, ctx, session }, { table: 'tbcase', id, op: 'update', version: 4, data: { caseNumber: '000042' } }) // 'updated'
 */
export async function systemReplicate(x: SystemWriteContext, c: ReplicaChange): Promise<'inserted' | 'updated' | 'removed' | 'none'> {
  wroteTable(x.em, c.table);
  const def = x.ctx.registry.table(c.table);
  reloadIdentitiesOnCommit(x.em, x.ctx, c.table);
  const store = TableStore.unscoped(`the server's change of ${c.table} copied by the offline client`, def, x.em, x.session.workspaceId);
  const rows = storeWrites(store);
  const setVersion = () => kyselyByName(x.em).updateTable(c.table).set({ version: c.version }).where('id', '=', c.id).execute();
  // the client's own reports read its cases' analytic rows: they follow the copy too
  const note = (op: 'create' | 'update' | 'delete', doc?: Doc) => noteWrites(x.em, x.ctx.registry, def, x.session.workspaceId, [{ rowId: c.id, op, data: c.data ?? undefined, doc }]);
  if (c.op === 'delete' || c.op === 'left') {
    await note('delete');
    return (await rows.delete(c.id)) ? 'removed' : 'none';
  }
  if (c.unlessAt) {
    const at = await kyselyByName(x.em).selectFrom(c.table).select('version').where('id', '=', c.id).executeTakeFirst();
    if (at && Number(at.version) === c.version) return 'none';
  }
  const held = await store.read(c.id, { lock: true, hidden: true });
  if (!held) {
    await rows.insert(c.id, { ...(c.data ?? {}) });
    await setVersion();
    await note('create', c.data ?? undefined);
    return 'inserted';
  }
  // child tables not named by the change are kept as held (the store writes every child table given)
  await rows.update(c.id, { ...held, ...(c.data ?? {}) });
  await setVersion();
  await note('update', { ...held, ...(c.data ?? {}) });
  return 'updated';
}
