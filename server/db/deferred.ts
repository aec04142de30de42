/**
 * Work a batch of writes puts off to its end. A caller applying many changes in one transaction (an
 * offline client's upload: a savepoint per change) may ask that a step every write repeats — the
 * automatic tags of the case just written — be done once for all the rows at the end. The step's
 * owner asks {@link deferIn} before doing the work: inside such a batch the rows are collected with
 * the savepoint (a change rolled back takes its rows with it; a released one hands them to its
 * transaction) and the batch runs the owner's flush with them all ({@link runDeferred}). Outside a
 * batch nothing changes: the step runs at once, as before. Nothing here knows any table.
 */
import type { AppContext } from '../types.ts';
import type { Em } from './orm.ts';
import { txState, type Pending, type TxState } from './transaction.ts';

type Flush = (em: Em, ctx: AppContext, items: string[]) => Promise<void>;

const flushes = new Map<string, Flush>();
const OPEN = 'deferred:open:';
const ITEMS = 'deferred:items:';

/** Items one transaction or savepoint collected for a key; a released savepoint's join its transaction's. */
class Collected implements Pending {
  readonly items = new Set<string>();
  mergeInto(into: Pending): void {
    for (const i of this.items) (into as Collected).items.add(i);
  }
}

/**
 * Registers the work a batch does at its end for `key`, given the items its writes collected.
 * @example onDeferred('auto-tags', (em, ctx, items) => refreshCollected(em, ctx, items))
 */
export function onDeferred(key: string, flush: Flush): void {
  flushes.set(key, flush);
}

const chain = (state: TxState | undefined): TxState[] => (state ? [state, ...chain(state.parent)] : []);

/**
 * Inside a batch that defers `key` (an enclosing transaction of `em` opened it with
 * {@link deferring}), collects `items` in `em`'s savepoint and answers true: the caller skips the
 * work. Otherwise answers false: the caller does it now.
 * @example if (deferIn(em, 'auto-tags', caseIds.map((id) => `${ws}|${id}`))) return;
 */
export function deferIn(em: Em, key: string, items: string[]): boolean {
  const state = txState(em);
  if (!state || !chain(state).some((s) => s.pending.has(OPEN + key))) return false;
  let mine = state.pending.get(ITEMS + key) as Collected | undefined;
  if (!mine) state.pending.set(ITEMS + key, (mine = new Collected()));
  for (const i of items) mine.items.add(i);
  return true;
}

/**
 * Runs `work` in the transaction `em` (not a savepoint) with every registered step deferred (or only
 * `keys`), then each step once with what the released savepoints collected, still in the transaction.
 * @example await deferring(em, ctx, async () => { for (const ch of changes) await em.transactional(…) })
 */
export async function deferring<T>(em: Em, ctx: AppContext, work: () => Promise<T>, keys: string[] = [...flushes.keys()]): Promise<T> {
  const state = txState(em);
  if (!state) throw new Error('deferring: outside a transaction');
  for (const k of keys) state.pending.set(OPEN + k, new Collected());
  const result = await work();
  await runDeferred(em, ctx, keys);
  return result;
}

/** Each deferred step of `keys` once, with the items collected in the transaction so far (then cleared). */
async function runDeferred(em: Em, ctx: AppContext, keys: string[]): Promise<void> {
  const state = txState(em)!;
  for (const k of keys) {
    const mine = state.pending.get(ITEMS + k) as Collected | undefined;
    state.pending.delete(OPEN + k);
    state.pending.delete(ITEMS + k);
    const flush = flushes.get(k);
    if (mine?.items.size && flush) await flush(em, ctx, [...mine.items]);
  }
}
