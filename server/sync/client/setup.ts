/**
 * The first filling of an offline client from its server (docs/sync.md, "Set-up"): all or nothing,
 * resumable. The client is *initialised* only once its whole slice and feed arrived (its state's
 * `lastSyncAt` is set then, and only then): before, its users cannot synchronise and its first page
 * offers the set-up again. Each feed page is written with its position in one transaction, so an
 * interrupted set-up — an error, the network gone, the process killed — keeps whole pages:
 * - the same server, workspace and unit asked again: it **resumes** from the last page written;
 * - another server or unit: it **starts clean** (what the interrupted one wrote is removed first).
 * `progress` is told as rows arrive: the phase, rows received of the total the feed announced, related
 * rows fetched (a case's patient, an author's name), and whether it resumed.
 */
import { sql } from 'kysely';
import { t, type Lang } from '../../../engine/i18n.ts';
import { kysely, kyselyByName } from '../../db/kysely.ts';
import { fail } from '../../http/errors.ts';
import type { AppContext } from '../../types.ts';
import { applyChanges, sliceChanges, type FeedPage } from './apply.ts';
import { rowsForPage } from './missing.ts';
import { lastLocalSeq } from './outbox.ts';
import { holdAt } from './hold.ts';
import type { Remote } from './remote.ts';
import { createState, readState, updateState, type ClientState } from './state.ts';
import type { SliceRow } from '../slice.ts';

/** The set-up's phases, as its page shows them. */
export type SetUpPhase = 'CONNECTING' | 'SLICE' | 'RECEIVING' | 'RELATED' | 'WRITING' | 'DONE' | 'FAILED';

/** What the set-up page polls while it runs. */
export interface SetUpProgress {
  phase: SetUpPhase;
  /** Feed changes received so far (a resumed set-up counts those received before). */
  received: number;
  /** Feed changes the server announced at the start (received ones included); 0 before it answers. */
  total: number;
  /** Rows the feed named and the client asked for in batches (patients, authors' names…). */
  fetched: number;
  /** Whether an interrupted set-up of the same server and unit was taken up; false: started clean. */
  resumed: boolean;
  /** When this run began (ms since the epoch) and how many changes it found already received. */
  startedAt: number;
  receivedBefore: number;
}

/** What a clean start keeps: the installation's settings and the error log. */
const KEPT = new Set(['sysconfig', 'errorlog']);

/** Feed changes asked per page (the progress moves page by page). */
const PAGE = 500;

/**
 * Whether the client finished a set-up (its users may log in and synchronise).
 * @example isInitialised(await readState(em, ctx)) // false while a set-up runs or after one failed
 */
export const isInitialised = (state: ClientState | undefined): boolean => !!state?.lastSyncAt;

/**
 * Sets the client up from the server `remote` is logged in to (its user must belong to a unit: the
 * client holds that unit), resuming an interrupted set-up of the same server and unit.
 * @example const state = await setUp(ctx, remote, 'https://tb.example.org', progress)
 */
export async function setUp(ctx: AppContext, remote: Remote, serverUrl: string, progress: SetUpProgress, lang: Lang = 'ru'): Promise<ClientState> {
  const em = ctx.orm.em.fork();
  progress.phase = 'SLICE';
  const slice = await remote.postProved<{ workspaceId: string; unitId: string; rows: SliceRow[] }>('/api/sync/slice', {});
  const before = await readState(em, ctx);
  if (isInitialised(before)) throw fail(409, t(lang, 'msg.syncAlreadyInitialised'));
  const resumed = !!before && before.serverUrl === serverUrl && before.workspaceId === slice.workspaceId && before.unitId === slice.unitId;
  if (!resumed && (before || (await holdsAnything(ctx)))) await removeEverything(ctx);
  Object.assign(progress, { resumed, received: resumed ? (before!.counts.received ?? 0) : 0, receivedBefore: resumed ? (before!.counts.received ?? 0) : 0, fetched: 0 });
  await em.fork().transactional(async (tx) => {
    await applyChanges(tx, ctx, slice.workspaceId, sliceChanges(slice.rows));
    if (!resumed) await createState(tx, ctx, slice.workspaceId, { serverUrl, unitId: slice.unitId, phase: 'RECEIVING', localSeq: 0, counts: { received: 0 }, rejected: [] });
  });
  const state = (await readState(em, ctx))!;
  await updateState(em, ctx, state, { phase: 'RECEIVING', error: null });
  for (let first = true; ; first = false) {
    progress.phase = 'RECEIVING';
    const page = await remote.post<FeedPage & { remaining?: number }>('/api/sync/changes', { after: state.feedPosition ?? '0.0', limit: PAGE, ...(first ? { count: true } : {}) });
    if (first) progress.total = progress.received + (page.remaining ?? page.changes.length);
    progress.phase = 'RELATED';
    const fetchedBefore = progress.fetched;
    const extra = await rowsForPage(em, ctx, remote, page.changes, (n) => (progress.fetched = fetchedBefore + n));
    progress.phase = 'WRITING';
    await em.fork().transactional(async (tx) => {
      await applyChanges(tx, ctx, state.workspaceId, [...page.changes, ...extra]);
      await updateState(tx, ctx, state, { feedPosition: page.last, counts: { received: progress.received + page.changes.length } });
    });
    progress.received += page.changes.length;
    progress.total = Math.max(progress.total, progress.received);
    await holdAt('SETTING_UP');
    if (!page.more) break;
  }
  // the local feed so far holds nothing a user typed: nothing to send
  await updateState(em, ctx, state, { phase: 'NOT_RUNNING', lastSyncAt: new Date().toISOString(), localSeq: await lastLocalSeq(em) });
  progress.phase = 'DONE';
  return state;
}

/** Whether the client's database holds any row a server sent (a set-up interrupted before its state was written holds none). */
async function holdsAnything(ctx: AppContext): Promise<boolean> {
  return !!(await kysely(ctx.orm.em.fork()).selectFrom('workspace').select('id').limit(1).executeTakeFirst());
}

/**
 * Removes every row of every declared table (an interrupted set-up of another server or unit), in one
 * transaction: the references are checked at its end, when nothing is left.
 */
async function removeEverything(ctx: AppContext): Promise<void> {
  await ctx.orm.em.fork().transactional(async (tx) => {
    const db = kysely(tx);
    await sql`set constraints all deferred`.execute(db);
    for (const def of ctx.registry.tables.values()) if (!KEPT.has(def.name)) await kyselyByName(tx).deleteFrom(def.name).execute();
  });
}

/**
 * A fresh progress, before the run has done anything.
 * @example const progress = newProgress()
 */
export const newProgress = (): SetUpProgress => ({ phase: 'CONNECTING', received: 0, total: 0, fetched: 0, resumed: false, startedAt: Date.now(), receivedBefore: 0 });

/**
 * Seconds the set-up still needs at the rate of this run (rows received per second since it began),
 * or undefined until it has a rate.
 * @example secondsLeft({ received: 500, total: 1500, startedAt: Date.now() - 10_000, receivedBefore: 0, … }) // 20
 */
export function secondsLeft(p: SetUpProgress, now = Date.now()): number | undefined {
  const done = p.received - p.receivedBefore;
  const elapsed = (now - p.startedAt) / 1000;
  if (done <= 0 || elapsed <= 0 || !p.total) return undefined;
  return Math.max(0, Math.round(((p.total - p.received) * elapsed) / done));
}
