/**
 * One synchronisation of the offline client with its server, as a state machine kept in the
 * `syncclient` row (docs/sync.md):
 * 1. SENDING — the local changes since the last acknowledged one, up to the latest (that bound is
 *    stored first, so a resumed send rebuilds the same batch with the same change ids), uploaded 200
 *    at a time;
 * 2. APPLYING_ON_SERVER — the server applies each upload as it arrives (its answers counted: applied,
 *    merged, conflict, rejected); the rejected ones are kept here with their reasons; then the batch is
 *    acknowledged (`localSeq`);
 * 3. RECEIVING — a page of the server's changes after the stored feed position;
 * 4. APPLYING_LOCALLY — the page written here with its position in one transaction; 3–4 until caught up.
 * Then NOT_RUNNING (success), or ERROR with the reason. A client stopped in any phase resumes from
 * what was stored: nothing acknowledged is sent again, nothing applied is applied twice.
 */
import { t, type Lang } from '../../../engine/i18n.ts';
import type { AppContext } from '../../types.ts';
import { ApiError } from '../../http/errors.ts';
import { PUSH_MAX, type ClientChange, type PushAnswer } from '../push.ts';
import { applyChanges, sliceChanges, type FeedPage } from './apply.ts';
import { rowsForPage } from './missing.ts';
import { refreshConflicts } from './conflicts.ts';
import { lastLocalSeq, localChanges } from './outbox.ts';
import { foldRejected } from './rejected.ts';
import type { Remote } from './remote.ts';
import { readState, updateState, type ClientState, type RejectedChange } from './state.ts';
import { isInitialised } from './setup.ts';
import type { SliceRow } from '../slice.ts';
import { running } from './running.ts';
import { holdAt } from './hold.ts';

/** How many feed changes one page asks for. */
const PAGE = 500;

/**
 * Starts a synchronisation: once its first phase is stored (a status asked now sees it running), it
 * answers `done`, the promise of the rest, which ends with NOT_RUNNING or ERROR stored (it never rejects).
 * @example await (await startSync(ctx, remote, 'ru')).done
 */
export async function startSync(ctx: AppContext, remote: Remote, lang: Lang): Promise<{ done: Promise<void> }> {
  const em = ctx.orm.em.fork();
  const state = await readState(em, ctx);
  if (!state) throw new ApiError(400, [{ field: null, msg: t(lang, 'msg.syncNotInitialised') }]);
  if (!isInitialised(state)) throw new ApiError(400, [{ field: null, msg: t(lang, 'msg.syncSetUpUnfinished') }]);
  if (running.has(state.workspaceId)) throw new ApiError(409, [{ field: null, msg: t(lang, 'msg.syncRunning') }]);
  running.add(state.workspaceId);
  try {
    await updateState(em, ctx, state, { phase: 'SENDING', error: null, counts: {} });
  } catch (e) {
    running.delete(state.workspaceId);
    throw e;
  }
  const done = (async () => {
    try {
      await send(ctx, remote, state);
      await receive(ctx, remote, state);
      // the conflicts of the unit's cases, with the server's values now received: shown here offline too
      await refreshConflicts(ctx, remote, state);
      await updateState(em, ctx, state, { phase: 'NOT_RUNNING', lastSyncAt: new Date().toISOString() });
    } catch (e) {
      await updateState(ctx.orm.em.fork(), ctx, state, { phase: 'ERROR', error: (e as Error).message || String(e) });
    } finally {
      running.delete(state.workspaceId);
    }
  })();
  return { done };
}

async function send(ctx: AppContext, remote: Remote, state: ClientState): Promise<void> {
  const em = ctx.orm.em.fork();
  if (state.sendUpTo == null) await updateState(em, ctx, state, { sendUpTo: await lastLocalSeq(em) });
  // a row edited again after its change was rejected: the change is sent again with the edit folded in
  const { batch, resent } = foldRejected(await localChanges(em, ctx, state.id, state.localSeq, state.sendUpTo!), state.rejected);
  const counts = { ...state.counts, sent: 0, applied: 0, merged: 0, conflict: 0, rejected: 0, done: 0, total: batch.length };
  const rejected: RejectedChange[] = [];
  for (let i = 0; i < batch.length; i += PUSH_MAX) {
    const part = batch.slice(i, i + PUSH_MAX);
    await updateState(em, ctx, state, { phase: 'SENDING', counts: { ...counts } });
    await holdAt('SENDING');
    const pending = remote.post<{ results: PushAnswer[] }>('/api/sync/push', { changes: part });
    counts.sent += part.length;
    await updateState(em, ctx, state, { phase: 'APPLYING_ON_SERVER', counts: { ...counts } });
    const { results } = await pending;
    for (const a of results) {
      counts[a.result]++;
      counts.done++;
      if (a.result === 'rejected') rejected.push(rejectedOf(part.find((c) => c.changeId === a.changeId)!, a));
    }
  }
  // the batch acknowledged: its rejections kept (once: a resumed batch replaces its own), the ones sent
  // again replaced by their answer
  const kept = state.rejected.filter((r) => !resent.has(r.changeId) && !rejected.some((n) => n.changeId === r.changeId));
  await updateState(em, ctx, state, { phase: 'APPLYING_ON_SERVER', counts, localSeq: state.sendUpTo!, sendUpTo: null, rejected: [...kept, ...rejected] });
}

const rejectedOf = (c: ClientChange, a: PushAnswer): RejectedChange => ({ ...c, errors: a.errors ?? [] });

async function receive(ctx: AppContext, remote: Remote, state: ClientState): Promise<void> {
  const em = ctx.orm.em.fork();
  const counts = { ...state.counts, received: 0, appliedLocally: 0, removedLocally: 0, done: 0, total: undefined };
  await updateState(em, ctx, state, { phase: 'RECEIVING', counts: { ...counts } });
  // the unit's users first: an account changed on the server (a new password) logs in here as there
  const slice = await remote.postProved<{ rows: SliceRow[] }>('/api/sync/slice', {});
  await em.fork().transactional((tx) => applyChanges(tx, ctx, state.workspaceId, sliceChanges(slice.rows)));
  for (;;) {
    await updateState(em, ctx, state, { phase: 'RECEIVING', counts: { ...counts } });
    const page = await remote.post<FeedPage>('/api/sync/changes', { after: state.feedPosition ?? '0.0', limit: PAGE });
    counts.received += page.changes.length;
    await holdAt('RECEIVING');
    await updateState(em, ctx, state, { phase: 'APPLYING_LOCALLY', counts: { ...counts } });
    // asked before the page's transaction opens: the embedded database holds every other request while one is open
    const extra = await rowsForPage(em, ctx, remote, page.changes);
    await em.fork().transactional(async (tx) => {
      const done = await applyChanges(tx, ctx, state.workspaceId, [...page.changes, ...extra]);
      counts.appliedLocally += done.written;
      counts.removedLocally += done.removed;
      counts.done = counts.appliedLocally + counts.removedLocally;
      await holdAt('APPLYING_LOCALLY');
      await updateState(tx, ctx, state, { feedPosition: page.last, counts: { ...counts } });
    });
    if (!page.more) break;
  }
}
