import type { Userws } from '../../engine/generated/index.ts';
import { sql } from 'kysely';
import { t } from '../../engine/i18n.ts';
import { endSessions } from '../../server/auth/end-sessions.ts';
import type { Session, SaveContext, HooksOn } from '../../server/types.ts';
import { ApiError, fail } from '../../server/http/errors.ts';
import { kysely } from '../../server/db/kysely.ts';
import { systemInsert, systemUpdate } from '../../server/tbl/system-write.ts';
import { maskInvitations } from './invitations.ts';
import { assertNotAbove, rightsFields } from '../../server/auth/rights.ts';
import { accountOf, assertMayChangeAccount, mayChangeAccount } from './shared-account.ts';
import { sendWelcomeMail } from './welcome-mail.ts';

/** The fields that live on the shared account rather than on the workspace link. */
const accountFields = ['login', 'name', 'email', 'sendSystemMessages', 'active'] as const;

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * Nobody grants rights they do not hold (server/auth/rights.ts): the user as saved may not exceed the
 * session (the administrator flag, a profile with more permissions, a wider view), a user who
 * already exceeds it is not changed at all, and a non-administrator does not change their own rights.
 */
async function checkRights({ em, session: s, doc, prev }: SaveContext<Userws>): Promise<void> {
  if (!s.userId) return;
  if (prev) {
    const own = prev.userId === s.userId;
    const changed = rightsFields.find((k) => !same(doc[k], prev[k]));
    if (own && changed && !s.administrator) throw fail(403, t(s.lang, 'userws.ownRights'), changed);
    // An invitation not yet accepted grants nothing of the account's (its system role) here.
    await assertNotAbove(em, s, prev.pending ? { ...prev, userId: undefined } : prev);
  }
  if (doc.administrator === true && !s.administrator) throw fail(403, t(s.lang, 'userws.moreRights'), 'administrator');
  // The new rights; the account's system role is the account's, not this form's to grant.
  await assertNotAbove(em, s, { ...doc, userId: undefined }, 'profiles');
}

/**
 * A user of a workspace (`userws`) is the link between one global login account (`sysuser`) and a
 * workspace. The form edits both: login, name, e-mail, mail preference and the active flag live on
 * the account, which several workspaces share. An update carrying only `{active}` blocks or
 * unblocks: a blocked account cannot log in and its sessions end. Nobody blocks or deletes
 * themselves; an account shared with other workspaces is changed only by someone who administers
 * them too (./shared-account.ts). A login already known elsewhere becomes an invitation unless the
 * session may link it (./invitations.ts): nothing of the account is shown until its owner accepts.
 */
export const userwsHooks: HooksOn<'userws'> = {
  async beforeSave(x) {
    const { em, session, doc, prev } = x;
    const db = kysely(em);
    await checkRights(x);
    const account = { login: doc.login, name: doc.name, email: doc.email, sendSystemMessages: doc.sendSystemMessages ?? true };
    const sameLogin = await db.selectFrom('sysuser').select('id').where('login', '=', doc.login).executeTakeFirst();
    if (prev) {
      doc.userId = prev.userId;
      if (prev.pending) return keepInvitation(session, doc, prev);
      if (sameLogin && sameLogin.id !== prev.userId) throw new ApiError(400, [{ field: 'login', msg: t(session.lang, 'msg.duplicate') }]);
      const blocking = doc.active === false && prev.active !== false;
      if (blocking && prev.userId === session.userId) throw fail(400, t(session.lang, 'userws.cannotBlockSelf'), 'active');
      const userId = accountOf(prev);
      if (accountFields.some((k) => (doc[k] ?? null) !== (prev[k] ?? null))) await assertMayChangeAccount(em, session, userId);
      // the account through the writer's system door; the workspace user's history entry tells the change
      await systemUpdate(x, 'sysuser', userId, { ...account, active: doc.active ?? prev.active ?? true }, 'action');
      if (blocking) await endSessions(em, userId);
      return;
    }
    if (sameLogin) {
      const here = await db
        .selectFrom('userws')
        .select('id')
        .where('workspace_id', '=', session.workspaceId)
        .where((eb) => eb.or([eb('user_id', '=', sameLogin.id), eb('invite_user_id', '=', sameLogin.id)]))
        .executeTakeFirst();
      if (here) throw new ApiError(400, [{ field: 'login', msg: t(session.lang, 'msg.duplicate') }]);
      if (await mayChangeAccount(em, session, sameLogin.id)) doc.userId = sameLogin.id;
      // An invitation: not linked (userId empty) until the owner accepts, so nothing of the account
      // is joined to the row — not shown, searched or filtered on here.
      else Object.assign(doc, { userId: undefined, pending: true, inviteUserId: sameLogin.id, inviteLogin: doc.login, inviteName: doc.name, inviteEmail: doc.email });
      return;
    }
    doc.userId = crypto.randomUUID();
    await systemInsert(x, 'sysuser', doc.userId, { ...account, active: doc.active ?? true, passwordExpired: true, emailConfirmed: false, failedLogins: 0, sysadmin: false }, 'action');
  },

  /** Sessions keep the account's history; they only forget the workspace link that goes away. */
  async beforeDelete({ em, session, prev, id }) {
    if (prev.userId === session.userId) throw fail(400, t(session.lang, 'userws.cannotDeleteSelf'), 'id');
    await assertNotAbove(em, session, prev.pending ? { ...prev, userId: undefined } : prev);
    await kysely(em)
      .updateTable('syssession')
      .set({ logout_date: sql`coalesce(logout_date, now())`, userws_id: null })
      .where('userws_id', '=', id)
      .execute();
  },

  afterRead: ({ docs }) => maskInvitations(docs),

  afterSave: (x) => sendWelcomeMail(x),
};

/** While an invitation waits, the inviter edits only what they typed; the account stays untouched. */
function keepInvitation(session: Session, doc: Userws, prev: Userws): void {
  if (doc.login !== prev.login) throw fail(400, t(session.lang, 'userws.invitationLogin'), 'login');
  if (doc.active !== prev.active) throw fail(400, t(session.lang, 'userws.invitationPending'), 'active');
  Object.assign(doc, { inviteName: doc.name, inviteEmail: doc.email });
}
