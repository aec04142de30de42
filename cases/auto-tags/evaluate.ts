/**
 * Which cases an automatic tag's SQL condition holds for, asked only inside the tags' sandbox
 * (catalogues/tags/sandbox.ts: views of one workspace, read-only, a statement timeout, rolled back):
 * the answer — case ids — is all that leaves it. The conditions were checked when the tag was saved
 * (catalogues/tags/check-condition.ts); a condition that still fails on some case's data counts as
 * not holding there.
 */
import { sql, type Kysely } from 'kysely';
import type { Em } from '../../server/db/orm.ts';
import type { AppContext } from '../../server/types.ts';
import { kysely, type Database } from '../../server/db/kysely.ts';
import { createSandbox, inSandbox, sandboxSchema } from '../../catalogues/tags/sandbox.ts';
import { conditionProblem } from '../../catalogues/tags/condition-text.ts';
import { log } from '../../server/log.ts';

/** An automatic tag as its recomputation needs it. */
export interface AutoTag {
  id: string;
  condition: string;
}

/**
 * The active automatic tags of a workspace (with a condition), optionally only those refreshed daily.
 * @example await autoTags(em, ws) // [{id, condition: "tbcase.state = 'ONTREATMENT'"}]
 */
export async function autoTags(em: Em, workspaceId: string, opts: { daily?: boolean; ids?: string[] } = {}): Promise<AutoTag[]> {
  let q = kysely(em)
    .selectFrom('tag')
    .select(['id', 'sql_condition as condition'])
    .where('workspace_id', '=', workspaceId)
    .where('auto_generated', '=', true)
    .where('active', '=', true)
    .where('sql_condition', 'is not', null);
  if (opts.daily) q = q.where('daily_update', '=', true);
  if (opts.ids) q = q.where('id', 'in', opts.ids.length ? opts.ids : ['00000000-0000-0000-0000-000000000000']);
  return (await q.orderBy('id').execute()) as AutoTag[];
}

/**
 * The tags whose stored condition still passes the gate (catalogues/tags/condition-text.ts): the
 * text is put into SQL, so it is checked again before every run, not only when the tag was saved
 * (a migration may have dropped a column it names).
 */
async function admitted(ctx: AppContext, tags: AutoTag[]): Promise<AutoTag[]> {
  const { columns } = await createSandbox(ctx);
  return tags.filter((t) => !conditionProblem(t.condition, { columns }));
}

/** The tables a workspace-wide condition reads: the patient only when it may name it. */
const from = (condition: string, withPatient: boolean) =>
  withPatient || /patient/i.test(condition) ? sql.raw('tbcase join patient on patient.id = tbcase.patient_id') : sql.raw('tbcase');

/** A list of uuids as one array parameter (`'{…}'::uuid[]`, the same on PGlite). */
const uuids = (ids: Iterable<string>) => `{${[...ids].join(',')}}`;

/**
 * For each of `caseIds`, the ids of the `tags` whose condition holds: one statement for all the tags
 * over the cases, run without the workspace's check lock (it is a few rows, and a case save must not
 * wait for a tag editor). The cases and their patients are taken by id into materialized CTEs named
 * like the tables (each an index lookup: a join with the security-barrier views would read every
 * patient of the workspace). If that statement fails (a condition errs on these cases' data, or runs
 * too long), each tag is asked alone and a failing one holds for none of them (its id added to `failed`, when given).
 * @example await matchCases(em, ctx, ws, tags, [caseId]) // Map { caseId => Set { tagId } }
 */
export async function matchCases(em: Em, ctx: AppContext, workspaceId: string, tags: AutoTag[], caseIds: string[], failed?: Set<string>): Promise<Map<string, Set<string>>> {
  const out = new Map(caseIds.map((id) => [id, new Set<string>()]));
  tags = await admitted(ctx, tags);
  if (!tags.length || !caseIds.length) return out;
  const ask = (list: AutoTag[]) => (db: Kysely<Database>) => {
    const flags = sql.join(list.map((t, i) => sql`coalesce((${sql.raw(t.condition)}), false) as ${sql.id(`t${i}`)}`));
    // the cases' patients through the cases just read: no statement of its own
    return sql<Record<string, unknown>>`with tbcase as materialized (select * from ${sql.id(sandboxSchema, 'tbcase')} where id = any(${uuids(caseIds)}::uuid[])),
      patient as materialized (select * from ${sql.id(sandboxSchema, 'patient')} where id in (select patient_id from tbcase))
      select tbcase.id, ${flags} from tbcase left join patient on patient.id = tbcase.patient_id`.execute(db);
  };
  const collect = (list: AutoTag[], found: Record<string, unknown>[]) => {
    for (const r of found) list.forEach((t, i) => r[`t${i}`] === true && out.get(String(r.id))?.add(t.id));
  };
  try {
    collect(tags, (await inSandbox(em, ctx, workspaceId, ask(tags), { lock: 'none' })).rows);
  } catch {
    for (const t of tags) {
      try {
        collect([t], (await inSandbox(em, ctx, workspaceId, ask([t]), { lock: 'none' })).rows);
      } catch (e) {
        failed?.add(t.id);
        log.warn({ tag: t.id, cases: caseIds.length, code: (e as { code?: string }).code ?? 'error' }, 'auto-tags: tag not evaluated');
      }
    }
  }
  return out;
}

/**
 * The ids of every case of the workspace the tag's condition holds for: one statement over the
 * workspace's cases (the patient joined only when the condition names it), queued behind a running
 * check of the same workspace. Throws the database's error (a timeout, an error on some case's data).
 * @example await matchWorkspace(em, ctx, ws, tag) // ['0b6…', …]
 */
export async function matchWorkspace(em: Em, ctx: AppContext, workspaceId: string, tag: AutoTag): Promise<string[]> {
  if (!(await admitted(ctx, [tag])).length) return [];
  const run = (withPatient: boolean) =>
    inSandbox(
      em,
      ctx,
      workspaceId,
      async (db) => {
        // every case is read: a hash join, never a nested loop over the views (which, without
        // statistics — PGlite, a fresh import — reads the patients once per case)
        await sql`set local enable_nestloop = off`.execute(db);
        return sql<{ id: string }>`select tbcase.id from ${from(tag.condition, withPatient)} where (${sql.raw(tag.condition)})`.execute(db);
      },
      { lock: 'wait' },
    );
  try {
    return (await run(false)).rows.map((r) => String(r.id));
  } catch (e) {
    // an unqualified patient column (`gender = 'MALE'`) needs the patient after all
    const code = (e as { code?: string; cause?: { code?: string } }).code ?? (e as { cause?: { code?: string } }).cause?.code;
    if (code !== '42703') throw e;
    return (await run(true)).rows.map((r) => String(r.id));
  }
}
