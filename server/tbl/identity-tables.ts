import type { Em } from '../db/orm.ts';
import { afterCommit } from '../db/transaction.ts';
import type { AppContext } from '../types.ts';

/** The tables whose rows make a session's identity (names, unit, area, view, permissions, whether a licence must be accepted: `load-session.ts`). */
const identityTables = new Set(['sysuser', 'userws', 'userprofile', 'workspace', 'unit', 'adminunit', 'sysconfig']);

/**
 * A write of `table` in the transaction `em`: when the table makes sessions' identities, this
 * process's memo of them (server/auth/session-cache.ts) is cleared once the change commits, so the
 * next request reads it; other tables cost nothing (a case save does not make every session reload).
 * @example reloadIdentitiesOnCommit(em, ctx, 'userws') // a user blocked: their next request is refused
 */
export function reloadIdentitiesOnCommit(em: Em, ctx: AppContext, table: string): void {
  if (identityTables.has(table)) void afterCommit(em, () => ctx.identities.clear(), 'identities');
}
