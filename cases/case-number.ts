import { sql } from 'kysely';
import type { Em } from '../server/db/orm.ts';
import type { HooksOn, TableHooks } from '../server/types.ts';
import { kysely } from '../server/db/kysely.ts';

/**
 * The next free case number of a workspace (1, 2, …), taken in the caller's transaction: an upsert of
 * the workspace's `casecounter` row, whose row lock makes two concurrent notifications wait for
 * each other and get two numbers (a rolled-back notification gives its number back). A number some
 * case already carries (typed by a user, imported) is skipped; the unique constraint on
 * `(workspace_id, case_number)` refuses what slips past (a number typed at the same moment).
 * @example await nextCaseNumber(em, session.workspaceId) // 42
 */
export async function nextCaseNumber(em: Em, workspaceId: string): Promise<number> {
  const db = kysely(em);
  for (;;) {
    const r = await sql<{ last: number }>`
      insert into casecounter (id, workspace_id, last) values (${crypto.randomUUID()}, ${workspaceId}, 1)
      on conflict (workspace_id) do update set last = casecounter.last + 1, updated_at = now()
      returning last`.execute(db);
    const n = Number(r.rows[0].last);
    const taken = await db.selectFrom('tbcase').select('id').where('workspace_id', '=', workspaceId).where('case_number', '=', formatCaseNumber(n)).executeTakeFirst();
    if (!taken) return n;
  }
}

/** A case number as shown: six digits, zero-padded (`000042`). */
export const formatCaseNumber = (n: number) => String(n).padStart(6, '0');

/**
 * The tbcase hook numbering a new case: a case created without `caseNumber` gets the workspace's
 * next one (a number given — imported or demo data — is kept).
 * @example caseNumbering.beforeSave({ isNew: true, doc: { … }, … }) // doc.caseNumber = '000042'
 */
export const caseNumbering: HooksOn<'tbcase'> = {
  async beforeSave({ em, session, isNew, doc }) {
    if (isNew && !doc.caseNumber) doc.caseNumber = formatCaseNumber(await nextCaseNumber(em, session.workspaceId));
  },
};
