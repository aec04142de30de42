import { sql, type Kysely } from 'kysely';
import { t } from '../../engine/i18n.ts';
import type { Em } from '../../server/db/orm.ts';
import type { AppContext, Session } from '../../server/http/context.ts';
import { isUuid } from '../../server/http/errors.ts';
import { aggregateFunctions, allowedFunctions, conditionProblem } from './condition-text.ts';
import { inSandbox, sandboxSchema, timeoutSeconds } from './sandbox.ts';

/** The query a condition is tried in: every case of the workspace with its patient. */
export const conditionQuery = (condition: string) =>
  `select count(*) as n from tbcase join patient on patient.id = tbcase.patient_id where (${condition})`;

/** Cases per query on PGlite: the time check between two batches can overshoot by one batch. */
export const embeddedBatch = 100;

/** Thrown when the embedded database ran out of time between batches (as PostgreSQL's timeout). */
class EmbeddedTimeout extends Error {
  readonly code = '57014';
}

/**
 * The condition over one batch of cases, evaluated once per case: the materialized CTEs named like
 * the tables hold only the batch, and an aggregate's FILTER is not pushed below the join (a
 * patient-only condition in WHERE would be, and a nested loop would then evaluate it batch² times).
 */
const batchQuery = (condition: string, ids: string[]) => {
  const list = ids.map((id) => `'${id}'`).join(',');
  return `with tbcase as materialized (select * from ${sandboxSchema}.tbcase where id = any(array[${list}]::uuid[])),
    patient as materialized (select p.* from ${sandboxSchema}.patient p where p.id in (select patient_id from tbcase))
    select count(*) filter (where (${condition})) as n from tbcase join patient on patient.id = tbcase.patient_id`;
};

/**
 * PGlite has no statement timeout, so the condition runs over the cases in batches and the clock is
 * read between them: past the timeout, the rest is not run and the condition counts as too slow.
 * The lexical gate keeps one batch cheap; this bounds the number of rows × that cost.
 */
async function runInBatches(db: Kysely<any>, condition: string): Promise<void> {
  const started = Date.now();
  const ids = (await sql<{ id: string }>`select id from ${sql.id(sandboxSchema, 'tbcase')} order by id`.execute(db)).rows.map((r) => r.id);
  if (!ids.every(isUuid)) throw new Error('unexpected case id');
  let from = 0;
  do {
    if (Date.now() - started > timeoutSeconds * 1000) throw new EmbeddedTimeout('tag condition too slow');
    await sql.raw(batchQuery(condition, ids.slice(from, from + embeddedBatch))).execute(db);
    from += embeddedBatch;
  } while (from < ids.length);
}

/**
 * Why a tag's SQL condition is refused (a localised message for the `sqlCondition` field), or
 * undefined when it is one boolean expression that runs in the sandbox. Database messages are shown
 * only for mistakes in the text itself (class 42: syntax, unknown column, wrong type), never for
 * data errors, which could quote values of the rows.
 */
export async function conditionError(em: Em, ctx: AppContext, session: Session, condition: string): Promise<string | undefined> {
  const lang = session.lang;
  const embedded = !ctx.config.databaseUrl;
  const refuse = (reason: string, vars: Record<string, unknown> = {}) => t(lang, 'tag.badCondition', { reason: t(lang, `tag.reason.${reason}`, vars) });
  const problem = conditionProblem(condition, { embedded });
  if (problem) {
    const list = [...allowedFunctions, ...(embedded ? [] : aggregateFunctions)].join(', ');
    return refuse(problem.reason, { text: problem.text, list });
  }
  try {
    await inSandbox(em, ctx, session.workspaceId, (db) => (embedded ? runInBatches(db, condition) : sql.raw(conditionQuery(condition)).execute(db).then(() => undefined)));
    return undefined;
  } catch (e) {
    const err = e as { code?: string; message?: string; cause?: { code?: string; message?: string } };
    const code = err.code ?? err.cause?.code ?? '';
    if (code === '57014') return refuse('timeout', { seconds: timeoutSeconds });
    if (code === '42501') return refuse('denied');
    if (code === '25006') return refuse('readOnly');
    if (code.startsWith('42')) return refuse('sql', { text: pgMessage(err.cause?.message ?? err.message ?? '') });
    return refuse('failed');
  }
}

/** The database's own sentence, without the query text some drivers prepend. */
const pgMessage = (message: string) => message.split(' - ').pop()!.slice(0, 300);
