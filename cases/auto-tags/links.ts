/**
 * The automatic tags' rows of `casetag` (a case ↔ a tag), written set-based: a list of ids goes to
 * PostgreSQL as one array parameter (`'{…}'::uuid[]`, the same on PGlite), and only the links that
 * change are deleted or inserted (the per-unit tag counters are kept by triggers on the table).
 * Manual tags' links are never touched: every statement names the automatic tags it may change.
 *
 * The changes go to the change feed (and a delete leaves its tombstone) through the feed's batch entry
 * {@link logLinkChanges}, once, at the end of the caller's work (server/sync/changes.ts, written at the
 * commit): the offline client sees automatic tags come and go like any change.
 * A recompute skips a case another transaction is writing (its row locked): that write recomputes
 * the case's tags itself.
 */
import { sql } from 'kysely';
import type { Em } from '../../server/db/orm.ts';
import { kysely } from '../../server/db/kysely.ts';
import type { Registry } from '../../engine/registry.ts';
import { recordChanges } from '../../server/sync/changes.ts';

/** A list of uuids (or integers) as one array parameter. */
const list = (xs: Iterable<string | number>) => `{${[...xs].join(',')}}`;

/** The links a write removed (with their versions) and made (with their case and tag). */
export interface LinkChanges {
  deleted: { id: string; version: number; case_id: string; tag_id: string }[];
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
    if (kind === 'deleted') into.deleted.push({ id: String(r.id), version: Number(r.version), case_id: String(r.case_id), tag_id: String(r.tag_id) });
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
 * Records the link changes in the change feed (system changes: no user), deletes first.
 * @example await logLinkChanges(em, registry, ws, changes)
 */
export async function logLinkChanges(em: Em, registry: Registry, workspaceId: string, changes: LinkChanges): Promise<void> {
  await recordChanges(em, registry, registry.table('casetag'), { workspaceId }, [
    ...changes.deleted.map((r) => ({ rowId: r.id, op: 'delete' as const, version: r.version + 1, prev: { caseId: r.case_id, tagId: r.tag_id } })),
    ...changes.created.map((r) => ({ rowId: r.id, op: 'create' as const, version: 1, data: { caseId: r.case_id, tagId: r.tag_id } })),
  ]);
}
