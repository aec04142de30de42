/**
 * The daily refresh of the automatic tags marked `dailyUpdate` (conditions that read the date, such
 * as "on treatment for more than six months", change without any case being written). Every server
 * process runs a timer; a workspace's run of the day is claimed by an upsert of its `tagrefresh` row
 * inside the run's transaction, so with several processes on one database exactly one refreshes each
 * workspace each day (the others wait on the row, then find the day taken), and a run that fails is
 * rolled back with its claim, for the next check to retry.
 */
import { sql } from 'kysely';
import { kysely } from '../../server/db/kysely.ts';
import type { AppContext } from '../../server/types.ts';
import { refreshWorkspaceTags } from './refresh.ts';
import { log } from '../../server/log.ts';

/**
 * How often a process checks whether today's refresh is done. The first check waits ten minutes
 * after start: a server started for a moment (a test, a migration run) never refreshes, and one that
 * keeps running does it soon after its day begins.
 */
export const dailyCheckMs = 60 * 60 * 1000;
const firstCheckMs = 10 * 60 * 1000;

/**
 * Refreshes the daily tags of every workspace whose run of today (the database's date) is not
 * taken yet; answers the workspaces it refreshed.
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
    const ran = await ctx.orm.em.fork().transactional(async (em) => {
      const claim = await sql`insert into tagrefresh (id, workspace_id, day) values (gen_random_uuid(), ${ws}, current_date)
        on conflict (workspace_id) do update set day = excluded.day, updated_at = now(), version = tagrefresh.version + 1
        where tagrefresh.day < excluded.day returning id`.execute(kysely(em));
      if (!claim.rows.length) return false;
      await refreshWorkspaceTags(em, ctx, ws, { daily: true });
      return true;
    });
    if (ran) done.push(ws);
  }
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
