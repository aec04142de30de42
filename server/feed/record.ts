/**
 * The change feed (the contract: docs/sync-feed.md). Every change of a synchronised table (a
 * workspace table served by the API, unless `x-table.sync: false`) is recorded here during its
 * transaction and written to `changelog` once, just before that transaction commits (one statement
 * per 5,000 changes; transaction.ts calls {@link writeBuffered}). Nothing is locked for the feed:
 * writers of a workspace do not wait for each other.
 *
 * Order. A change row carries `tx_key` — its transaction's id (`pg_current_xact_id()`), raised to
 * the key of the latest change of any row it changes — and `seq`, a number of the plain sequence
 * `changelog_seq` taken at the commit. The feed is read in (tx_key, seq) order and only below the
 * reading snapshot's xmin (`read.ts`), which gives:
 * - no skips: a transaction whose id is below xmin has finished, so every change row of key < xmin
 *   is committed and visible (or rolled back: never); a change written later belongs to a
 *   transaction still running or not yet begun, whose id — hence key — is ≥ that xmin;
 * - per row, commit order: two transactions changing one row are ordered by its row lock, and the
 *   second computes its key after the first committed, from the first's change row: its key is ≥
 *   the first's, and on a tie its seq (taken later) is greater.
 *
 * Placement. Each row says which units' views see it (`units`; null: every reader of the table):
 * the row's own unit columns (`x-table.scope.unit`, `alsoUnit`), its parent's (`x-table.parent`),
 * or the units of the rows through which it is seen (`scope.via`: a patient, through their cases and
 * the contacts naming them).
 * A row placed by its own columns is placed from the document written; the others at the commit,
 * from the rows as they are then (a patient written before its case). A change that moves a row out of some units (a transfer) adds a `left` entry for it and for the
 * rows placed through it (its sub-records, its patient), placed in the units it left, with the units
 * still seeing it (`kept`): a client of the view that lost them learns to drop them. A delete is
 * placed where the row was, and lists the rows its delete cascades to as deletes too. A delete leaves
 * a tombstone: the id is never reused.
 */
import { sql, type Kysely } from 'kysely';
import type { Registry } from '../../engine/registry.ts';
import type { TableDef } from '../../engine/types.ts';
import { kysely, type Database } from '../db/kysely.ts';
import type { Em } from '../db/orm.ts';
import { onBeforeCommit, txState, type TxState } from '../db/transaction.ts';
import type { Doc } from '../types.ts';
import { changedValues } from './changed-values.ts';
import { noteWrites } from '../analytic/pending.ts';
import { cascaded, dependents, movedUnits, ownPlacement, placeDeleted, placementOf } from './placement.ts';
import { isSynchronised, type Change, type ChangeOp, type Writer } from './types.ts';

/** A change row waiting for the commit. `units` undefined: placed at the commit, from the row as it is then. */
interface Entry {
  registry: Registry;
  def: TableDef;
  w: string;
  t: string;
  r: string;
  o: ChangeOp;
  v: number;
  d: Doc | null;
  u?: string[] | null;
  k?: string[] | null;
  by: string | null;
  at: string;
}

const CHUNK = 5000;
/** A transaction that buffered this many changes writes them at once (a workspace's tag recompute). */
const BUFFER_MAX = 20_000;


/**
 * Records one change of a row for the feed, inside the transaction of the change; it is written
 * when that transaction commits (and never if it rolls back). Call it after an insert or update,
 * and BEFORE a delete (the rows the delete cascades to are listed then). An update passes `prev`
 * and `doc`, so a row leaving units is told to them; a delete passes `prev`.
 * @example await recordChange(em, registry, def, session, { rowId: id, op: 'update', version: 3, data: { name: 'B' }, prev, doc })
 */
export async function recordChange(em: Em, registry: Registry, def: TableDef, who: Writer, c: Change): Promise<void> {
  await recordChanges(em, registry, def, who, [c]);
}

/**
 * Records many changes of one table at once (batch writes: links of automatic tags, imports).
 * @example await recordChanges(em, registry, casetag, { workspaceId }, links.map((l) => ({ rowId: l.id, op: 'create', version: 1, data: { caseId: l.caseId, tagId: l.tagId } })))
 */
export async function recordChanges(em: Em, registry: Registry, def: TableDef, who: Writer, changes: Change[]): Promise<void> {
  // every door records here: the cases' analytic rows follow each change (server/analytic/pending.ts)
  await noteWrites(em, registry, def, who.workspaceId, changes);
  if (!isSynchronised(def) || !changes.length) return;
  const db = kysely(em);
  const at = new Date().toISOString();
  const entry = (t: TableDef, r: string, o: ChangeOp, v: number, d: Doc | null, u?: string[] | null, k?: string[] | null): Entry => ({
    registry, def: t, w: who.workspaceId, t: t.name, r, o, v, d, u, k, by: who.userId || null, at,
  });
  const out: Entry[] = [];
  const deletes = changes.filter((c) => c.op === 'delete');
  if (deletes.length) {
    const placed = await placeDeleted(db, registry, def, deletes);
    for (const c of deletes) out.push(entry(def, c.rowId, 'delete', c.version, namedBy(def, c.prev), placed.get(c.rowId) ?? null));
    for (const e of await cascaded(db, registry, def, deletes.map((c) => c.rowId))) out.push(entry(e.def, e.id, 'delete', e.version + 1, null, e.units));
  }
  for (const c of changes) {
    if (c.op === 'delete') continue;
    const moved = c.op === 'update' ? movedUnits(def, c.prev, c.doc) : undefined;
    // a row that enters units brings all its values: a client there may not hold it
    const data = moved?.gained.length && c.doc ? changedValues(undefined, c.doc) : (c.data ?? null);
    out.push(entry(def, c.rowId, c.op, c.version, data, ownPlacement(def, c.doc)));
    if (moved?.lost.length) {
      out.push(entry(def, c.rowId, 'left', c.version, null, moved.lost, moved.now));
      for (const e of await dependents(db, registry, def, c.rowId, moved)) out.push(entry(e.def, e.id, 'left', e.version, null, e.lost, e.kept));
    }
  }
  const state = txState(em);
  if (!state) return writeEntries(db, out);
  state.changes.push(...out);
  if (state.changes.length >= BUFFER_MAX) await writeBuffered(db, state);
}

