/**
 * The background job runner of a server process (one per process, `ctx.jobs`). It claims waiting
 * jobs of the kinds registered with it (`claimJob`: `for update skip locked`, a lease), does their
 * batches one after another — each in its own transaction, which locks the job's row, renews the
 * lease and writes the batch's cursor and progress with its work — and renews the lease between
 * them (a heartbeat). So two processes on one database never run one job at once, a job whose
 * process died (kill -9) is taken over once its lease ran out and resumes after its last committed
 * batch, and a stopping process (SIGTERM) ends its batch, queues the job again and lets the next
 * process resume it. A batch that PostgreSQL aborts as a deadlock's victim or a serialization failure
 * runs again whole at once (`writeTransaction`, three runs at most); any other error fails the job.
 */
import { Gauge } from 'prom-client';
import { kysely } from '../db/kysely.ts';
import { exceptionClass } from '../http/error-log.ts';
import { log } from '../log.ts';
import { writeTransaction } from '../tbl/retry.ts';
import type { JobSettings } from '../config.ts';
import type { AppContext, JobKind, JobQueue } from '../types.ts';
import { advanceJob, claimJob, enqueueJob, finishJob, holdForBatch, releaseJob, renewLease, stateCounts, type Job, type NewJob } from './store.ts';

export class JobRunner implements JobQueue {
  /** This process's name in `job.locked_by`. */
  readonly owner = `${process.pid}:${crypto.randomUUID()}`;
  private readonly kinds = new Map<string, JobKind>();
  private ctx?: AppContext;
  private timer?: NodeJS.Timeout;
  private running?: Promise<void>;
  private stopped = false;
  private states?: Gauge<'state'>;
  private countedAt = 0;
  /** The job this process runs now (for the metrics and tests). */
  current?: string;

  constructor(readonly settings: JobSettings) {}

  /**
   * A module declares a kind (at its `start`); only processes knowing a kind claim its jobs.
   * @example ctx.jobs.register({ kind: 'tags.daily', batch: … })
   */
  register(kind: JobKind): void {
    this.kinds.set(kind.kind, kind);
  }

  /** The registered kinds' names. */
  kindNames(): string[] {
    return [...this.kinds.keys()];
  }

  /**
   * Queues a job (with a `dedupeKey` already used: nothing, the first's id) and looks for work at once.
   * @example const { id } = await ctx.jobs.enqueue({ kind: 'cases.derived', workspaceId, userId: s.userId, params: { kinds: ['conversion'] } })
   */
  async enqueue(job: NewJob, db = this.db()): Promise<{ id: string; created: boolean }> {
    const r = await enqueueJob(db, job);
    this.wake();
    return r;
  }

  /** Starts looking for work: now, then every `pollMs` (its timer never keeps the process alive). */
  start(ctx: AppContext): void {
    this.ctx = ctx;
    this.registerMetrics(ctx);
    this.timer = setInterval(() => this.wake(), this.settings.pollMs);
    this.timer.unref();
    this.wake();
  }

  /** Looks for work now (idle: claims; busy: nothing, the loop claims the next when done). */
  wake(): void {
    if (!this.ctx || this.stopped || this.running) return;
    this.running = this.loop().finally(() => (this.running = undefined));
  }

  /**
   * Stops: the batch in hand ends (its transaction commits), its job is queued again for the next
   * process; answers once that is done. Called as the process begins to stop, before its pool closes.
   */
  async stop(): Promise<void> {
    this.stopped = true;
    clearInterval(this.timer);
    await this.running;
  }

  private db() {
    return kysely(this.ctx!.orm.em.fork());
  }

  private stopping(): boolean {
    return this.stopped || !!this.ctx?.lifecycle.stopping;
  }

  private async loop(): Promise<void> {
    const ctx = this.ctx!;
    try {
      if (this.stopping()) return;
      await this.countStates();
      for (;;) {
        if (this.stopping()) return;
        const job = await claimJob(this.db(), this.owner, this.settings.leaseSeconds, this.kindNames());
        if (!job) return;
        await this.work(job);
        this.countedAt = 0;
      }
    } catch (e) {
      if (await ctx.orm.isConnected().catch(() => false)) log.warn({ err: e }, 'jobs: the runner failed to claim a job');
    }
  }

