/**
 * The offline client writing what the server sent: the slice of its unit's users (server/sync/slice.ts)
 * and the change feed's pages, each page in one transaction with the feed position it reaches — a
 * client stopped in the middle has applied whole pages and knows up to where, so the next
 * synchronisation neither skips nor doubles a change. Every row goes through the writer's replica door
 * (`systemReplicate`). References are checked at the commit: within a page a case may come before
 * the unit it names, and a row leaving the view goes before its sub-records' `left` entries.
 */
import { sql } from 'kysely';
import { kysely, kyselyByName } from '../../db/kysely.ts';
import type { Em } from '../../db/orm.ts';
import { systemSession } from '../../auth/system-session.ts';
import { systemReplicate, type ReplicaChange } from '../../tbl/system-write.ts';
import { systemReplicateNew, type ReplicaRow } from '../../tbl/replica-batch.ts';
import type { AppContext, Doc } from '../../types.ts';
import type { TableDef } from '../../../engine/types.ts';
import { rowToDoc } from '../../tbl/rows.ts';
import type { SliceRow } from '../slice.ts';
import type { FeedPage as FeedPageOf } from '../../feed/read.ts';
import { referenceRule, referencesOf } from '../references.ts';

/** A change as the feed gives it (docs/sync-feed.md). */
export interface FeedChange extends ReplicaChange {
  pos: string;
}

/** A feed page as the client applies it: `{changes, last, more}` (server/feed/read.ts). */
export type FeedPage = FeedPageOf<FeedChange>;

/** What applying counted: rows written and rows removed. */
export interface Applied {
  written: number;
  removed: number;
}

/**
 * Writes changes (feed or slice rows) into the client's database within `em`'s transaction, with the
 * references' checks deferred to its commit; tables this client does not know are skipped. Rows it
 * does not hold yet (a set-up's every row) are gathered and inserted a table at a time
 * (`systemReplicateNew`); a change of a row held, a removal, or a row of a table whose rows may have a
 * twin here (`twinOf`: tags, their links) goes through the replica door in its turn, after what was
 * gathered before it.
 * @example await applyChanges(em, ctx, workspaceId, page.changes) // { written: 500, removed: 0 }
 */
export async function applyChanges(em: Em, ctx: AppContext, workspaceId: string, changes: ReplicaChange[]): Promise<Applied> {
  await sql`set constraints all deferred`.execute(kysely(em));
  const x = { em, ctx, session: systemSession(workspaceId, '') };
  const out: Applied = { written: 0, removed: 0 };
  const known = changes.filter((c) => ctx.registry.tables.has(c.table));
  const held = await heldIds(em, known);
  /** New rows gathered, by table and id, in the order first met. */
  const fresh = new Map<string, Map<string, ReplicaRow>>();
  /** Rows this page wrote already (row by row, or gathered and inserted): their later changes go row by row. */
  const touched = new Set<string>();
  const flush = async () => {
    for (const [table, rows] of fresh) {
      await systemReplicateNew(x, table, [...rows.values()]);
      for (const id of rows.keys()) touched.add(`${table}:${id}`);
    }
    fresh.clear();
  };
  for (const c of known) {
    const key = `${c.table}:${c.id}`;
    const gathered = fresh.get(c.table)?.get(c.id);
    if (gathered && (c.op === 'create' || c.op === 'update')) {
      Object.assign(gathered, { version: c.version, data: { ...gathered.data, ...(c.data ?? {}) } });
      continue;
    }
    const isNew = (c.op === 'create' || c.op === 'update') && !held.has(key) && !touched.has(key) && !hasTwins(ctx, c.table);
    if (isNew) {
      if (!fresh.has(c.table)) fresh.set(c.table, new Map());
      fresh.get(c.table)!.set(c.id, { id: c.id, version: c.version, data: { ...(c.data ?? {}) } });
      out.written++;
      continue;
    }
    await flush();
    touched.add(key);
    out.removed += await localTwinsGiveWay(x, c);
    if (c.op === 'delete' || c.op === 'left') await clearReferencesTo(x, c.table, c.id);
    const done = await systemReplicate(x, c);
    if (done === 'removed') out.removed++;
    else if (done !== 'none') out.written++;
  }
  await flush();
  return out;
}

