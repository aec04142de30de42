/**
 * The offline client's automatic synchronisation (docs/sync.md › Automatic synchronisation): a loop
 * in the client's process that synchronises by itself with the key the server issued at the last
 * synchronisation a user started with their password (server/sync/token.ts) — never with a password,
 * which the client does not keep. A run is due when local changes wait to be sent (or the last
 * synchronisation failed), and every `syncIntervalMinutes` (the client's setting, 0: off). Before
 * running it asks the server, cheaply and without side effects, whether it answers: while it does
 * not, it waits `syncRetrySeconds`, doubled each time up to 5 minutes, and runs as soon as the server
 * answers again. A due run is let pass while a user has a form with unsaved input open
 * ({@link noteEditing}: the UI says so), and when there is no key; a key the server refuses
 * (revoked, expired, the password changed) is dropped until a user synchronises by hand. Each run
 * and each skip is noted in the state, for the sync page. Manual synchronisation stays as it was.
 */
import { log } from '../../log.ts';
import type { AppContext } from '../../types.ts';
import { lastLocalSeq } from './outbox.ts';
import { Remote } from './remote.ts';
import { startSync } from './run.ts';
import { isRunning } from './running.ts';
import { isInitialised } from './setup.ts';
import { readState, updateState, type AutoSyncNote, type ClientState } from './state.ts';

/** An unsaved form counts this long after the UI last said so (a tab closed without a word stops counting). */
const EDITING_MS = 10 * 60_000;
/** The longest wait between two tries of an unreachable server. */
const RETRY_MAX_MS = 5 * 60_000;

const editing = new Map<string, number>();

/**
 * Notes that a user has (or no longer has) a form with unsaved input open: `key` names the form of a
 * session. The UI says it again every minute while it lasts.
 * @example noteEditing(`${session.sessionId}|case-edit`, true)
 */
export function noteEditing(key: string, on: boolean): void {
  if (on) editing.set(key, Date.now() + EDITING_MS);
  else editing.delete(key);
}

/** Whether some user has a form with unsaved input open now. */
export function someoneEditing(): boolean {
  const now = Date.now();
  for (const [k, until] of editing) if (until < now) editing.delete(k);
  return editing.size > 0;
}

/**
 * Starts the loop (client mode); `stop` ends it. `tickMs`: how often it looks whether a run is due.
 * @example const auto = startAutoSync(ctx); … auto.stop()
 */
export function startAutoSync(ctx: AppContext, tickMs = Math.min(5_000, ctx.config.syncRetrySeconds * 1000)): { stop(): void } {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let failures = 0;
  let nextTryAt = 0;

  const note = async (state: ClientState, values: AutoSyncNote) => {
    await updateState(ctx.orm.em.fork(), ctx, state, { autoSync: { ...(state.autoSync ?? {}), ...values } });
  };
  const skip = async (state: ClientState, reason: NonNullable<AutoSyncNote['skippedReason']>) => {
    const last = state.autoSync;
    // noted again at most once a minute
    if (last?.skippedReason === reason && last.skippedAt && Date.now() - Date.parse(last.skippedAt) < 60_000) return;
    await note(state, { skippedAt: new Date().toISOString(), skippedReason: reason });
  };
  const failed = async (state: ClientState, error: string) => {
    failures++;
    nextTryAt = Date.now() + Math.min(ctx.config.syncRetrySeconds * 1000 * 2 ** (failures - 1), RETRY_MAX_MS);
    await note(state, { lastRunAt: new Date().toISOString(), lastResult: 'error', lastError: error });
  };

  const step = async () => {
    const em = ctx.orm.em.fork();
    const state = await readState(em, ctx);
    if (!state || !isInitialised(state) || isRunning(state.workspaceId) || Date.now() < nextTryAt) return;
    const waiting = (await lastLocalSeq(em)) > state.localSeq || state.phase === 'ERROR';
    const every = ctx.config.syncIntervalMinutes * 60_000;
    const last = state.lastSyncAt ? Date.parse(state.lastSyncAt) : 0;
    if (!waiting && failures === 0 && !(every > 0 && Date.now() - last >= every)) return;
    if (!state.syncToken) return state.autoSync?.skippedReason === 'keyRefused' ? undefined : skip(state, 'noKey');
    if (someoneEditing()) return skip(state, 'editing');
    const remote = Remote.withKey(state.serverUrl, state.syncToken, 'ru');
    // whether the server answers and takes the key: a read with no effect (not the feed, whose end dates the uploads)
    try {
      await remote.post('/api/sync/rows', { table: 'unit', ids: [] });
    } catch (e) {
      if ((e as { status?: number }).status === 401) {
        await updateState(ctx.orm.em.fork(), ctx, state, { syncToken: null });
        return note(state, { skippedAt: new Date().toISOString(), skippedReason: 'keyRefused', lastResult: 'error', lastError: (e as Error).message });
      }
      return failed(state, (e as Error).message);
    }
    const { done } = await startSync(ctx, remote, 'ru');
    await done;
    const after = (await readState(ctx.orm.em.fork(), ctx))!;
    if (after.phase === 'NOT_RUNNING') {
      failures = 0;
      nextTryAt = 0;
      await note(after, { lastRunAt: new Date().toISOString(), lastResult: 'ok', lastError: undefined });
    } else await failed(after, after.error ?? '');
  };

  const tick = async () => {
    try {
      await step();
    } catch (e) {
      // a synchronisation already started by hand meanwhile (409), the database busy: the next tick tries again
      log.warn({ err: e }, 'automatic synchronisation: not run');
    } finally {
      if (!stopped) timer = setTimeout(tick, tickMs);
    }
  };
  timer = setTimeout(tick, tickMs);
  return {
    stop() {
      stopped = true;
      clearTimeout(timer);
    },
  };
}
