import { t } from '../../engine/i18n.ts';
import { hashPassword } from '../../server/auth/password.ts';
import type { SaveContext } from '../../server/types.ts';
import { kysely } from '../../server/db/kysely.ts';
import { systemUpdate } from '../../server/tbl/system-write.ts';
import { sendMail } from '../mail/send.ts';
import { newPassword } from './new-password.ts';

/**
 * A user added to a workspace is told how to get in, by e-mail (SMTP, or the outbox without one):
 * a new account receives its login and a first random password (the account had none; it stays
 * marked 'password expired' until the owner sets their own); an account
 * that already has a password is told the workspace is open to it; an invitation waiting for an
 * account of another workspace goes to that account's own address. The administrator's screen
 * says the mail was sent. Nothing is sent for the demo seed (a system session) nor to the user
 * adding themselves (a new workspace's creator). Queued in the creating transaction and sent once
 * it commits (never for a creation rolled back; a failed send is logged, the user stays); the
 * password is never recorded.
 *
 * @example userwsHooks.afterSave = (x) => sendWelcomeMail(x)
 */
export async function sendWelcomeMail(x: SaveContext): Promise<void> {
  const { em, ctx, session: s, doc, isNew } = x;
  // not the demo seed (a system session has no user) nor oneself (a new workspace's creator)
  if (!isNew || !s.userId) return;
  const userId = (doc.userId ?? doc.inviteUserId) as string | undefined;
  if (!userId || userId === s.userId) return;
  const db = kysely(em);
  const account = await db.selectFrom('sysuser').select(['login', 'name', 'email', 'password_hash']).where('id', '=', userId).executeTakeFirst();
  if (!account) return;
  const cfg = await db.selectFrom('sysconfig').select('system_url').limit(1).executeTakeFirst();
  const vars = { name: account.name, login: account.login, workspace: s.workspaceName, url: cfg?.system_url ?? '' };
  if (doc.pending) {
    await sendMail(em, ctx, { to: account.email, subject: t(s.lang, 'userws.inviteSubject', vars), text: t(s.lang, 'userws.inviteText', vars) });
  } else if (!account.password_hash) {
    const password = newPassword();
    // a first password to replace: the account stays marked 'password expired' until its owner changes it
    await systemUpdate(x, 'sysuser', userId, { passwordHash: await hashPassword(password) }, 'action');
    await sendMail(em, ctx, { to: account.email, subject: t(s.lang, 'userws.welcomeSubject', vars), text: t(s.lang, 'userws.welcomeText', { ...vars, password }) });
  } else {
    await sendMail(em, ctx, { to: account.email, subject: t(s.lang, 'userws.addedSubject', vars), text: t(s.lang, 'userws.addedText', vars) });
  }
}