/** The `<table>:<id>` of the rows the changes name that the client holds. */
async function heldIds(em: Em, changes: ReplicaChange[]): Promise<Set<string>> {
  const byTable = new Map<string, Set<string>>();
  for (const c of changes) byTable.set(c.table, (byTable.get(c.table) ?? new Set()).add(c.id));
  const out = new Set<string>();
  for (const [table, ids] of byTable) {
    const list = [...ids];
    for (let i = 0; i < list.length; i += 1000) {
      for (const r of await kyselyByName(em).selectFrom(table).select('id').where('id', 'in', list.slice(i, i + 1000)).execute()) out.add(`${table}:${r.id}`);
    }
  }
  return out;
}

/** Whether rows of the table may have a twin made here (its `twinOf` hooks): those go row by row. */
const hasTwins = (ctx: AppContext, table: string) => ctx.modules.hooks(table).some((h) => h.twinOf);

/**
 * The slice's rows as changes: each row made as the server has it (a row already at its version is left).
 * @example sliceChanges(slice.rows) // [{ table: 'workspace', id, op: 'update', version: 3, data }]
 */
export const sliceChanges = (rows: SliceRow[]): ReplicaChange[] => rows.map((r) => ({ table: r.table, id: r.id, op: 'update', version: r.version, data: r.data, unlessAt: true }));

type Door = { em: Em; ctx: AppContext; session: ReturnType<typeof systemSession> };

/**
 * Before a row leaves the client, the `cleared` references naming it are emptied here (a dispensing of
 * the unit naming a case transferred away: server/sync/references.ts) — locally, the version kept, so the
 * server's copy keeps its value and nothing is sent.
 */
async function clearReferencesTo(x: Door, table: string, id: string): Promise<void> {
  for (const def of x.ctx.registry.tables.values()) {
    for (const r of referencesOf(def).filter((r) => !r.prop && r.field.ref === table && referenceRule(x.ctx.registry, r) === 'cleared')) {
      for (const row of await kyselyByName(x.em).selectFrom(def.name).select(['id', 'version']).where(r.field.column, '=', id).execute()) {
        await systemReplicate(x, { table: def.name, id: String(row.id), op: 'update', version: Number(row.version), data: { [r.field.key]: null } });
      }
    }
  }
}

/**
 * A row made here that is the same as a row arriving from the server under the server's id (the table's
 * `twinOf` hooks) gives way to it: a tag typed here under a name the server's tag has (the server took
 * it as its tag), a case's link to a tag made here and on the server, a case's automatic tag link the
 * client's own hooks made. The rows naming it are re-pointed to the server's row — or removed, when that
 * makes them the same as a row held (the case already linked to that tag) — and it is removed; its
 * changes stay in the client's feed, and the server answers them from its record or takes them as its
 * row's. Answers how many rows were removed.
 */
async function localTwinsGiveWay(x: Door, c: ReplicaChange): Promise<number> {
  if ((c.op !== 'create' && c.op !== 'update') || !c.data) return 0;
  const def = x.ctx.registry.table(c.table);
  const twin = await twinHeld(x, def, c.id, c.data);
  if (!twin) return 0;
  const removed = await repointReferences(x, c.table, twin, c.id);
  await systemReplicate(x, { table: c.table, id: twin, op: 'delete', version: 0 });
  return removed + 1;
}

/** The row held here, other than `id`, that the row `doc` (id `id`) of the table is the same as. */
async function twinHeld(x: Door, def: TableDef, id: string, doc: Doc): Promise<string | undefined> {
  for (const h of x.ctx.modules.hooks(def.name).filter((h) => h.twinOf)) {
    const twin = await h.twinOf!({ ...x, def, id, doc });
    if (twin) return twin;
  }
  return undefined;
}

/** Every row of an API table naming `from` of `table` names `to` instead, or goes when it then is the same as a row held. */
async function repointReferences(x: Door, table: string, from: string, to: string): Promise<number> {
  let removed = 0;
  for (const def of x.ctx.registry.tables.values()) {
    if (!x.ctx.registry.apiTable(def.name)) continue;
    for (const f of def.fields.filter((f) => f.kind === 'ref' && f.ref === table && f.path.length === 1)) {
      for (const row of await kyselyByName(x.em).selectFrom(def.name).selectAll().where(f.column, '=', from).execute()) {
        const id = String(row.id);
        if (await twinHeld(x, def, id, { ...rowToDoc(def.fields, row, { hidden: true }), [f.key]: to })) {
          await systemReplicate(x, { table: def.name, id, op: 'delete', version: 0 });
          removed++;
        } else {
          // a local correction through the replica door, its version kept: no history, nothing for the server (its feed answers the original change)
          await systemReplicate(x, { table: def.name, id, op: 'update', version: Number(row.version), data: { [f.key]: to } });
        }
      }
    }
  }
  return removed;
}
