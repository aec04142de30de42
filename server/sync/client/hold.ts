/**
 * Where a test may hold an offline client process's synchronisation or set-up, to kill it there
 * (tests/helpers/client-process.ts): the code killed is the production run, which only awaits a hook
 * that is never set outside the tests.
 */
import type { SyncPhase } from './state.ts';

/** The points of a synchronisation where a test may hold a client process, to kill it there. */
export type HoldPoint = Extract<SyncPhase, 'SENDING' | 'RECEIVING' | 'APPLYING_LOCALLY'> | 'SETTING_UP';

let holdHook: ((at: HoldPoint) => Promise<void>) | undefined;

/**
 * Test only (tests/helpers/client-process.ts): `hook` is awaited in every synchronisation of this
 * process at three points — SENDING: the batch fixed and stored, before its upload leaves; RECEIVING: a
 * page of the server's changes received, before it is applied; APPLYING_LOCALLY: the page written in
 * its transaction, before its position is stored and it commits — and in a set-up at one, SETTING_UP:
 * a page of the feed written with its position (server/sync/client/setup.ts). A test holds the process there and
 * kills it, so the code killed is the production run.
 * @example holdSynchronisationAt(async (at) => { if (at === 'RECEIVING') await new Promise(() => {}); });
 */
export function holdSynchronisationAt(hook: (at: HoldPoint) => Promise<void>): void {
  holdHook = hook;
}

/**
 * Awaits the test's hook at `at` (nothing in production).
 * @example await holdAt('SETTING_UP')
 */
export const holdAt = async (at: HoldPoint): Promise<void> => holdHook?.(at);
