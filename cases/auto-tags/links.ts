/**
 * The automatic tags' rows of `casetag` (a case ↔ a tag), written set-based: a list of ids goes to
 * PostgreSQL as one array parameter (`'{…}'::uuid[]`, the same on PGlite), and only the links that
 * change are deleted or inserted (the per-unit tag counters are kept by triggers on the table).
 * Each statement also appends its rows to the workspace's change log (and a delete its tombstones),
 * numbered from the workspace's counter in the same statement, as the table writer does row by row
 * (server/sync/changes.ts): the offline client sees automatic tags come and go like any change.
 * Manual tags' links are never touched: every statement names the automatic tags it may change.
 */
import { sql, type RawBuilder } from 'kysely';
import type { Em } from '../../server/db/orm.ts';
import { kysely } from '../../server/db/kysely.ts';

/** A list of uuids as one array parameter. */
const uuids = (ids: Iterable<string>) => `{${[...ids].join(',')}}`;

/**
 * `dml` (a delete or insert on casetag returning `id, version, case_id, tag_id`) with its change-log
 * entries: the counter row moved by the number of rows, each row one number, in one statement.
 */
function tracked(workspaceId: string, op: 'create' | 'delete', dml: RawBuilder<unknown>) {
  const ws = sql`${workspaceId}::uuid`;
  const version = op === 'create' ? sql`1` : sql`r.version + 1`;
  const data = op === 'create' ? sql`jsonb_build_object('caseId', r.case_id, 'tagId', r.tag_id)` : sql`null::jsonb`;
  const last =
    op === 'delete'
      ? sql`insert into tombstone (id, workspace_id, table_name, row_id, row_version, deleted_at)
          select gen_random_uuid(), ${ws}, 'casetag', r.id, r.version + 1, now() from r`
      : sql`select count(*) from logged`;
  return sql`with r as (${dml}),
    n as (select count(*)::int as k from r),
    s as (insert into changeseq as q (id, workspace_id, seq) select gen_random_uuid(), ${ws}, n.k from n where n.k > 0
      on conflict (workspace_id) do update set seq = q.seq + excluded.seq, updated_at = now() returning q.seq),
    logged as (insert into changelog (id, workspace_id, seq, table_name, row_id, op, row_version, data, changed_at)
      select gen_random_uuid(), ${ws}, s.seq - n.k + (row_number() over (order by r.id))::int, 'casetag', r.id, ${op}, ${version}, ${data}, now()
      from r, n, s returning 1)
    ${last}`;
}

const returned = sql`returning id, version, case_id, tag_id`;

/**
 * Makes `caseIds` exactly the cases of the workspace carrying the tag: two statements, whatever the
 * number of cases (an anti-join deletes the links no longer holding, an insert adds the new ones).
 * @example await setTagCases(em, ws, tagId, ['0b6…', '1c7…']) // other cases lose the tag
 */
export async function setTagCases(em: Em, workspaceId: string, tagId: string, caseIds: string[]): Promise<void> {
  const db = kysely(em);
  const list = uuids(caseIds);
  await tracked(workspaceId, 'delete', sql`delete from casetag c where c.workspace_id = ${workspaceId} and c.tag_id = ${tagId}
    and not exists (select 1 from unnest(${list}::uuid[]) m(id) where m.id = c.case_id) ${returned}`).execute(db);
  if (!caseIds.length) return;
  await tracked(workspaceId, 'create', sql`insert into casetag (id, workspace_id, case_id, tag_id)
    select gen_random_uuid(), ${workspaceId}::uuid, m.id, ${tagId}::uuid from unnest(${list}::uuid[]) m(id)
    join tbcase t on t.id = m.id and t.workspace_id = ${workspaceId}
    where not exists (select 1 from casetag c where c.workspace_id = ${workspaceId} and c.case_id = m.id and c.tag_id = ${tagId})
    on conflict (workspace_id, case_id, tag_id) do nothing ${returned}`).execute(db);
}

/**
 * Makes `matched` exactly the automatic tags (among `autoTagIds`) a case carries; its manual tags stay.
 * @example await setCaseTags(em, ws, caseId, [onTreatment, closed], new Set([onTreatment]))
 */
export async function setCaseTags(em: Em, workspaceId: string, caseId: string, autoTagIds: string[], matched: Set<string>): Promise<void> {
  if (!autoTagIds.length) return;
  const db = kysely(em);
  const keep = uuids(matched);
  await tracked(workspaceId, 'delete', sql`delete from casetag where workspace_id = ${workspaceId} and case_id = ${caseId}
    and tag_id = any(${uuids(autoTagIds)}::uuid[]) and not (tag_id = any(${keep}::uuid[])) ${returned}`).execute(db);
  if (!matched.size) return;
  await tracked(workspaceId, 'create', sql`insert into casetag (id, workspace_id, case_id, tag_id)
    select gen_random_uuid(), ${workspaceId}::uuid, ${caseId}::uuid, m.id from unnest(${keep}::uuid[]) m(id)
    where not exists (select 1 from casetag c where c.workspace_id = ${workspaceId} and c.case_id = ${caseId} and c.tag_id = m.id)
    on conflict (workspace_id, case_id, tag_id) do nothing ${returned}`).execute(db);
}
