import { sql } from 'kysely';
import { t } from '../../engine/i18n.ts';
import type { Em } from '../../server/db/orm.ts';
import { ApiError, fail } from '../../server/http/errors.ts';
import type { TableHooks } from '../../server/modules.ts';
import { kysely } from '../../server/tbl/store.ts';
import { assertMayChangeAccount } from './shared-account.ts';

/** Ends every open session of an account (a blocked user is out at once, on every server process). */
export const endSessions = (em: Em, userId: string) =>
  kysely(em).updateTable('syssession').set({ logout_date: sql`now()` }).where('user_id', '=', userId).where('logout_date', 'is', null).execute();

/** The fields that live on the shared account rather than on the workspace link. */
const accountFields = ['login', 'name', 'email', 'sendSystemMessages', 'active'];

/**
 * A user of a workspace (`userws`) is the link between one global login account (`sysuser`) and a
 * workspace. The form edits both: login, name, e-mail, mail preference and the active flag live on
 * the account, which several workspaces share; a login already known elsewhere is linked rather than
 * duplicated. An update carrying only `{active}` blocks or unblocks: a blocked account cannot log in
 * and its sessions end. Nobody blocks or deletes themselves; an account shared with other workspaces
 * is changed only by someone who administers them too (./shared-account.ts).
 */
export const userwsHooks: TableHooks = {
  async beforeSave({ em, session, doc, prev }) {
    const db = kysely(em);
    const account = { login: doc.login, name: doc.name, email: doc.email, send_system_messages: doc.sendSystemMessages ?? true };
    const sameLogin = await db.selectFrom('sysuser').select('id').where('login', '=', doc.login).executeTakeFirst();
    if (prev) {
      if (sameLogin && sameLogin.id !== prev.userId) throw new ApiError(400, [{ field: 'login', msg: t(session.lang, 'msg.duplicate') }]);
      const blocking = doc.active === false && prev.active !== false;
      if (blocking && prev.userId === session.userId) throw fail(400, t(session.lang, 'userws.cannotBlockSelf'), 'active');
      if (accountFields.some((k) => (doc[k] ?? null) !== (prev[k] ?? null))) await assertMayChangeAccount(em, session, prev.userId);
      await db.updateTable('sysuser').set({ ...account, active: doc.active ?? prev.active ?? true }).where('id', '=', prev.userId).execute();
      if (blocking) await endSessions(em, prev.userId);
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
      .values({ id: doc.userId, ...account, active: doc.active ?? true, password_expired: true, email_confirmed: false, failed_logins: 0 })
      .execute();
  },

  /** Sessions keep the account's history; they only forget the workspace link that goes away. */
  async beforeDelete({ em, session, prev, id }) {
    if (prev.userId === session.userId) throw fail(400, t(session.lang, 'userws.cannotDeleteSelf'), 'id');
    await kysely(em)
      .updateTable('syssession')
      .set({ logout_date: sql`coalesce(logout_date, now())`, userws_id: null })
      .where('userws_id', '=', id)
      .execute();
  },
};
