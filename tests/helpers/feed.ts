// Reading the change feed (`POST /api/sync/changes`, docs/sync-feed.md) as a client does. The feed
// trails the oldest write transaction running on the database server — another test file's too —
// so a test waits for what it expects rather than reading once.
import { expect } from 'vitest';
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../server/db/kysely.ts';
import type { ApiClient } from './server.ts';

export interface FeedChange { pos: string; table: string; id: string; op: string; version: number; data: Record<string, any> | null }

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * Reads the feed from `after` to its current end, page by page.
 * @example const { last } = await readFeed(admin) // the position to read on from
 */
export async function readFeed(client: ApiClient, after = '0.0'): Promise<{ changes: FeedChange[]; last: string }> {
  const changes: FeedChange[] = [];
  for (;;) {
    const r = await client.post('/api/sync/changes', { after, limit: 1000 });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    changes.push(...r.body.changes);
    after = r.body.last;
    if (!r.body.more) return { changes, last: after };
  }
}

/**
 * Reads on from `after` until `done` holds for what was read, at most 30 s.
 * @example await readUntil(admin, start, (cs) => cs.some((c) => c.id === id && c.op === 'delete'))
 */
export async function readUntil(client: ApiClient, after: string, done: (changes: FeedChange[]) => boolean): Promise<FeedChange[]> {
  const changes: FeedChange[] = [];
  for (const until = Date.now() + 30_000; ; ) {
    const page = await readFeed(client, after);
    changes.push(...page.changes);
    after = page.last;
    if (done(changes) || Date.now() > until) return changes;
    await sleep(100);
  }
}

/**
 * The position after which the feed holds nothing more of `rows` (id → the version last written): read
 * until each row is seen at that version, so a create or update the feed still trailed is not read
 * later as if it were new.
 * @example const start = await positionAfterRows(admin, { [caseId]: 1 })
 */
export async function positionAfterRows(client: ApiClient, rows: Record<string, number>, from = '0.0'): Promise<string> {
  const seen = await readUntil(client, from, (cs) => Object.entries(rows).every(([id, v]) => cs.some((c) => c.id === id && c.version >= v)));
  // a row the feed never shows at its version is a change a client of this view misses
  const missing = Object.entries(rows).filter(([id, v]) => !seen.some((c) => c.id === id && c.version >= v));
  expect(missing, 'rows the feed of this view never showed at their version').toEqual([]);
  return seen.at(-1)?.pos ?? from;
}

/**
 * Waits (at most 30 s) until the feed reaches every change the server's database `db` holds, so a
 * synchronisation started next is handed the change just written on the server.
 * @example await feedSettled(serverDb()); await syncThroughApi(doctor, PASSWORD)
 */
export async function feedSettled(db: Kysely<Database>): Promise<void> {
  for (const until = Date.now() + 30_000; Date.now() < until; await sleep(50)) {
    const { rows } = await sql<{ settled: boolean }>`
      select coalesce(max(tx_key), 0) < pg_snapshot_xmin(pg_current_snapshot())::text::bigint as settled from changelog`.execute(db);
    if (rows[0].settled) return;
  }
  throw new Error('the change feed stayed behind the database for 30 s');
}
