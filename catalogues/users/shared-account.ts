import { sql } from 'kysely';
import { t } from '../../engine/i18n.ts';
import type { Em } from '../../server/db/orm.ts';
import type { Session } from '../../server/types.ts';
import { fail } from '../../server/http/errors.ts';
import { kysely } from '../../server/db/kysely.ts';

/**
 * The account of a workspace user. Only a pending invitation has none, and no action or account
 * change runs on one (they refuse it first): an empty id here is a broken invariant, not a user error.
 * @example accountOf(row) // the sysuser id
 */
export function accountOf(row: { userId?: string; pending?: boolean }): string {
  if (!row.userId) throw new Error(`a workspace user without an account${row.pending ? ' (a pending invitation)' : ''}`);
  return row.userId;
}

/**
 * An account may belong to several workspaces. Its shared parts (login, name, e-mail, password, the
 * active flag) are changed from one workspace only by someone who also administers every other
 * workspace it belongs to: otherwise a user manager of any workspace could link a login from
 * elsewhere and take the account over by setting its password or e-mail.
 */
export async function assertMayChangeAccount(em: Em, s: Session, accountId: string): Promise<void> {
  if (!(await mayChangeAccount(em, s, accountId))) throw fail(403, t(s.lang, 'userws.sharedAccount'));
}

/**
 * Whether this session may change (or link without its owner's consent) an account: the server
 * itself, a system administrator, the account's owner, or someone who administers every other
 * workspace the account belongs to.
 */
export async function mayChangeAccount(em: Em, s: Session, accountId: string): Promise<boolean> {
  if (!s.userId || s.sysadmin || s.userId === accountId) return true;
  const r = await sql<{ n: number }>`
    select count(*)::int as n from userws uw
     where uw.user_id = ${accountId} and uw.workspace_id <> ${s.workspaceId} and uw.pending is not true
       and not exists (select 1 from userws me
                        where me.user_id = ${s.userId} and me.workspace_id = uw.workspace_id and me.administrator and me.pending is not true)`.execute(kysely(em));
  return r.rows[0].n === 0;
}
