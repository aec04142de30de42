/**
 * Recomputing the cases' derived columns (`x-derived`: latest results, culture and smear conversion)
 * over many cases, as a background job (`server/jobs/`), never in a request's transaction:
 * - a workspace switching its WHO definitions (`tbDefinitions`: the 2021 update or the 2013 revision,
 *   `conversion.ts`): the switch's save queues the job for that workspace, in its own transaction
 *   (a switch rolled back queues nothing);
 * - a start whose derived declarations differ from those the cases were computed by (the smear
 *   conversion's columns added empty by their migration): the back-fill over every workspace, once
 *   per set of declarations.
 * Each batch takes the next cases by id that have a row in a table feeding a derived column, locks
 * them (a concurrent exam save waits, then computes from what the batch wrote) and recomputes them
 * through the writer's system door (a value that differs bumps the version and is fed; no history entry).
 */
import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import type { Registry } from '../../engine/registry.ts';
import { systemSession } from '../../server/auth/system-session.ts';
import { kysely } from '../../server/db/kysely.ts';
import { afterCommit } from '../../server/db/transaction.ts';
import type { JobKind } from '../../server/types.ts';
import { enqueueJob } from '../../server/jobs/store.ts';
import type { AppContext, HooksOn } from '../../server/types.ts';
import { derivedFields, refreshDerived } from './derived.ts';

/** Cases a batch recomputes: each costs a read of its exams and, when a value changed, a write. */
const BATCH = 200;

/** The tables feeding the cases' derived columns (`exammic`, `examcul`…) with the column naming the case. */
const sources = (registry: Registry) => [...new Map(derivedFields(registry).map((d) => [d.from.name, { table: d.from.name, parent: d.parentField.column }])).values()];

/** Cases of the job's workspace (of every one when none) with a row in a feeding table, after `after`. */
const feeding = (registry: Registry, workspaceId: string | null) => {
  const exists = sql.join(sources(registry).map((s) => sql`exists (select 1 from ${sql.table(s.table)} e where e.${sql.ref(s.parent)} = c.id)`), sql` or `);
  return sql`(${exists})${workspaceId ? sql` and c.workspace_id = ${workspaceId}` : sql``}`;
};

/**
 * The job recomputing the derived columns of a workspace's cases (`workspaceId`), or of every
 * workspace's (none): batches of cases by id, the cursor `{after}` the last case done.
 */
export const derivedRefillKind: JobKind = {
  kind: 'cases.derived',
  async total({ ctx, em, job }) {
    if (!sources(ctx.registry).length) return 0;
    return Number((await sql<{ n: number }>`select count(*)::int as n from tbcase c where ${feeding(ctx.registry, job.workspaceId)}`.execute(kysely(em))).rows[0].n);
  },
  async batch({ ctx, em, job }) {
    const from = sources(ctx.registry);
    if (!from.length) return { cursor: job.cursor, did: 0, finished: true };
    const after = String(job.cursor?.after ?? '00000000-0000-0000-0000-000000000000');
    const cases = (
      await sql<{ id: string; workspace_id: string }>`select c.id, c.workspace_id from tbcase c where c.id > ${after}::uuid and ${feeding(ctx.registry, job.workspaceId)}
        order by c.id limit ${BATCH} for update of c`.execute(kysely(em))
    ).rows;
    if (!cases.length) return { cursor: job.cursor, did: 0, finished: true };
    const byWorkspace = new Map<string, string[]>();
    for (const c of cases) byWorkspace.set(String(c.workspace_id), [...(byWorkspace.get(String(c.workspace_id)) ?? []), String(c.id)]);
    for (const [workspaceId, ids] of byWorkspace) {
      for (const s of from) await refreshDerived({ em, ctx, session: systemSession(workspaceId, '') }, s.table, ids);
    }
    return { cursor: { after: String(cases.at(-1)!.id) }, did: cases.length, finished: false };
  },
};

/** What the derived columns are: which column is computed how from which table's field. */
const derivedDigest = (registry: Registry) =>
  createHash('sha1')
    .update(derivedFields(registry).map((d) => `${d.table.name}.${d.field.column}=${d.kind}(${d.from.name}.${d.source.column})`).sort().join('\n'))
    .digest('hex');

/**
 * At start: queues the back-fill of every case's derived columns when their declarations are ones
 * the cases were never computed by (once per set of declarations, whichever process starts first).
 * @example await queueDerivedBackfill(ctx) // { id, created: true } on the first start after the smear conversion's columns
 */
export async function queueDerivedBackfill(ctx: AppContext): Promise<{ id: string; created: boolean }> {
  return ctx.jobs.enqueue({ kind: derivedRefillKind.kind, dedupeKey: `cases.derived:${derivedDigest(ctx.registry)}`, params: { reason: 'declarations' } }, kysely(ctx.orm.em.fork()));
}

/** A workspace switching its WHO definitions queues the recompute of its cases, in the switch's transaction. */
export const definitionHooks: HooksOn<'workspace'> = {
  async afterSave({ em, ctx, session, id, doc, prev, isNew }) {
    const was = (prev as { tbDefinitions?: string } | undefined)?.tbDefinitions ?? 'WHO2021';
    const now = doc.tbDefinitions ?? 'WHO2021';
    if (isNew || !prev || was === now) return;
    await enqueueJob(kysely(em), { kind: derivedRefillKind.kind, workspaceId: id, userId: session.userId || null, params: { reason: 'definitions', from: was, to: now } });
    void afterCommit(em, () => ctx.jobs.wake(), 'jobs');
  },
};
