/**
 * Requests for one piece of data of which only the latest may answer: a new request aborts the one
 * before it (its `AbortSignal` fires, the browser drops the call), and an answer that arrives after a
 * newer request was made, or after `drop()` (the screen was left), is never handed on — on a slow
 * network the earlier answer may come last, and it must not overwrite the later one.
 *
 * React-free, so its rules are unit-tested; `useData` and `useLatest` (beside it) use it.
 *
 * @example
 *   const latest = createLatest();
 *   const req = latest.begin(); // in steps: const doc = await tableApi.editDoc('source', id, req.signal); if (req.isLatest()) open(doc);
 *   void latest.ask((signal) => tableApi.query('source', { page: 1 }, signal), (o) => o.ok && show(o.data));
 *   void latest.ask((signal) => tableApi.query('source', { page: 2 }, signal), (o) => o.ok && show(o.data));
 *   // page 1's request is aborted; only page 2's rows are shown, whichever answers first
 */

/** What a request came to: its data, or what it threw. */
export type Outcome<T> = { ok: true; data: T } | { ok: false; error: unknown };

export interface Latest {
  /**
   * Starts a request (aborting the one before); `settle` gets its outcome only while it is still
   * the latest. Resolves once it has answered or been superseded; never rejects.
   */
  ask<T>(load: (signal: AbortSignal) => Promise<T>, settle: (outcome: Outcome<T>) => void): Promise<void>;
  /**
   * Marks a new request (aborting the one before) for code that awaits in steps: pass `signal` on,
   * and use what came back only while `isLatest()` — false once a later request began or `drop()` ran.
   */
  begin(): { signal: AbortSignal; isLatest: () => boolean };
  /** Aborts the current request and drops its answer (the screen was left, or nothing is to be asked). */
  drop(): void;
}

export function createLatest(): Latest {
  let current: AbortController | null = null;
  const drop = () => {
    current?.abort();
    current = null;
  };
  const begin = () => {
    drop();
    const mine = new AbortController();
    current = mine;
    return { signal: mine.signal, isLatest: () => current === mine };
  };
  return {
    drop,
    begin,
    async ask<T>(load: (signal: AbortSignal) => Promise<T>, settle: (outcome: Outcome<T>) => void) {
      drop();
      const mine = new AbortController();
      current = mine;
      let outcome: Outcome<T>;
      try {
        outcome = { ok: true, data: await load(mine.signal) };
      } catch (error) {
        outcome = { ok: false, error };
      }
      if (current !== mine) return;
      current = null;
      settle(outcome);
    },
  };
}
