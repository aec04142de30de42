/**
 * Look-ups a batch of writes asks once. A caller writing many rows in one transaction (an import's
 * chunk: a hundred cases, each through the one writer) opens a cache with {@link cachingLookups};
 * inside it the writer's reads of rows the batch does not write — the unit a case names, its name for
 * the history entry, the workspace's WHO definitions — are asked of the database the first time and
 * answered from the cache after. A table the batch writes (through any of the writer's doors,
 * {@link wroteTable}) is never cached again in that batch: its answers could change under it (a
 * savepoint rolled back could even undo what a cached read saw). Outside such a batch every look-up
 * reads the database, as before. Nothing here knows any table.
 */
import { toldWrite } from './batch-rows.ts';
import type { Em } from './orm.ts';
import { txState, type Pending, type TxState } from './transaction.ts';

const KEY = 'lookup-cache';

/** The answers of one batch, by table and question; the tables it wrote. */
class LookupCache implements Pending {
  readonly answers = new Map<string, unknown>();
  readonly written = new Set<string>();
  /** Kept by the transaction that opened it: a savepoint never holds one of its own. */
  mergeInto(): void {}
}

const chain = (state: TxState | undefined): TxState[] => (state ? [state, ...chain(state.parent)] : []);
const cacheOf = (em: Em): LookupCache | undefined => chain(txState(em)).map((s) => s.pending.get(KEY) as LookupCache | undefined).find(Boolean);

/**
 * Opens the cache for the transaction `em` works in (until it ends).
 * @example await em.transactional(async (em) => { cachingLookups(em); for (const row of rows) await writeRow(em, row) })
 */
export function cachingLookups(em: Em): void {
  const state = txState(em);
  if (!state) throw new Error('cachingLookups: outside a transaction');
  if (!state.pending.has(KEY)) state.pending.set(KEY, new LookupCache());
}

/**
 * The answer of `read` about `table` for `question` (anything JSON can write): inside a caching batch
 * that has not written `table`, asked once and then remembered; otherwise read every time. The answer
 * is shared: callers read it, never change it.
 * @example const rows = await lookedUp(em, 'unit', ['refs', ids, columns], () => store.rowsByIds(ids, columns))
 */
export async function lookedUp<T>(em: Em, table: string, question: unknown, read: () => Promise<T>): Promise<T> {
  const cache = cacheOf(em);
  if (!cache || cache.written.has(table)) return read();
  const key = `${table}\u0000${JSON.stringify(question)}`;
  if (cache.answers.has(key)) return cache.answers.get(key) as T;
  const answer = await read();
  // a write of the table while it was read leaves nothing behind
  if (!cache.written.has(table)) cache.answers.set(key, answer);
  return answer;
}

/**
 * Says that the transaction `em` writes `table`: a caching batch forgets its answers about it and
 * asks the database from now on. Every door of the writer calls it before it writes, saying `what` it
 * writes when it is one row (server/db/batch-rows.ts: the rows the batch made, read from there after).
 * @example wroteTable(em, 'unit', { id, columns: null })
 */
export function wroteTable(em: Em, table: string, what?: Parameters<typeof toldWrite>[2]): void {
  toldWrite(em, table, what);
  const cache = cacheOf(em);
  if (!cache || cache.written.has(table)) return;
  cache.written.add(table);
  for (const key of [...cache.answers.keys()]) if (key.startsWith(`${table}\u0000`)) cache.answers.delete(key);
}
