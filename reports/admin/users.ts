import { t } from '../../engine/i18n.ts';
import type { Em } from '../../server/db/orm.ts';
import { hasPermission } from '../../server/http/middleware.ts';
import { fail } from '../../server/http/errors.ts';
import type { Session, OptionProvider } from '../../server/types.ts';
import { kysely } from '../../server/db/kysely.ts';
import { limitToView } from './scope.ts';

/**
 * The account id a report's `userId` filter means: the id of a workspace user (`userws`, what the
 * user catalogue lists) of the session workspace becomes its account; anything else is taken as an
 * account id (`sysuser`, what sessions and the command history store).
 */
export async function accountId(em: Em, s: Session, userId: string | undefined): Promise<string | undefined> {
  if (!userId) return undefined;
  const uw = await kysely(em).selectFrom('userws').select('user_id').where('id', '=', userId).where('workspace_id', '=', s.workspaceId).executeTakeFirst();
  return uw?.user_id ?? userId;
}

const reportPermissions = ['USERSESREP', 'CMDHISTORY', 'CMDSTATISTICS', 'ONLINE', 'ERRORLOGREP'];

/**
 * `POST /api/opts/report-users`: the users of the session workspace as `{value: accountId, label}`,
 * for the reports' user filter — readable with any report permission, unlike the user catalogue;
 * a reader with an area or unit view is offered only the users of that view (`scope.ts`).
 */
export const reportUsers: OptionProvider = async ({ em, session }) => {
  if (!reportPermissions.some((p) => hasPermission(session, p))) throw fail(403, t(session.lang, 'msg.forbidden'));
  const q = kysely(em)
    .selectFrom('userws as uw')
    .innerJoin('sysuser as u', 'u.id', 'uw.user_id')
    .select(['u.id as value', 'u.name as label', 'u.login as login'])
    .where('uw.workspace_id', '=', session.workspaceId);
  return limitToView(q, kysely(em), session, { user: 'uw.user_id' }).orderBy('u.name').execute();
};
reportUsers.params = { type: 'object', additionalProperties: false };
