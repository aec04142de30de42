import { sql } from 'kysely';
import { t } from '../../engine/i18n.ts';
import type { Em } from '../../server/db/orm.ts';
import type { AppContext, Session } from '../../server/http/context.ts';
import { conditionProblem } from './condition-text.ts';
import { inSandbox, timeoutSeconds } from './sandbox.ts';

/** The query a condition is tried in: every case of the workspace with its patient. */
export const conditionQuery = (condition: string) =>
  `select count(*) as n from tbcase join patient on patient.id = tbcase.patient_id where (${condition})`;

/**
 * Why a tag's SQL condition is refused (a localised message for the `sqlCondition` field), or
 * undefined when it is one boolean expression that runs in the sandbox. Database messages are shown
 * only for mistakes in the text itself (class 42: syntax, unknown column, wrong type), never for
 * data errors, which could quote values of the rows.
 */
export async function conditionError(em: Em, ctx: AppContext, session: Session, condition: string): Promise<string | undefined> {
  const lang = session.lang;
  const refuse = (reason: string, vars: Record<string, unknown> = {}) => t(lang, 'tag.badCondition', { reason: t(lang, `tag.reason.${reason}`, vars) });
  const problem = conditionProblem(condition);
  if (problem) return refuse(problem.reason, { text: problem.text });
  try {
    await inSandbox(em, ctx, session.workspaceId, (db) => sql.raw(conditionQuery(condition)).execute(db));
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
