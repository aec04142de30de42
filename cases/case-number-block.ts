/**
 * A batch's case numbers (an import's chunk, written without a savepoint a row): instead of the
 * counter's upsert and a look for the number's holder for every case, the workspace's counter is
 * read and locked once, its numbers handed out in memory — skipping those cases already hold, read a
 * window at a time, and those the batch's own cases were given (imported numbers) — and the counter
 * written once, by the writer's system door, at the batch's end (server/db/deferred.ts). The row lock
 * makes a notification saved meanwhile wait for the batch, as the upsert's did. Opened only straight
 * in the batch's transaction, never in a savepoint (a savepoint rolled back would drop the lock);
 * a batch that does not open one numbers its cases one by one, as before.
 */
import { sql } from 'kysely';
import { deferIn, onDeferred } from '../server/db/deferred.ts';
import { kysely } from '../server/db/kysely.ts';
import type { Em } from '../server/db/orm.ts';
import { txState, type Pending, type TxState } from '../server/db/transaction.ts';
import { systemIncrement, type SystemWriteContext } from '../server/tbl/system-write.ts';

const DEFERRED_CASE_NUMBERS = 'case-numbers';
const BLOCK = 'case-numbers:block:';
/** How many numbers' holders are read at once. */
const WINDOW = 500;

/** The numbers a batch hands out of one workspace's counter. */
class NumberBlock implements Pending {
  /** Numbers (as shown) some case holds, within the windows read, and those the batch's cases were given. */
  readonly held = new Set<string>();
  private readUpTo: number;
  constructor(
    readonly x: SystemWriteContext,
    readonly base: number,
    public last: number,
  ) {
    this.readUpTo = base;
  }

  /** Kept by the transaction that opened it. */
  mergeInto(): void {}

  /** The next number no case holds (`em`: the batch's transaction or a savepoint in it). */
  async take(em: Em, format: (n: number) => string): Promise<number> {
    for (;;) {
      const n = this.last + 1;
      if (n > this.readUpTo) {
        const [first, last] = [format(n), format(n + WINDOW - 1)];
        // numbers of one length compare as text as they do as numbers: one range of the (workspace, number)
        // B-tree (an any() of the 500 numbers took 0.15–0.5 s a chunk in bench:import); across a length, each
        let q = kysely(em).selectFrom('tbcase').select('case_number').where('workspace_id', '=', this.x.session.workspaceId);
        q = first.length === last.length
          ? q.where('case_number', '>=', first).where('case_number', '<=', last)
          : q.where('case_number', '=', sql<string>`any(${Array.from({ length: WINDOW }, (_, i) => format(n + i))}::text[])`);
        const rows = await q.execute();
        for (const r of rows) this.held.add(String(r.case_number));
        this.readUpTo = n + WINDOW - 1;
      }
      this.last = n;
      if (!this.held.has(format(n))) return n;
    }
  }
}

const rootOf = (state: TxState): TxState => (state.parent ? rootOf(state.parent) : state);

/**
 * The block of the batch `x.em` works in for its workspace: the one it opened, or one opened now when
 * the batch numbers cases by blocks and `x.em` is its transaction itself (not a savepoint) and the
 * workspace has a counter to lock; otherwise undefined (number the case one by one).
 * @example const n = await (await caseNumberBlock({ em, ctx, session }))?.take(em, formatCaseNumber) // undefined: number it one by one
 */
export async function caseNumberBlock(x: SystemWriteContext): Promise<NumberBlock | undefined> {
  const state = txState(x.em);
  if (!state) return undefined;
  const key = BLOCK + x.session.workspaceId;
  const open = rootOf(state).pending.get(key) as NumberBlock | undefined;
  if (open) return open;
  if (state.parent || !deferIn(x.em, DEFERRED_CASE_NUMBERS, [x.session.workspaceId])) return undefined;
  const row = await kysely(x.em).selectFrom('casecounter').select('last').where('workspace_id', '=', x.session.workspaceId).forUpdate().executeTakeFirst();
  if (!row) return undefined; // the first number makes the counter, one by one
  const block = new NumberBlock({ ...x }, Number(row.last), Number(row.last));
  state.pending.set(key, block);
  return block;
}

/**
 * Tells the batch's block, if one is open, that a new case of the workspace was given `number` (an
 * imported case number): the block will not hand it out.
 * @example numberGiven(em, ws, '000042')
 */
export function numberGiven(em: Em, workspaceId: string, number: string): void {
  const state = txState(em);
  const block = state ? (rootOf(state).pending.get(BLOCK + workspaceId) as NumberBlock | undefined) : undefined;
  block?.held.add(number);
}

onDeferred(DEFERRED_CASE_NUMBERS, async (em, _ctx, workspaces) => {
  const root = rootOf(txState(em)!);
  for (const ws of workspaces) {
    const block = root.pending.get(BLOCK + ws) as NumberBlock | undefined;
    root.pending.delete(BLOCK + ws);
    if (block && block.last > block.base) await systemIncrement({ ...block.x, em }, 'casecounter', 'last', 'derived', block.last - block.base);
  }
});
