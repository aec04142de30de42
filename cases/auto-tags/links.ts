/**
 * The automatic tags' rows of `casetag` (a case ↔ a tag), written set-based: a list of ids goes to
 * PostgreSQL as one array parameter (`'{…}'::uuid[]`, the same on PGlite), and only the links that
 * change are deleted or inserted (the per-unit tag counters are kept by triggers on the table).
 * Manual tags' links are never touched: every statement names the automatic tags it may change.
 */
import { sql } from 'kysely';
import type { Em } from '../../server/db/orm.ts';
import { kysely } from '../../server/db/kysely.ts';

/** A list of uuids as one array parameter. */
const uuids = (ids: Iterable<string>) => `{${[...ids].join(',')}}`;

/**
 * Makes `caseIds` exactly the cases of the workspace carrying the tag: two statements, whatever the
 * number of cases (an anti-join deletes the links no longer holding, an insert adds the new ones).
 * @example await setTagCases(em, ws, tagId, ['0b6…', '1c7…']) // other cases lose the tag
 */
export async function setTagCases(em: Em, workspaceId: string, tagId: string, caseIds: string[]): Promise<void> {
  const db = kysely(em);
  const list = uuids(caseIds);
  await sql`delete from casetag c where c.workspace_id = ${workspaceId} and c.tag_id = ${tagId}
    and not exists (select 1 from unnest(${list}::uuid[]) m(id) where m.id = c.case_id)`.execute(db);
  if (!caseIds.length) return;
  await sql`insert into casetag (id, workspace_id, case_id, tag_id)
    select gen_random_uuid(), ${workspaceId}, m.id, ${tagId} from unnest(${list}::uuid[]) m(id)
    join tbcase t on t.id = m.id and t.workspace_id = ${workspaceId}
    where not exists (select 1 from casetag c where c.workspace_id = ${workspaceId} and c.case_id = m.id and c.tag_id = ${tagId})
    on conflict (workspace_id, case_id, tag_id) do nothing`.execute(db);
}

/**
 * Makes `matched` exactly the automatic tags (among `autoTagIds`) a case carries; its manual tags stay.
 * @example await setCaseTags(em, ws, caseId, [onTreatment, closed], new Set([onTreatment]))
 */
export async function setCaseTags(em: Em, workspaceId: string, caseId: string, autoTagIds: string[], matched: Set<string>): Promise<void> {
  if (!autoTagIds.length) return;
  const db = kysely(em);
  const keep = uuids(matched);
  await sql`delete from casetag where workspace_id = ${workspaceId} and case_id = ${caseId}
    and tag_id = any(${uuids(autoTagIds)}::uuid[]) and not (tag_id = any(${keep}::uuid[]))`.execute(db);
  if (!matched.size) return;
  await sql`insert into casetag (id, workspace_id, case_id, tag_id)
    select gen_random_uuid(), ${workspaceId}, ${caseId}, m.id from unnest(${keep}::uuid[]) m(id)
    where not exists (select 1 from casetag c where c.workspace_id = ${workspaceId} and c.case_id = ${caseId} and c.tag_id = m.id)
    on conflict (workspace_id, case_id, tag_id) do nothing`.execute(db);
}