  /** Runs a claimed job's batches until it is done, fails, is cancelled or taken over, or the process stops. */
  private async work(claimed: Job): Promise<void> {
    const ctx = this.ctx!;
    const kind = this.kinds.get(claimed.kind)!;
    const { leaseSeconds } = this.settings;
    const heartbeat = setInterval(() => void renewLease(this.db(), claimed.id, this.owner, leaseSeconds).catch(() => undefined), (leaseSeconds * 1000) / 3);
    heartbeat.unref();
    const timer = ctx.metrics.jobSeconds.startTimer({ kind: claimed.kind });
    this.current = claimed.id;
    log.info({ job: claimed.id, kind: claimed.kind, attempt: claimed.attempts, cursor: claimed.cursor }, 'jobs: running');
    try {
      for (;;) {
        if (this.stopping()) {
          await releaseJob(this.db(), claimed.id, this.owner);
          log.info({ job: claimed.id, kind: claimed.kind }, 'jobs: stopped at a batch boundary, queued again');
          return;
        }
        // a batch aborted as a deadlock's victim or a serialization failure is run again whole (it left
        // nothing): the collision is nobody's mistake, and it neither fails the job nor uses a claim
        const step = await writeTransaction(ctx, async (em) => {
          const db = kysely(em);
          const job = await holdForBatch(db, claimed.id, this.owner, leaseSeconds);
          if (!job) return 'lost' as const;
          const total = job.total ?? (kind.total ? await kind.total({ ctx, em, job }) : null);
          const r = await kind.batch({ ctx, em, job: { ...job, total } });
          await advanceJob(db, job.id, { cursor: r.cursor, done: job.done + r.did, total });
          if (r.finished) await finishJob(db, job.id, this.owner, { state: 'done' });
          return r.finished ? ('finished' as const) : ('more' as const);
        }, `job ${claimed.kind}`);
        ctx.metrics.jobBatches.inc({ kind: claimed.kind });
        if (step === 'lost') {
          log.info({ job: claimed.id, kind: claimed.kind }, 'jobs: no longer held (cancelled, or taken over)');
          return;
        }
        if (step === 'finished') {
          ctx.metrics.jobsFinished.inc({ kind: claimed.kind, outcome: 'done' });
          log.info({ job: claimed.id, kind: claimed.kind }, 'jobs: done');
          return;
        }
      }
    } catch (e) {
      // the pool closed under it (a test's abrupt close): the lease runs out and another process resumes it
      if (!(await ctx.orm.isConnected().catch(() => false))) return;
      const id = await logJobError(ctx, claimed, e as Error);
      const message = String((e as Error).message ?? e).slice(0, 1500);
      await finishJob(this.db(), claimed.id, this.owner, { state: 'failed', error: `${message} (${id})` }).catch(() => undefined);
      ctx.metrics.jobsFinished.inc({ kind: claimed.kind, outcome: 'failed' });
    } finally {
      timer();
      clearInterval(heartbeat);
      this.current = undefined;
    }
  }

  /** `tb_jobs{state}`: the jobs of the database by state, counted by the runner's loop (at most every 10 s), not at the scrape. */
  private registerMetrics(ctx: AppContext): void {
    this.states = new Gauge({ name: 'tb_jobs', help: 'Background jobs of the database by state (queued, running, done, failed, cancelled), counted every 10 s', labelNames: ['state'], registers: [ctx.metrics.registry] });
  }

  /**
   * Counts the jobs by state for `tb_jobs`, when the last count is 10 s old (or `now`).
   * @example await ctx.jobs.countStates(true)
   */
  async countStates(now = false): Promise<void> {
    if (!this.states || (!now && Date.now() - this.countedAt < 10_000)) return;
    this.countedAt = Date.now();
    const counts = await stateCounts(this.db());
    for (const state of ['queued', 'running', 'done', 'failed', 'cancelled']) this.states.set({ state }, counts[state] ?? 0);
  }
}

/** A job's failure in the error log (no request: the job names it) and the server's log; its id. */
async function logJobError(ctx: AppContext, job: Job, err: Error): Promise<string> {
  const id = crypto.randomUUID();
  log.error({ err: { type: exceptionClass(err), message: err.message, stack: err.stack }, job: job.id, kind: job.kind }, 'jobs: a batch failed');
  await kysely(ctx.orm.em.fork())
    .insertInto('errorlog')
    .values({
      id, error_date: new Date(), exception_class: exceptionClass(err), url: `job ${job.kind} ${job.id}`, user_id: job.userId, workspace_id: job.workspaceId,
      exception_message: String(err.message ?? err).slice(0, 8000), request: null, stack_trace: String(err.stack ?? '').slice(0, 32000) || null,
    })
    .execute()
    .catch((e) => log.error({ err: e }, 'error log write failed'));
  return id;
}
