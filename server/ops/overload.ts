/**
 * Past capacity, say so at once (DESIGN §8): a process serves at most `maxConcurrent` API requests
 * at a time and a user (a session, else an address) at most `maxPerUser` of them; the others wait in
 * a bounded first-in-first-out queue — at most `maxQueue` requests, a user at most half of it, each
 * at most `maxQueueWaitMs` — and past that are answered 503 with `Retry-After` straight away, never
 * left to wait until a client or a proxy gives up. Health and metrics are not limited: a load
 * balancer still sees the process answer.
 */
import type { MiddlewareHandler } from 'hono';
import { t } from '../../engine/i18n.ts';
import { answerHeader } from '../http/answer-headers.ts';
import { sessionToken } from '../http/request-header.ts';
import { clientIp } from '../http/client-ip.ts';
import type { OverloadLimits } from '../config.ts';
import type { AppContext, Env } from '../types.ts';

interface Waiting {
  user: string;
  start: () => void;
  timer: NodeJS.Timeout;
}

/** Why a request was refused. */
export type Refusal = 'queue full' | 'user queue full' | 'waited too long';

/**
 * The places of one process: `enter` answers when the request may run (or the reason it may not),
 * `leave` gives its place to the first waiting request whose user may run.
 * @example const g = new Gate(limits); const r = await g.enter('u1'); if (r === 'ok') try { … } finally { g.leave('u1') }
 */
export class Gate {
  running = 0;
  private readonly byUser = new Map<string, { running: number; queued: number }>();
  private readonly queue: Waiting[] = [];

  constructor(private readonly limits: OverloadLimits) {}

  get queued(): number {
    return this.queue.length;
  }

  private user(key: string) {
    let u = this.byUser.get(key);
    if (!u) this.byUser.set(key, (u = { running: 0, queued: 0 }));
    return u;
  }

  private mayRun(key: string): boolean {
    return this.running < this.limits.maxConcurrent && (this.byUser.get(key)?.running ?? 0) < this.limits.maxPerUser;
  }

  private run(key: string): void {
    this.running++;
    this.user(key).running++;
  }

  enter(key: string): 'ok' | Refusal | Promise<'ok' | Refusal> {
    // whoever waits cannot run yet (the process is full, or their user is): a request that can, runs
    if (this.mayRun(key)) {
      this.run(key);
      return 'ok';
    }
    if (this.queue.length >= this.limits.maxQueue) return 'queue full';
    const u = this.user(key);
    if (u.queued >= Math.max(1, Math.floor(this.limits.maxQueue / 2))) return 'user queue full';
    u.queued++;
    return new Promise((resolve) => {
      const waiting: Waiting = {
        user: key,
        start: () => resolve('ok'),
        timer: setTimeout(() => {
          this.queue.splice(this.queue.indexOf(waiting), 1);
          this.forget(key, 'queued');
          resolve('waited too long');
        }, this.limits.maxQueueWaitMs),
      };
      this.queue.push(waiting);
    });
  }

  leave(key: string): void {
    this.running--;
    this.forget(key, 'running');
    // the first waiting request whose user may run takes the place
    for (let i = 0; i < this.queue.length && this.running < this.limits.maxConcurrent; i++) {
      const w = this.queue[i];
      if (!this.mayRun(w.user)) continue;
      this.queue.splice(i--, 1);
      clearTimeout(w.timer);
      this.forget(w.user, 'queued');
      this.run(w.user);
      w.start();
    }
  }

  private forget(key: string, what: 'running' | 'queued'): void {
    const u = this.byUser.get(key);
    if (!u) return;
    u[what]--;
    if (!u.running && !u.queued) this.byUser.delete(key);
  }
}

/** Paths never limited: a load balancer's and a monitor's. */
const unlimited = /^\/api\/health(\/|$)/;

/**
 * The limit on `/api/*`.
 * @example app.use('/api/*', limitLoad(ctx))
 */
export const limitLoad = (ctx: AppContext): MiddlewareHandler<Env> => {
  const limits = ctx.config.overload;
  const gate = new Gate(limits);
  const { metrics } = ctx;
  metrics.load = gate; // the in-flight and queued gauges read it when Prometheus scrapes
  return async (c, next) => {
    if (unlimited.test(c.req.path)) return next();
    const key = sessionToken(c) ?? `address ${clientIp(c, ctx.config.trustProxy)}`;
    const entered = gate.enter(key);
    const outcome = typeof entered === 'string' ? entered : await entered;
    if (outcome !== 'ok') {
      metrics.refused.inc({ reason: outcome });
      answerHeader(c, 'Retry-After', String(limits.retryAfterSeconds));
      return c.json({ success: false, errors: [{ field: null, msg: t(c.get('lang') ?? 'ru', 'msg.overloaded') }] }, 503);
    }
    try {
      await next();
    } finally {
      gate.leave(key);
    }
  };
};
