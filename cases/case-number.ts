import type { HooksOn } from '../server/types.ts';
import { kysely } from '../server/db/kysely.ts';
import { systemIncrement, type SystemWriteContext } from '../server/tbl/system-write.ts';
import { PROVISIONAL_PREFIX } from '../server/sync/client/provisional.ts';
import { caseNumberBlock, numberGiven } from './case-number-block.ts';

/**
 * The next free case number of the session's workspace (1, 2, …), taken in the caller's transaction
 * through the writer's system door: an upsert of the workspace's `casecounter` row, whose row lock
 * makes two concurrent notifications wait for each other and get two numbers (a rolled-back
 * notification gives its number back). A number some
 * case already carries (typed by a user, imported) is skipped; the unique constraint on
 * `(workspace_id, case_number)` refuses what slips past (a number typed at the same moment). In a
 * batch that numbers by blocks (an import's chunk: ./case-number-block.ts) the number comes from the
 * batch's block, the counter written once at its end.
 * @example await nextCaseNumber({ em, ctx, session }) // 42
 */
export async function nextCaseNumber(x: SystemWriteContext): Promise<number> {
  const block = x.ctx.config.clientMode ? undefined : await caseNumberBlock(x);
  if (block) return block.take(x.em, formatCaseNumber);
  const db = kysely(x.em);
  for (;;) {
    const n = await systemIncrement(x, 'casecounter', 'last', 'derived');
    const number = x.ctx.config.clientMode ? PROVISIONAL_PREFIX + formatCaseNumber(n) : formatCaseNumber(n);
    const taken = await db.selectFrom('tbcase').select('id').where('workspace_id', '=', x.session.workspaceId).where('case_number', '=', number).executeTakeFirst();
    if (!taken) return n;
  }
}

/** A case number as shown: six digits, zero-padded (`000042`). */
export const formatCaseNumber = (n: number) => String(n).padStart(6, '0');

/**
 * The tbcase hook numbering a new case: a case created without `caseNumber` gets the workspace's
 * next one (a number given — imported or demo data — is kept). On the offline client the number is
 * provisional (`П-000001`): the server numbers the case at its synchronisation (server/sync/client/provisional.ts).
 * @example caseNumbering.beforeSave({ isNew: true, doc: { … }, … }) // doc.caseNumber = '000042'
 */
export const caseNumbering: HooksOn<'tbcase'> = {
  async beforeSave({ em, ctx, session, isNew, doc }) {
    if (isNew && !doc.caseNumber) {
      const n = await nextCaseNumber({ em, ctx, session });
      doc.caseNumber = ctx.config.clientMode ? PROVISIONAL_PREFIX + formatCaseNumber(n) : formatCaseNumber(n);
    } else if (isNew && typeof doc.caseNumber === 'string') numberGiven(em, session.workspaceId, doc.caseNumber);
  },
};
