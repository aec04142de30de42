/**
 * The automatic tags' rows of `casetag` (a case ↔ a tag), written set-based: a list of ids goes to
 * PostgreSQL as one array parameter (`'{…}'::uuid[]`, the same on PGlite), and only the links that
 * change are deleted or inserted (the per-unit tag counters are kept by triggers on the table).
 * Manual tags' links are never touched: every statement names the automatic tags it may change.
 *
 * The changes are appended to the workspace's change log (and a delete leaves its tombstone) by
 * {@link logLinkChanges}, once, at the end of the caller's work, as the table writer does row by
 * row (server/sync/changes.ts): the offline client sees automatic tags come and go like any change.
 * At the end, because the log's counter row serialises the workspace's writes: taken earlier, a
 * workspace recompute would hold it while waiting for a case being written, which waits for it.
 * For the same reason a recompute skips a case another transaction is writing (its row locked):
 * that write recomputes the case's tags itself.
 */
import { sql } from 'kysely';
import type { Em } from '../../server/db/orm.ts';
import { kysely } from '../../server/db/kysely.ts';

/** A list of uuids (or integers) as one array parameter. */
const list = (xs: Iterable<string | number>) => `{${[...xs].join(',')}}`;

/** The links a write removed (with their versions) and made (with their case and tag). */
export interface LinkChanges {
  deleted: { id: string; version: number }[];
  created: { id: string; case_id: string; tag_id: string }[];
}

/**
 * An empty set of changes to collect into.
 * @example const changes = noChanges(); await setTagCases(em, ws, tagId, ids, changes); await logLinkChanges(em, ws, changes);
 */
export const noChanges = (): LinkChanges => ({ deleted: [], created: [] });

const returned = sql`returning id, version, case_id, tag_id`;

/** Appends `more` to `into`. */
function add(into: LinkChanges, more: { rows: unknown[] }, kind: keyof LinkChanges) {
  for (const r of more.rows as Record<string, unknown>[]) {
    if (kind === 'deleted') into.deleted.push({ id: String(r.id), version: Number(r.version) });
    else into.created.push({ id: String(r.id), case_id: String(r.case_id), tag_id: String(r.tag_id) });
  }
}

/**
 * Makes `caseIds` exactly the cases of the workspace carrying the tag: two statements, whatever the
 * number of cases (an anti-join deletes the links no longer holding, an insert adds the new ones),
 * adding what changed to `changes`.
 * @example await setTagCases(em, ws, tagId, ['0b6…', '1c7…'], changes) // other cases lose the tag
 */
export async function setTagCases(em: Em, workspaceId: string, tagId: string, caseIds: string[], changes: LinkChanges): Promise<void> {
  const db = kysely(em);
  const ids = list(caseIds);
  add(changes, await sql`delete from casetag c where c.workspace_id = ${workspaceId} and c.tag_id = ${tagId}
    and not exists (select 1 from unnest(${ids}::uuid[]) m(id) where m.id = c.case_id) ${returned}`.execute(db), 'deleted');
  if (!caseIds.length) return;
  add(changes, await sql`insert into casetag (id, workspace_id, case_id, tag_id)
    select gen_random_uuid(), ${workspaceId}::uuid, t.id, ${tagId}::uuid from tbcase t
    where t.workspace_id = ${workspaceId} and t.id = any(${ids}::uuid[])
      and not exists (select 1 from casetag c where c.workspace_id = ${workspaceId} and c.case_id = t.id and c.tag_id = ${tagId})
    for key share of t skip locked
    on conflict (workspace_id, case_id, tag_id) do nothing ${returned}`.execute(db), 'created');
}

/**
 * Makes `matched` exactly the automatic tags (among `autoTagIds`) a case carries; its manual tags
 * stay. Adds what changed to `changes`.
 * @example await setCaseTags(em, ws, caseId, [onTreatment, closed], new Set([onTreatment]), changes)
 */
export async function setCaseTags(em: Em, workspaceId: string, caseId: string, autoTagIds: string[], matched: Set<string>, changes: LinkChanges): Promise<void> {
  if (!autoTagIds.length) return;
  const db = kysely(em);
  const keep = list(matched);
  add(changes, await sql`delete from casetag where workspace_id = ${workspaceId} and case_id = ${caseId}
    and tag_id = any(${list(autoTagIds)}::uuid[]) and not (tag_id = any(${keep}::uuid[])) ${returned}`.execute(db), 'deleted');
  if (!matched.size) return;
  add(changes, await sql`insert into casetag (id, workspace_id, case_id, tag_id)
    select gen_random_uuid(), ${workspaceId}::uuid, ${caseId}::uuid, m.id from unnest(${keep}::uuid[]) m(id)
    where not exists (select 1 from casetag c where c.workspace_id = ${workspaceId} and c.case_id = ${caseId} and c.tag_id = m.id)
    on conflict (workspace_id, case_id, tag_id) do nothing ${returned}`.execute(db), 'created');
}

/**
 * Appends the link changes to the change log (one statement per 20,000): the workspace's counter
 * moved by their number, one number each (deletes first), a tombstone per delete.
 * @example await logLinkChanges(em, ws, changes)
 */
export async function logLinkChanges(em: Em, workspaceId: string, changes: LinkChanges): Promise<void> {
  // a workspace's first recompute may change a million links: 20,000 a statement
  const size = 20_000;
  for (let i = 0; i < changes.deleted.length; i += size) await logChunk(em, workspaceId, { deleted: changes.deleted.slice(i, i + size), created: [] });
  for (let i = 0; i < changes.created.length; i += size) await logChunk(em, workspaceId, { deleted: [], created: changes.created.slice(i, i + size) });
}

async function logChunk(em: Em, workspaceId: string, { deleted, created }: LinkChanges): Promise<void> {
  const ws = sql`${workspaceId}::uuid`;
  await sql`with d as (select * from unnest(${list(deleted.map((r) => r.id))}::uuid[], ${list(deleted.map((r) => r.version))}::int[]) as d(id, version)),
    c as (select * from unnest(${list(created.map((r) => r.id))}::uuid[], ${list(created.map((r) => r.case_id))}::uuid[], ${list(created.map((r) => r.tag_id))}::uuid[]) as c(id, case_id, tag_id)),
    r as (select 0 as k, d.id, 'delete' as op, d.version + 1 as v, null::jsonb as data from d
          union all select 1, c.id, 'create', 1, jsonb_build_object('caseId', c.case_id, 'tagId', c.tag_id) from c),
    n as (select count(*)::int as k from r),
    s as (insert into changeseq as q (id, workspace_id, seq) select gen_random_uuid(), ${ws}, n.k from n
      on conflict (workspace_id) do update set seq = q.seq + excluded.seq, updated_at = now() returning q.seq),
    logged as (insert into changelog (id, workspace_id, seq, table_name, row_id, op, row_version, data, changed_at)
      select gen_random_uuid(), ${ws}, s.seq - n.k + (row_number() over (order by r.k, r.id))::int, 'casetag', r.id, r.op, r.v, r.data, now()
      from r, n, s returning 1)
    insert into tombstone (id, workspace_id, table_name, row_id, row_version, deleted_at)
    select gen_random_uuid(), ${ws}, 'casetag', d.id, d.version + 1, now() from d`.execute(kysely(em));
}
