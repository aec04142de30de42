/**
 * What a transaction collects on its way to commit. Every transaction MikroORM opens (and every
 * savepoint inside one) gets a state: work that must be written once just before the commit (the
 * change feed's buffered rows: `onBeforeCommit`) and effects that must happen only once the
 * transaction has committed (`afterCommit`: mail, cache invalidation). A savepoint hands what it
 * collected to its transaction when it is released, and drops it when it is rolled back; a rolled
 * back transaction drops everything. Nothing here knows any table: the feed registers its flush.
 */
import type { EventSubscriber, TransactionEventArgs } from '@mikro-orm/core';
import type { Kysely } from 'kysely';
import { kysely, type Database } from './kysely.ts';
import { log } from '../log.ts';
import type { Em, Orm } from './orm.ts';

export type Effect = () => unknown | Promise<unknown>;

/** Work a before-commit step keeps in a transaction (the analytic rows to recompute): a savepoint's is handed to its transaction. */
export interface Pending {
  /** Adds what this one holds to `into` (the enclosing transaction's, of the same key). */
  mergeInto(into: Pending): void;
}

/** The state of one transaction or savepoint. `changes` is the change feed's buffer (server/feed/record.ts); `pending` other steps' work by name. */
export interface TxState {
  parent?: TxState;
  changes: unknown[];
  effects: { name: string; run: Effect }[];
  pending: Map<string, Pending>;
}

type BeforeCommit = (db: Kysely<Database>, state: TxState) => Promise<void>;

const states = new WeakMap<object, TxState>();
const openingUnder = new WeakMap<object, object>();
const beforeCommitSteps: BeforeCommit[] = [];

/**
 * Registers work to run in every transaction just before it commits (inside it: a failure rolls the
 * transaction back), with the transaction's own connection.
 * @example onBeforeCommit(async (db, state) => { if (state.changes.length) await writeChanges(db, state.changes) })
 */
export function onBeforeCommit(step: BeforeCommit): void {
  beforeCommitSteps.push(step);
}

/** The collecting state of the transaction `em` works in, or `undefined` outside a transaction. */
export function txState(em: Em): TxState | undefined {
  const trx = em.getTransactionContext();
  return trx ? states.get(trx) : undefined;
}

/**
 * Runs `effect` once the transaction `em` works in has committed — never if it rolls back (nor if the
 * savepoint it was queued in rolls back). Outside a transaction it runs at once. A failing effect is
 * written to the error log and to the console: the committed write stays a success.
 * @example
 * await writer.update(id, { active: false }, { within: em });
 * afterCommit(em, () => ctx.identities.clear(), 'identities'); // sessions reload the user only once the change is there to read
 */
export function afterCommit(em: Em, effect: Effect, name = effect.name || 'after-commit'): void | Promise<void> {
  const state = txState(em);
  if (state) {
    state.effects.push({ name, run: effect });
    return;
  }
  return runEffects(() => kysely(em.fork()), [{ name, run: effect }]);
}

async function runEffects(errorDb: () => Kysely<Database>, effects: TxState['effects']): Promise<void> {
  for (const e of effects) {
    try {
      await e.run();
    } catch (err) {
      await logEffectError(errorDb, e.name, err as Error);
    }
  }
}

/** An effect's failure in the error log (in its own statement: the transaction is over). */
async function logEffectError(errorDb: () => Kysely<Database>, name: string, err: Error): Promise<void> {
  const id = crypto.randomUUID();
  log.error({ err, errorId: id, effect: name }, 'after-commit effect failed');
  try {
    await errorDb()
      .insertInto('errorlog')
      .values({
        id,
        error_date: new Date(),
        exception_class: String(err?.name ?? 'Error').slice(0, 200),
        url: `after commit: ${name}`.slice(0, 2000),
        exception_message: String(err?.message ?? err).replace(/\u0000/g, '').slice(0, 8192),
        stack_trace: err?.stack ? err.stack.replace(/\u0000/g, '').slice(0, 4 * 8192) : null,
      })
      .execute();
  } catch (logErr) {
    log.error({ err: logErr }, 'error log write failed');
  }
}

/**
 * Follows every transaction of the ORM (called once when it opens): a state per transaction and
 * savepoint, the before-commit steps, the after-commit effects.
 * @example const orm = await MikroORM.init(…); watchTransactions(orm);
 */
export function watchTransactions(orm: Orm): void {
  const errorDb = () => kysely(orm.em.fork());
  const subscriber: EventSubscriber = {
    // a savepoint is announced with its enclosing transaction, then opened: remember which it belongs to
    async beforeTransactionStart(args: TransactionEventArgs) {
      if (args.transaction) openingUnder.set(args.em, args.transaction);
    },
    async afterTransactionStart(args: TransactionEventArgs) {
      const enclosing = openingUnder.get(args.em);
      openingUnder.delete(args.em);
      states.set(args.transaction!, { parent: enclosing ? states.get(enclosing) : undefined, changes: [], effects: [], pending: new Map() });
    },
    async beforeTransactionCommit(args: TransactionEventArgs) {
      const state = states.get(args.transaction!);
      if (!state) return;
      if (state.parent) {
        // a savepoint released: its transaction takes over what it collected
        state.parent.changes.push(...state.changes);
        state.parent.effects.push(...state.effects);
        for (const [key, p] of state.pending) {
          const into = state.parent.pending.get(key);
          if (into) p.mergeInto(into);
          else state.parent.pending.set(key, p);
        }
        return;
      }
      for (const step of beforeCommitSteps) await step(args.transaction as unknown as Kysely<Database>, state);
    },
    async afterTransactionCommit(args: TransactionEventArgs) {
      const state = states.get(args.transaction!);
      states.delete(args.transaction!);
      if (state && !state.parent) await runEffects(errorDb, state.effects);
    },
    async afterTransactionRollback(args: TransactionEventArgs) {
      states.delete(args.transaction!);
    },
  };
  orm.em.getEventManager().registerSubscriber(subscriber);
}
