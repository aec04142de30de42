/**
 * Reading the change feed (the contract: docs/sync-feed.md): a reader's changes after a position, in
 * feed order, of the tables it reads ({@link feedTables}) and placed in its view. Only changes of
 * transactions finished before the oldest one still running are answered (the snapshot's xmin), so a
 * change that commits late is never skipped (record.ts explains the order).
 */
import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/kysely.ts';
import { readerView, unitsInView } from '../scope/view.ts';
import type { Session } from '../types.ts';

/** One change as a reader gets it; `pos` is the position to ask after (`<txKey>.<seq>`). */
export interface FeedChange {
  pos: string;
  table: string;
  id: string;
  op: string;
  version: number;
  data: unknown;
  at: string;
}

/**
 * A page of the feed: `last` is the position to ask after next time; `more`: the page was cut at the
 * limit. The offline client reads it with its changes typed as it applies them (`C`).
 */
export interface FeedPage<C = FeedChange> {
  changes: C[];
  last: string;
  more: boolean;
}

/** The condition keeping the changes placed in the session's view (and the rows that left it). */
function inView(db: Kysely<Database>, s: Session) {
  const v = readerView(s);
  // the whole workspace loses no row to another unit
  if (v.kind === 'workspace') return sql<boolean>`c.op <> 'left'`;
  if (v.kind === 'none') return sql<boolean>`c.units is null`;
  const units = v.kind === 'unit' ? sql`select ${v.unitId}::text` : sql`select vu.id::text from (${unitsInView(db, s.workspaceId, v)}) vu`;
  const seen = (col: string) => sql`exists (select 1 from jsonb_array_elements_text(${sql.ref(col)}) pu where pu in (${units}))`;
  return sql<boolean>`(c.units is null or ${seen('c.units')}) and (c.op <> 'left' or c.kept is null or not ${seen('c.kept')})`;
}

/** A position `<txKey>.<seq>` (checked by the caller's body schema) as its two numbers. */
const parts = (after: string) => after.split('.') as [string, string];

/**
 * The session's changes after position `after` (`0.0`: the start) of `tables`, at most `limit`, in
 * one statement and one snapshot: the horizon (its xmin) and the changes below it.
 * @example await readFeed(db, session, ['tbcase', 'patient'], '0.0', 500) // { changes: [{ pos: '812.3', table: 'tbcase', … }], last: '812.3', more: true }
 */
export async function readFeed(db: Kysely<Database>, s: Session, tables: string[], after: string, limit: number): Promise<FeedPage> {
  const [afterKey, afterSeq] = parts(after);
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
  const more = found.length > limit;
  const changes = found.slice(0, limit).map((r) => ({ pos: `${r.tx_key}.${r.seq}`, table: r.table_name, id: r.row_id, op: r.op, version: Number(r.row_version), data: r.data ?? null, at: new Date(r.changed_at).toISOString() }));
  // caught up: every change below the horizon was read, and none can appear below it any more
  const caughtUp = BigInt(rows[0].horizon) > BigInt(afterKey) ? `${rows[0].horizon}.0` : `${afterKey}.${afterSeq}`;
  return { changes, last: more ? changes.at(-1)!.pos : caughtUp, more };
}

/**
 * How many changes there are after a position of the tables and the view a reader reads (a client's
 * progress: how many to expect).
 * @example await countAfter(db, session, ['tbcase'], '0.0') // 1742
 */
export async function countAfter(db: Kysely<Database>, s: Session, tables: string[], after: string): Promise<number> {
  const [afterKey, afterSeq] = parts(after);
  const r = await sql<{ n: string }>`
    select count(*)::text as n from changelog c
     where c.workspace_id = ${s.workspaceId} and (c.tx_key, c.seq) > (${afterKey}::bigint, ${afterSeq}::bigint)
       and c.table_name = any(${`{${tables.join(',')}}`}::text[]) and ${inView(db, s)}`.execute(db);
  return Number(r.rows[0].n);
}
