/**
 * The daily refresh of the automatic tags marked `dailyUpdate` (conditions that read the date, such
 * as "on treatment for more than six months", change without any case being written). Every server
 * process runs a timer; a workspace's run of the day is claimed by an upsert of its `tagrefresh` row,
 * in the transaction that queues the workspace's background job (`server/jobs/`), so with several
 * processes on one database exactly one job refreshes each workspace each day. The job goes through
 * the workspace's cases in batches by id, each its own transaction: the batch's cases asked every
 * daily tag's condition at once and their links set; a tag whose condition fails on a batch's data
 * keeps that batch's links as they were (logged).
 */
import { sql } from 'kysely';
import { systemSession } from '../../server/auth/system-session.ts';
import { kysely } from '../../server/db/kysely.ts';
import type { JobKind } from '../../server/types.ts';
import { enqueueJob } from '../../server/jobs/store.ts';
import type { AppContext } from '../../server/types.ts';
import { autoTags, matchCases } from './evaluate.ts';
import { setCasesTags } from './links.ts';
import { log } from '../../server/log.ts';

/**
 * How often a process checks whether today's refresh is done. The first check waits ten minutes
 * after start: a server started for a moment (a test, a migration run) never refreshes, and one that
 * keeps running does it soon after its day begins.
 */
export const dailyCheckMs = 60 * 60 * 1000;
const firstCheckMs = 10 * 60 * 1000;
/** Cases a batch asks the conditions of: one sandboxed statement for all the daily tags. */
const BATCH = 2_000;

/**
 * The job refreshing a workspace's daily tags: batches of its cases by id (cursor `{after}`).
 * The tags are read at each batch (one edited meanwhile counts from the next batch; its save
 * recomputed it over the workspace anyway).
 */
export const dailyTagsKind: JobKind = {
  kind: 'tags.daily',
  total: async ({ em, job }) => Number((await sql<{ n: number }>`select count(*)::int as n from tbcase where workspace_id = ${job.workspaceId}`.execute(kysely(em))).rows[0].n),
  async batch({ ctx, em, job }) {
    const ws = job.workspaceId!;
    const timer = ctx.metrics.tagRefreshSeconds.startTimer({ scope: 'workspace' });
    const after = String(job.cursor?.after ?? '00000000-0000-0000-0000-000000000000');
    const ids = (await sql<{ id: string }>`select id from tbcase where workspace_id = ${ws} and id > ${after}::uuid order by id limit ${BATCH}`.execute(kysely(em))).rows.map((r) => String(r.id));
    if (!ids.length) return { cursor: job.cursor, did: 0, finished: true };
    const tags = await autoTags(em, ws, { daily: true });
    const failed = new Set<string>();
    const matches = await matchCases(em, ctx, ws, tags, ids, failed);
    await setCasesTags({ em, ctx, session: systemSession(ws, '') }, tags.map((t) => t.id).filter((id) => !failed.has(id)), matches);
    timer();
    return { cursor: { after: ids.at(-1) }, did: ids.length, finished: false };
  },
};

/**
 * Queues the daily tags' refresh of every workspace whose run of today (the database's date) is not
 * taken yet; answers the workspaces queued (the jobs then run in the background).
 * @example await runDailyRefresh(ctx) // ['5f0…'] (then [] until tomorrow)
 */
export async function runDailyRefresh(ctx: AppContext): Promise<string[]> {
  const rows = await kysely(ctx.orm.em.fork())
    .selectFrom('tag')
    .select('workspace_id')
    .distinct()
    .where('auto_generated', '=', true)
    .where('active', '=', true)
    .where('daily_update', '=', true)
    .where('sql_condition', 'is not', null)
    .execute();
  const done: string[] = [];
  for (const { workspace_id } of rows) {
    const ws = String(workspace_id);
    const queued = await ctx.orm.em.fork().transactional(async (em) => {
      const claim = await sql`insert into tagrefresh (id, workspace_id, day) values (gen_random_uuid(), ${ws}, current_date)
        on conflict (workspace_id) do update set day = excluded.day, updated_at = now(), version = tagrefresh.version + 1
        where tagrefresh.day < excluded.day returning id`.execute(kysely(em));
      if (!claim.rows.length) return false;
      await enqueueJob(kysely(em), { kind: dailyTagsKind.kind, workspaceId: ws });
      return true;
    });
    if (queued) done.push(ws);
  }
  if (done.length) ctx.jobs.wake();
  return done;
}

/**
 * Starts this process's timer (unref'd: it never keeps the process alive; it stops when the
 * database is closed).
 * @example startDailyRefresh(ctx)
 */
export function startDailyRefresh(ctx: AppContext): void {
  const tick = async () => {
    try {
      if (!(await ctx.orm.isConnected())) return stop();
      await runDailyRefresh(ctx);
    } catch (e) {
      if (!(await ctx.orm.isConnected().catch(() => false))) return stop();
      log.warn({ err: e }, 'auto-tags: daily refresh failed');
    }
  };
  const first = setTimeout(tick, firstCheckMs);
  const every = setInterval(tick, dailyCheckMs);
  first.unref();
  every.unref();
  const stop = () => {
    clearTimeout(first);
    clearInterval(every);
  };
}
