/**
 * The administrator's view of the background jobs (system permission SYSSETUP: jobs span workspaces):
 * - `GET /api/sys/jobs` → `{success, result: [{id, kind, state, done, total, attempts, error, workspaceName, userName, createdAt, startedAt, finishedAt, heartbeatAt, lockedBy}]}`,
 *   the newest 200 and every one waiting or running, newest first;
 * - `POST /api/sys/jobs/:id/cancel` → a queued or running job cancelled (a running one stops after its batch in hand);
 * - `POST /api/sys/jobs/:id/retry` → a failed or cancelled job queued again, resuming from its cursor.
 * A job that is not in a state allowing it: 409 with the reason; an unknown id: 404.
 */
import { t } from '../../engine/i18n.ts';
import { kysely } from '../db/kysely.ts';
import type { JsonSchema } from '../../engine/types.ts';
import { defineRoute, rule, type DeclaredRoute } from '../http/define-route.ts';
import { ApiError } from '../http/errors.ts';
import { log } from '../log.ts';
import type { AppContext } from '../types.ts';
import { cancelJob, listJobs, readJob, retryJob } from './store.ts';

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const done: JsonSchema = { type: 'object', required: ['success'], properties: { success: { const: true } } };
const jobList: JsonSchema = { type: 'object', required: ['success', 'result'], properties: { success: { const: true }, result: { type: 'array', items: { type: 'object' } } } };

/** The jobs' routes, declared: SYSSETUP, checked by the host. */
export function jobRoutes(ctx: AppContext): DeclaredRoute[] {
  const db = () => kysely(ctx.orm.em.fork());
  const sysadmin = rule.perm('SYSSETUP');

  /** Cancels or queues again the path's job: 404 for an unknown id, 409 when its state does not allow it. */
  const change = (op: 'cancel' | 'retry') => defineRoute({
    method: 'POST', path: `/api/sys/jobs/:id/${op}`, rule: sysadmin,
    summary: op === 'cancel' ? 'A queued or running background job cancelled' : 'A failed or cancelled background job queued again, resuming from its cursor',
    answer: done,
    handler: async (c) => {
      const s = c.get('session');
      const id = c.req.param('id');
      const job = uuid.test(id) ? await readJob(db(), id) : undefined;
      if (!job) throw new ApiError(404, [{ field: 'id', msg: t(s.lang, 'msg.notFound') }]);
      const ok = op === 'cancel' ? await cancelJob(db(), id) : await retryJob(db(), id);
      if (!ok) throw new ApiError(409, [{ field: null, msg: t(s.lang, `job.msg.${op}State`, { state: t(s.lang, `job.states.${job.state}`) }) }]);
      log.info({ job: id, kind: job.kind, userId: s.userId }, `jobs: ${op === 'cancel' ? 'cancelled' : 'queued again'} by an administrator`);
      if (op === 'retry') ctx.jobs.wake();
      return c.json({ success: true });
    },
  });

  return [
    defineRoute({
      method: 'GET', path: '/api/sys/jobs', rule: sysadmin, summary: 'The background jobs of the installation: the newest 200 and every one waiting or running',
      answer: jobList,
      handler: async (c) => {
        const jobs = await listJobs(db());
        const ids = (xs: (string | null)[]) => [...new Set(xs.filter((x): x is string => !!x))];
        const users = ids(jobs.map((j) => j.userId));
        const workspaces = ids(jobs.map((j) => j.workspaceId));
        const userNames = new Map(users.length ? (await db().selectFrom('sysuser').select(['id', 'name']).where('id', 'in', users).execute()).map((u) => [String(u.id), String(u.name)]) : []);
        const wsNames = new Map(workspaces.length ? (await db().selectFrom('workspace').select(['id', 'name']).where('id', 'in', workspaces).execute()).map((w) => [String(w.id), String(w.name)]) : []);
        return c.json({
          success: true,
          result: jobs.map((j) => ({
            id: j.id, kind: j.kind, state: j.state, done: j.done, total: j.total, attempts: j.attempts, error: j.error,
            workspaceName: j.workspaceId ? (wsNames.get(j.workspaceId) ?? null) : null, userName: j.userId ? (userNames.get(j.userId) ?? null) : null,
            createdAt: j.createdAt, startedAt: j.startedAt, finishedAt: j.finishedAt, heartbeatAt: j.heartbeatAt, lockedBy: j.lockedBy,
          })),
        });
      },
    }),
    change('cancel'),
    change('retry'),
  ];
}
