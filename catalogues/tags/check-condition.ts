/**
 * Checks a tag's SQL condition on save: the gate (./condition-text.ts), then a run in the sandbox
 * (./sandbox.ts). Two rules keep the answer from telling anything about cases:
 * - a database error is never shown: it is mapped to the rule that failed (syntax, unknown name,
 *   type, data, too slow, too large, not allowed), since its text may quote values of the rows
 *   (`cast(patient.name as regclass)` → `relation "Дмитрий" does not exist`);
 * - the condition runs over the workspace's cases only when the saving user may read all of them
 *   (the case permission CASEMAN and a view of the whole workspace). For anyone else it runs over no
 *   cases — compiled and planned, never evaluated on a row — so "saved" or "refused" says nothing
 *   about any case (`case when patient.last_name = 'X' then 1/0 end` saves alike either way).
 */
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../server/db/kysely.ts';
import { t } from '../../engine/i18n.ts';
import type { Em } from '../../server/db/orm.ts';
import type { AppContext, Session } from '../../server/types.ts';
import { isUuid } from '../../server/http/errors.ts';
import { hasPermission } from '../../server/http/middleware.ts';
import { seesWholeWorkspace } from '../../server/scope/view.ts';
import { allowedFunctions, allowedTypes, conditionProblem, maxConditionLength } from './condition-text.ts';
import { createSandbox, inSandbox, sandboxSchema, timeoutSeconds } from './sandbox.ts';

/** The query a condition is tried in: every case of the workspace with its patient. */
export const conditionQuery = (condition: string) =>
  `select count(*) as n from tbcase join patient on patient.id = tbcase.patient_id where (${condition})`;

/** On PGlite, the time one batch of cases should take: batches grow or shrink toward it. */
export const embeddedBatchMs = 100;

/** Thrown when the embedded database ran out of time between batches (as PostgreSQL's timeout). */
class EmbeddedTimeout extends Error {
  readonly code = '57014';
}

/**
 * The condition over one batch of cases, evaluated once per case: the materialized CTEs named like
 * the tables hold only the batch, and an aggregate's FILTER is not pushed below the join (a
 * patient-only condition in WHERE would be, and a nested loop would then evaluate it batch² times).
 * Both CTEs take their rows by id, so a batch costs its own cases whatever the plan: PGlite never
 * analyzes, and without statistics a patient CTE written `where id in (select patient_id from
 * tbcase)` was planned as a nested loop over every patient of the workspace for each case of the
 * batch (once the patient table grew wider, 58ad816) — 1 ms of CPU a case at 3,000 cases, so a cheap
 * condition over them ran out of time.
 */
const batchQuery = (condition: string, batch: CaseRef[]) => {
  const list = (ids: string[]) => ids.map((id) => `'${id}'`).join(',');
  return `with tbcase as materialized (select * from ${sandboxSchema}.tbcase where id = any(array[${list(batch.map((c) => c.id))}]::uuid[])),
    patient as materialized (select * from ${sandboxSchema}.patient where id = any(array[${list(batch.map((c) => c.patient_id))}]::uuid[]))
    select count(*) filter (where (${condition})) as n from tbcase join patient on patient.id = tbcase.patient_id`;
};

/** A case of the sandbox and its patient, as the batches take them. */
interface CaseRef {
  id: string;
  patient_id: string;
}

/**
 * The clock of a check on PGlite, which runs in this process: the process's CPU time (what the check
 * costs, whatever else the machine is doing), and wall time as a backstop at three times the limit.
 */
function embeddedClock() {
  const cpu = process.cpuUsage();
  const wall = Date.now();
  return () => {
    const used = process.cpuUsage(cpu);
    return (used.user + used.system) / 1000 > timeoutSeconds * 1000 || Date.now() - wall > 3 * timeoutSeconds * 1000;
  };
}

/**
 * PGlite has no statement timeout, so the condition runs over the cases in batches and the clock is
 * read between them: past the timeout, the rest is not run and the condition counts as too slow.
 * The gate keeps one evaluation cheap (milliseconds); batches start at one case and double while
 * they take under `embeddedBatchMs` (halving above twice that), so the clock is overshot by about
 * one batch's time whatever a case costs.
 */
async function runInBatches(db: Kysely<Database>, condition: string): Promise<void> {
  const overTime = embeddedClock();
  const ids = (await sql<CaseRef>`select id, patient_id from ${sql.id(sandboxSchema, 'tbcase')} order by id`.execute(db)).rows;
  if (!ids.every((c) => isUuid(c.id) && isUuid(c.patient_id))) throw new Error('unexpected case id');
  let from = 0;
  let size = 1;
  do {
    if (overTime()) throw new EmbeddedTimeout('tag condition too slow');
    const batchStarted = Date.now();
    await sql.raw(batchQuery(condition, ids.slice(from, from + size))).execute(db);
    from += size;
    const took = Date.now() - batchStarted;
    if (took < embeddedBatchMs) size = Math.min(size * 2, 1000);
    else if (took > 2 * embeddedBatchMs) size = Math.max(1, Math.floor(size / 2));
  } while (from < ids.length);
}

/** Whether the user may read every case of the workspace, so a check over them tells nothing new. */
export const readsAllCases = (s: Session) => hasPermission(s, 'CASEMAN') && seesWholeWorkspace(s);

/**
 * The rule a database error broke, from its SQLSTATE alone (the message is never used).
 * @example reasonOf('42703') // 'unknownName'
 */
export function reasonOf(code: string): string {
  if (code === 'busy') return 'busy';
  if (code === '57014') return 'timeout';
  if (code === '42501') return 'denied';
  if (code === '25006') return 'readOnly';
  if (code === '42601') return 'syntax';
  if (['42703', '42P01', '42702', '42P09', '42704'].includes(code)) return 'unknownName';
  if (code.startsWith('42')) return 'type';
  if (code.startsWith('53') || code.startsWith('54')) return 'tooBig';
  if (code.startsWith('22')) return 'data';
  return 'failed';
}

/**
 * Why a tag's SQL condition is refused (a localised message for the `sqlCondition` field), or
 * undefined when it is one boolean expression that runs in the sandbox. See the module comment.
 * @example await conditionError(em, ctx, session, "tbcase.state = 'CLOSED'") // undefined
 */
export async function conditionError(em: Em, ctx: AppContext, session: Session, condition: string): Promise<string | undefined> {
  const lang = session.lang;
  const embedded = !ctx.config.databaseUrl;
  const refuse = (reason: string, vars: Record<string, unknown> = {}) => t(lang, 'tag.badCondition', { reason: t(lang, `tag.reason.${reason}`, vars) });
  const box = await createSandbox(ctx);
  const problem = conditionProblem(condition, { columns: box.columns });
  if (problem) {
    return refuse(problem.reason, {
      text: problem.text,
      max: maxConditionLength,
      functions: [...allowedFunctions].join(', '),
      types: [...allowedTypes].join(', '),
      columns: Object.entries(box.columns).map(([table, cols]) => `${table}: ${[...cols].sort().join(', ')}`).join('; '),
    });
  }
  try {
    const run = (db: Kysely<Database>) => (embedded ? runInBatches(db, condition) : sql.raw(conditionQuery(condition)).execute(db).then(() => undefined));
    await inSandbox(em, ctx, session.workspaceId, run, { noRows: !readsAllCases(session) });
    return undefined;
  } catch (e) {
    const err = e as { code?: string; cause?: { code?: string } };
    return refuse(reasonOf(String(err.code ?? err.cause?.code ?? '')), { seconds: timeoutSeconds });
  }
}
