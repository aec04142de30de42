import { t } from '../../engine/i18n.ts';
import { ApiError } from '../../server/http/errors.ts';
import type { TableHooks } from '../../server/modules.ts';
import { kysely } from '../../server/tbl/store.ts';

/**
 * A user of a workspace (`userws`) is the link between one global login account (`sysuser`) and a
 * workspace. The form edits both: login, name, e-mail and mail preference live on the account,
 * which several workspaces share; a login already known elsewhere is linked rather than duplicated.
 */
export const userwsHooks: TableHooks = {
  async beforeSave({ em, session, doc, prev }) {
    const db = kysely(em);
    const account = { login: doc.login, name: doc.name, email: doc.email, send_system_messages: doc.sendSystemMessages ?? true };
    const sameLogin = await db.selectFrom('sysuser').select('id').where('login', '=', doc.login).executeTakeFirst();
    if (prev) {
      if (sameLogin && sameLogin.id !== prev.userId) throw new ApiError(400, [{ field: 'login', msg: t(session.lang, 'msg.duplicate') }]);
      await db.updateTable('sysuser').set(account).where('id', '=', prev.userId).execute();
      doc.userId = prev.userId;
      return;
    }
    if (sameLogin) {
      const here = await db.selectFrom('userws').select('id').where('user_id', '=', sameLogin.id).where('workspace_id', '=', session.workspaceId).executeTakeFirst();
      if (here) throw new ApiError(400, [{ field: 'login', msg: t(session.lang, 'msg.duplicate') }]);
      doc.userId = sameLogin.id;
      return;
    }
    doc.userId = crypto.randomUUID();
    await db
      .insertInto('sysuser')
      .values({ id: doc.userId, ...account, active: true, password_expired: true, email_confirmed: false, failed_logins: 0 })
      .execute();
  },
};