/**
 * What a deleted row named: its references' ids (a case–tag link: its case and its tag), so that a
 * reader of the delete can tell which link went (an offline client uploads the removal of a manual
 * tag only); null without the row's document or references. Ids only: no value of the row outlives it.
 */
function namedBy(def: TableDef, prev: Doc | undefined): Doc | null {
  const refs = def.fields.filter((f) => f.kind === 'ref' && f.path.length === 1 && typeof prev?.[f.key] === 'string');
  return refs.length ? Object.fromEntries(refs.map((f) => [f.key, prev![f.key]])) : null;
}

/**
 * The changes of one row that the transaction `em` works in recorded and has not written yet (its
 * own and its released savepoints'), oldest first: a batch of writes in one transaction (an offline
 * client's upload) reads the feed's rows of a row together with these.
 * @example bufferedChanges(em, 'tbcase', id) // [{ op: 'update', version: 4, data: { state: 'CLOSED' }, userId, at }]
 */
export function bufferedChanges(em: Em, table: string, rowId: string): { op: ChangeOp; version: number; data: Doc | null; userId: string | null; at: string }[] {
  const states: TxState[] = [];
  for (let st = txState(em); st; st = st.parent) states.unshift(st);
  const id = rowId.toLowerCase();
  return states.flatMap((st) => (st.changes as Entry[]).filter((e) => e.t === table && e.r.toLowerCase() === id).map((e) => ({ op: e.o, version: e.v, data: e.d, userId: e.by, at: e.at })));
}

/**
 * Writes the changes a transaction buffered, inside it (transaction.ts runs it just before the commit).
 * @example onBeforeCommit(writeBuffered)
 */
export async function writeBuffered(db: Kysely<Database>, state: TxState): Promise<void> {
  const entries = state.changes as Entry[];
  if (!entries.length) return;
  state.changes = [];
  await writeEntries(db, entries);
}
onBeforeCommit(writeBuffered);

async function writeEntries(db: Kysely<Database>, entries: Entry[]): Promise<void> {
  // rows changed and still there are placed as they are now (a patient written before its case)
  const unplaced = new Map<TableDef, Entry[]>();
  for (const e of entries) if (e.u === undefined) unplaced.set(e.def, [...(unplaced.get(e.def) ?? []), e]);
  const gone = new Set<Entry>();
  for (const [def, list] of unplaced) {
    const placed = await placementOf(db, list[0].registry, def, [...new Set(list.map((e) => e.r))]);
    for (const e of list) {
      // deleted later in the same transaction: its delete is told
      if (!placed.has(e.r)) gone.add(e);
      else e.u = placed.get(e.r);
    }
  }
  const rows = entries.filter((e) => !gone.has(e));
  for (let i = 0; i < rows.length; i += CHUNK) await insertChunk(db, rows.slice(i, i + CHUNK));
}

/**
 * One statement: the key (this transaction's id, raised to the latest key of the rows' earlier
 * changes), one sequence number per change in the order recorded, the change rows, the tombstones.
 */
async function insertChunk(db: Kysely<Database>, rows: Entry[]): Promise<void> {
  const json = JSON.stringify(rows.map(({ registry: _r, def: _d, ...e }) => e));
  await sql`
    with e as (select x, ord from jsonb_array_elements(${json}::jsonb) with ordinality as e(x, ord)),
    k as (select greatest(pg_current_xact_id()::text::bigint,
            coalesce((select max(l.tx_key) from e cross join lateral (select c.tx_key from changelog c
              where c.workspace_id = (e.x->>'w')::uuid and c.table_name = e.x->>'t' and c.row_id = (e.x->>'r')::uuid
              order by c.tx_key desc limit 1) l), 0)) as key),
    s as (select n.seq, row_number() over (order by n.seq) as ord from (select nextval('changelog_seq') as seq from generate_series(1, ${rows.length}::int)) n),
    stones as (insert into tombstone (id, workspace_id, table_name, row_id, row_version, deleted_at)
      select gen_random_uuid(), (e.x->>'w')::uuid, e.x->>'t', (e.x->>'r')::uuid, (e.x->>'v')::int, (e.x->>'at')::timestamptz from e where e.x->>'o' = 'delete'
      on conflict do nothing returning 1)
    insert into changelog (id, workspace_id, tx_key, seq, table_name, row_id, op, row_version, data, units, kept, user_id, changed_at)
    select gen_random_uuid(), (e.x->>'w')::uuid, k.key, s.seq, e.x->>'t', (e.x->>'r')::uuid, e.x->>'o', (e.x->>'v')::int,
           nullif(e.x->'d', 'null'::jsonb), nullif(e.x->'u', 'null'::jsonb), nullif(e.x->'k', 'null'::jsonb), (e.x->>'by')::uuid, (e.x->>'at')::timestamptz
      from e join s on s.ord = e.ord cross join k`.execute(db);
}

/** Whether a row id was deleted before (a create may not bring it back). */
export async function isTombstoned(em: Em, rowId: string): Promise<boolean> {
  return !!(await kysely(em).selectFrom('tombstone').select('id').where('row_id', '=', rowId).executeTakeFirst());
}
