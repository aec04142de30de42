/**
 * The offline client writing what the server sent: the slice of its unit's users (server/sync/slice.ts)
 * and the change feed's pages, each page in one transaction with the feed position it reaches — a
 * client stopped in the middle has applied whole pages and knows up to where, so the next
 * synchronisation neither skips nor doubles a change. Every row goes through the writer's replica door
 * (`systemReplicate`). References are checked at the commit: within a page a case may come before
 * the unit it names, and a row leaving the view goes before its sub-records' `left` entries.
 */
import { sql } from 'kysely';
import { kysely } from '../../db/kysely.ts';
import type { Em } from '../../db/orm.ts';
import { systemSession } from '../../auth/system-session.ts';
import { systemReplicate, type ReplicaChange } from '../../tbl/system-write.ts';
import type { AppContext } from '../../types.ts';
import type { SliceRow } from '../slice.ts';

/** A change as the feed gives it (docs/sync-feed.md). */
export interface FeedChange extends ReplicaChange {
  pos: string;
}

/** A feed page: `{changes, last, more}`. */
export interface FeedPage {
  changes: FeedChange[];
  last: string;
  more: boolean;
}

/** What applying counted: rows written and rows removed. */
export interface Applied {
  written: number;
  removed: number;
}

/**
 * Writes changes (feed or slice rows) into the client's database within `em`'s transaction, with the
 * references' checks deferred to its commit; tables this client does not know are skipped.
 * @example await applyChanges(em, ctx, workspaceId, page.changes) // { written: 500, removed: 0 }
 */
export async function applyChanges(em: Em, ctx: AppContext, workspaceId: string, changes: ReplicaChange[]): Promise<Applied> {
  await sql`set constraints all deferred`.execute(kysely(em));
  const x = { em, ctx, session: systemSession(workspaceId, '') };
  const out: Applied = { written: 0, removed: 0 };
  for (const c of changes) {
    if (!ctx.registry.tables.has(c.table)) continue;
    if (c.table === 'casetag' && c.op === 'create') out.removed += await dropLocalTagLinks(x, c);
    const done = await systemReplicate(x, c);
    if (done === 'removed') out.removed++;
    else if (done !== 'none') out.written++;
  }
  return out;
}

/**
 * The slice's rows as changes: each row made as the server has it (a row already at its version is left).
 * @example sliceChanges(slice.rows) // [{ table: 'workspace', id, op: 'update', version: 3, data }]
 */
export const sliceChanges = (rows: SliceRow[]): ReplicaChange[] => rows.map((r) => ({ table: r.table, id: r.id, op: 'update', version: r.version, data: r.data, unlessAt: true }));

/**
 * A case's automatic tag links are the server's: the client's own hooks linked the case to its tags
 * when it was edited here (with ids of the client), and the server's link of the same case and tag
 * replaces them.
 */
async function dropLocalTagLinks(x: { em: Em; ctx: AppContext; session: ReturnType<typeof systemSession> }, c: ReplicaChange): Promise<number> {
  const { caseId, tagId } = c.data ?? {};
  if (typeof caseId !== 'string' || typeof tagId !== 'string') return 0;
  const local = await kysely(x.em).selectFrom('casetag').select('id').where('case_id', '=', caseId).where('tag_id', '=', tagId).where('id', '<>', c.id).execute();
  for (const l of local) await systemReplicate(x, { table: 'casetag', id: String(l.id), op: 'delete', version: 0 });
  return local.length;
}
