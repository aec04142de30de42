/**
 * The automatic tags' rows of `casetag` (a case ↔ a tag), written set-based through the writer's
 * batch door (server/tbl/batch-write.ts): the links that no longer hold are deleted and the new ones
 * inserted, a statement each whatever their number, each fed to the change log as a derived change
 * (no user, no history entry), so the offline client sees automatic tags come and go like any change
 * (the per-unit tag counters are kept by triggers on the table). A list of ids goes to PostgreSQL as
 * one array parameter (`'{…}'::uuid[]`, the same on PGlite). Manual tags' links are never touched:
 * every statement names the automatic tags it may change. A recompute skips a case another
 * transaction is writing (its row locked): that write recomputes the case's tags itself.
 */
import { sql } from 'kysely';
import { kysely } from '../../server/db/kysely.ts';
import { batchDelete, batchInsert } from '../../server/tbl/batch-write.ts';
import type { SystemWriteContext } from '../../server/tbl/system-write.ts';

/** A list of uuids as one array parameter. */
const list = (xs: Iterable<string>) => `{${[...xs].join(',')}}`;

/** New links of cases to tags, each with its id. */
const links = (pairs: { caseId: string; tagId: string }[]) => pairs.map((p) => ({ id: crypto.randomUUID(), ...p }));

/**
 * Makes `caseIds` exactly the cases of the workspace carrying the tag: one statement finds the links
 * no longer holding, one the cases lacking the link, whatever the number of cases; the batch door
 * deletes and inserts them.
 * @example await setTagCases(x, tagId, ['0b6…', '1c7…']) // other cases lose the tag
 */
export async function setTagCases(x: SystemWriteContext, tagId: string, caseIds: string[]): Promise<void> {
  const db = kysely(x.em);
  const ws = x.session.workspaceId;
  const ids = list(caseIds);
  const gone = await sql<{ id: string }>`select c.id from casetag c where c.workspace_id = ${ws} and c.tag_id = ${tagId}
    and not exists (select 1 from unnest(${ids}::uuid[]) m(id) where m.id = c.case_id)`.execute(db);
  await batchDelete(x, 'casetag', gone.rows.map((r) => String(r.id)), 'derived');
  if (!caseIds.length) return;
  const lacking = await sql<{ id: string }>`select t.id from tbcase t
    where t.workspace_id = ${ws} and t.id = any(${ids}::uuid[])
      and not exists (select 1 from casetag c where c.workspace_id = ${ws} and c.case_id = t.id and c.tag_id = ${tagId})
    for key share of t skip locked`.execute(db);
  await batchInsert(x, 'casetag', links(lacking.rows.map((r) => ({ caseId: String(r.id), tagId }))), 'derived');
}

/**
 * Makes each case's automatic tags (among `autoTagIds`) exactly those `matched` names for it; its
 * manual tags stay. One statement reads the cases' links, one deletes, one inserts.
 * @example await setCasesTags(x, [onTreatment, closed], new Map([[caseId, new Set([onTreatment])]]))
 */
export async function setCasesTags(x: SystemWriteContext, autoTagIds: string[], matched: Map<string, Set<string>>): Promise<void> {
  if (!autoTagIds.length || !matched.size) return;
  const held = await sql<{ id: string; case_id: string; tag_id: string }>`select id, case_id, tag_id from casetag
    where workspace_id = ${x.session.workspaceId} and case_id = any(${list(matched.keys())}::uuid[])
      and tag_id = any(${list(autoTagIds)}::uuid[])`.execute(kysely(x.em));
  const has = new Set(held.rows.map((r) => `${r.case_id} ${r.tag_id}`));
  await batchDelete(x, 'casetag', held.rows.filter((r) => !matched.get(String(r.case_id))?.has(String(r.tag_id))).map((r) => String(r.id)), 'derived');
  const wanted = [...matched].flatMap(([caseId, tags]) => [...tags].map((tagId) => ({ caseId, tagId })));
  await batchInsert(x, 'casetag', links(wanted.filter((p) => !has.has(`${p.caseId} ${p.tagId}`))), 'derived');
}
