// A whole write transaction run again when PostgreSQL aborted it for colliding with another one
// (a deadlock, a serialization failure): the collision is nobody's mistake, and the same work, run
// once more a moment later, usually passes.
import { setTimeout as sleep } from 'node:timers/promises';
import type { Em, Orm } from '../db/orm.ts';
import { log } from '../log.ts';

/** SQLSTATEs after which the same transaction, run again, may pass: deadlock detected, serialization failure. */
const RETRYABLE = new Set(['40P01', '40001']);

/** How many times a write transaction runs at most (the first run and two more). */
export const WRITE_ATTEMPTS = 3;

/** The SQLSTATE of a database error, wherever the driver or the ORM put it (`code`, or a `cause`'s). */
export function sqlState(e: unknown): string | undefined {
  for (let x = e as { code?: unknown; cause?: unknown } | undefined, depth = 0; x && typeof x === 'object' && depth < 5; x = x.cause as typeof x, depth++) {
    if (typeof x.code === 'string' && /^[0-9A-Z]{5}$/.test(x.code)) return x.code;
  }
  return undefined;
}

/** A short wait before attempt `attempt + 1`: 20 ms, 40 ms, … each between half and one and a half of it. */
const backoffMs = (attempt: number) => Math.round(20 * 2 ** (attempt - 1) * (0.5 + Math.random()));

/**
 * Runs `transaction` — a whole transaction, opened, worked and committed by it — and, when
 * PostgreSQL aborted it as a deadlock's victim (40P01) or a serialization failure (40001), runs it
 * again after a short jittered wait, at most {@link WRITE_ATTEMPTS} times in all; a warning is logged
 * for each run again. Any other error, and the last attempt's, is thrown as it came. The aborted
 * run left nothing (rolled back: its history entry, feed rows and after-commit effects with it), so
 * the work, hooks included, runs whole again and nothing is doubled. Never for a savepoint: only the
 * outermost transaction can be run again.
 * @example await retryOnConflict(() => ctx.orm.em.fork().transactional(work), 'tbcase update')
 */
export async function retryOnConflict<T>(transaction: () => Promise<T>, what: string): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await transaction();
    } catch (e) {
      const code = sqlState(e);
      if (!code || !RETRYABLE.has(code) || attempt >= WRITE_ATTEMPTS) throw e;
      const waitMs = backoffMs(attempt);
      log.warn({ code, attempt, of: WRITE_ATTEMPTS, what, waitMs }, 'write transaction aborted by the database (deadlock or serialization failure): running it again');
      await sleep(waitMs);
    }
  }
}

/**
 * A write transaction of its own, on a fresh entity manager, run again whole on a deadlock or a
 * serialization failure ({@link retryOnConflict}): the one way for code that opens the outermost
 * transaction itself (a stock step, an upload, an answer to an invitation). `work` runs once per
 * attempt, so it must read its input afresh and do nothing outside the transaction (no reply, no
 * cache cleared, no message sent) before it returns: do those after this resolves.
 * @example const movements = await writeTransaction(ctx, (em) => dispenseWithin(ctx, s, em, doc), 'stock dispense')
 */
export function writeTransaction<T>(ctx: { orm: Orm }, work: (em: Em) => Promise<T>, what: string): Promise<T> {
  return retryOnConflict(() => ctx.orm.em.fork().transactional(work), what);
}
