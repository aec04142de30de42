/**
 * Recomputing automatic tags: for the cases just written (in their write's transaction), for one tag
 * over its workspace (when the tag is saved), and for every daily tag of a workspace (./daily.ts).
 */
import type { Em } from '../../server/db/orm.ts';
import type { AppContext } from '../../server/types.ts';
import { autoTags, matchCases, matchWorkspace, type AutoTag } from './evaluate.ts';
import { systemSession } from '../../server/auth/system-session.ts';
import type { SystemWriteContext } from '../../server/tbl/system-write.ts';
import { setCasesTags, setTagCases } from './links.ts';
import { log } from '../../server/log.ts';
import { deferIn, onDeferred } from '../../server/db/deferred.ts';

/** The key under which a batch of writes (an offline client's upload) puts the case tags off to its end. */
export const DEFERRED_CASE_TAGS = 'auto-tags';

/** The automatic tags' writes: the system's, in the caller's transaction (no user, no history entry). */
const system = (em: Em, ctx: AppContext, workspaceId: string): SystemWriteContext => ({ em, ctx, session: systemSession(workspaceId, '') });

/**
 * Recomputes the automatic tags of some cases of a workspace, in the caller's transaction: call it
 * after changing case or patient columns by hand (raw SQL); writes through the table writer get it
 * from the hooks (./hooks.ts). Inside a batch that defers them (an offline client's upload,
 * server/sync/push.ts) the cases are collected and recomputed together at its end. Never fails the write for a condition that errs (see matchCases).
 * @example await refreshCaseTags(em, ctx, session.workspaceId, [caseId])
 */
export async function refreshCaseTags(em: Em, ctx: AppContext, workspaceId: string, caseIds: (string | null | undefined)[]): Promise<void> {
  const ids = [...new Set(caseIds.filter((id): id is string => typeof id === 'string' && id !== ''))];
  if (!ids.length) return;
  // a batch of writes (server/db/deferred.ts) recomputes them once, for all its cases, at its end
  if (deferIn(em, DEFERRED_CASE_TAGS, ids.map((id) => `${workspaceId}|${id}`))) return;
  const tags = await autoTags(em, workspaceId);
  if (!tags.length) return;
  const matches = await matchCases(em, ctx, workspaceId, tags, ids);
  await setCasesTags(system(em, ctx, workspaceId), tags.map((t) => t.id), matches);
}

onDeferred(DEFERRED_CASE_TAGS, async (em, ctx, items) => {
  const byWorkspace = new Map<string, string[]>();
  for (const item of items) {
    const [ws, id] = item.split('|');
    byWorkspace.set(ws, [...(byWorkspace.get(ws) ?? []), id]);
  }
  for (const [ws, ids] of byWorkspace) await refreshCaseTags(em, ctx, ws, ids);
});

/**
 * Recomputes one automatic tag over every case of its workspace (set-based: one statement finds the
 * cases, two find and two write the changed links). Throws the database's error when the condition fails.
 * @example await refreshTag(em, ctx, ws, { id, condition: "tbcase.state = 'CLOSED'" })
 */
export async function refreshTag(em: Em, ctx: AppContext, workspaceId: string, tag: AutoTag): Promise<void> {
  const done = ctx.metrics.tagRefreshSeconds.startTimer({ scope: 'tag' });
  await setTagCases(system(em, ctx, workspaceId), tag.id, await matchWorkspace(em, ctx, workspaceId, tag));
  done();
}

/**
 * Takes an automatic tag off every case (the tag was made inactive, or manual).
 * @example await clearTag(em, ctx, ws, tagId)
 */
export async function clearTag(em: Em, ctx: AppContext, workspaceId: string, tagId: string): Promise<void> {
  await setTagCases(system(em, ctx, workspaceId), tagId, []);
}

/**
 * Recomputes the active automatic tags of a workspace (`daily`: only those marked for the daily
 * refresh); a tag whose condition fails is left as it was and logged. Answers how many were done.
 * @example await refreshWorkspaceTags(em, ctx, ws, { daily: true }) // 1
 */
export async function refreshWorkspaceTags(em: Em, ctx: AppContext, workspaceId: string, opts: { daily?: boolean } = {}): Promise<number> {
  const timer = ctx.metrics.tagRefreshSeconds.startTimer({ scope: 'workspace' });
  let done = 0;
  for (const tag of await autoTags(em, workspaceId, opts)) {
    let cases: string[];
    try {
      cases = await matchWorkspace(em, ctx, workspaceId, tag);
    } catch (e) {
      log.warn({ tag: tag.id, code: (e as { code?: string }).code ?? (e as Error).message }, 'auto-tags: tag not refreshed');
      continue;
    }
    await setTagCases(system(em, ctx, workspaceId), tag.id, cases);
    done++;
  }
  timer();
  return done;
}
