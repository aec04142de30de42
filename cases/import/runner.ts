/**
 * The loop that does imports' background work, in every server process: it claims the oldest job with
 * work to do whose lease has run out (`claimJob`: of several processes one gets it), keeps the lease
 * alive while it works, does the job's steps (`importStep`) one after another and lets go. A process
 * that stops — SIGTERM, a crash — stops renewing its lease; after {@link LEASE_SECONDS} another process,
 * or the same one started again, claims the job and goes on from the last committed step.
 *
 * The platform's job runner (`server/jobs/`) follows the same pattern for the server's own long work;
 * the import keeps this loop on its own tables because its state machine waits for its user between
 * phases (read → mapped → checked → imported) and its screens read `importjob` (docs/architecture.md ›
 * Background jobs).
 */
import { t } from '../../engine/i18n.ts';
import { kysely } from '../../server/db/kysely.ts';
import { exceptionClass } from '../../server/http/error-log.ts';
import { log } from '../../server/log.ts';
import type { AppContext } from '../../server/types.ts';
import { claimJob, readJob, releaseJob, renewLease, updateJob, WORKING, type ImportJob } from './job-store.ts';
import { importStep } from './steps.ts';

/** How long a claim holds without being renewed. */
export const LEASE_SECONDS = 30;
/** How often an idle process looks for work (a job started in this process is taken at once). */
const POLL_MS = 2_000;

/** What the routes ask of the loop. */
export interface BackgroundRunner {
  /** Look for work now (a job was just started or given work in this process). */
  wake(): void;
  /** Stop looking for work; the job in hand is left to its lease. */
  stop(): void;
}

const runners = new WeakMap<AppContext, BackgroundRunner>();

/**
 * This process's runner of the app (started by the cases module's `start`).
 * @example importRunner(ctx)?.wake()
 */
export const importRunner = (ctx: AppContext): BackgroundRunner | undefined => runners.get(ctx);

/**
 * Starts the loop for this process (its timers never keep the process alive; it stops with the
 * database or when the process begins to stop).
 * @example startImportRunner(ctx)
 */
export function startImportRunner(ctx: AppContext): BackgroundRunner {
  const owner = `${process.pid}:${crypto.randomUUID()}`;
  let busy = false;
  let stopped = false;
  const tick = async () => {
    if (busy || stopped) return;
    busy = true;
    try {
      if (ctx.lifecycle.stopping || !(await ctx.orm.isConnected())) return;
      for (let job = await claimJob(kysely(ctx.orm.em.fork()), owner, LEASE_SECONDS); job && !stopped && !ctx.lifecycle.stopping; job = await claimJob(kysely(ctx.orm.em.fork()), owner, LEASE_SECONDS)) {
        await work(ctx, job, owner, () => stopped || ctx.lifecycle.stopping);
      }
    } catch (e) {
      if (await ctx.orm.isConnected().catch(() => false)) log.warn({ err: e }, 'import: the background loop failed');
    } finally {
      busy = false;
    }
  };
  const every = setInterval(tick, POLL_MS);
  every.unref();
  const runner: BackgroundRunner = {
    wake: () => void setImmediate(tick).unref(),
    stop: () => {
      stopped = true;
      clearInterval(every);
    },
  };
  runners.set(ctx, runner);
  return runner;
}

/** Does a claimed job's steps while it has work, its lease renewed meanwhile; a step's unexpected failure fails the job (in the error log, its id in the job's error). */
async function work(ctx: AppContext, claimed: ImportJob, owner: string, stopping: () => boolean): Promise<void> {
  const renew = setInterval(() => void renewLease(kysely(ctx.orm.em.fork()), claimed.id, owner, LEASE_SECONDS).catch(() => undefined), (LEASE_SECONDS * 1000) / 3);
  renew.unref();
  try {
    let job: ImportJob | undefined = claimed;
    while (job && WORKING.includes(job.state) && job.lockedBy === owner && !stopping()) {
      if ((await importStep(ctx, job, owner)) === 'done') break;
      job = await readJob(kysely(ctx.orm.em.fork()), claimed.id);
    }
  } catch (e) {
    if (stopping() || !(await ctx.orm.isConnected().catch(() => false))) return; // left to the lease: another start takes it up
    const id = await logJobError(ctx, claimed, e as Error);
    await updateJob(kysely(ctx.orm.em.fork()), claimed.id, { state: 'FAILED', error: t(claimed.lang, 'msg.serverError', { id }), finished_at: new Date() }, { owner }).catch(() => undefined);
  } finally {
    clearInterval(renew);
    await releaseJob(kysely(ctx.orm.em.fork()), claimed.id, owner).catch(() => undefined);
  }
}

/** A background failure in the error log (no request: the job names it) and the server's log; its id. */
async function logJobError(ctx: AppContext, job: ImportJob, err: Error): Promise<string> {
  const id = crypto.randomUUID();
  log.error({ err: { type: exceptionClass(err), message: err.message, stack: err.stack }, job: job.id }, 'import failed');
  await kysely(ctx.orm.em.fork())
    .insertInto('errorlog')
    .values({
      id, error_date: new Date(), exception_class: exceptionClass(err), url: `import ${job.id} (${job.state})`, user_id: job.userId, workspace_id: job.workspaceId,
      exception_message: String(err.message ?? err).slice(0, 8000), request: null, stack_trace: String(err.stack ?? '').slice(0, 32000) || null,
    })
    .execute()
    .catch((e) => log.error({ err: e }, 'error log write failed'));
  return id;
}
