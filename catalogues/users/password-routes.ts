import type { Hono } from 'hono';
import { t } from '../../engine/i18n.ts';
import { hashPassword, isValidPassword } from '../../server/auth/password.ts';
import type { Em } from '../../server/db/orm.ts';
import { fieldTitle } from '../../server/history/describe.ts';
import { recordCommand } from '../../server/history/record.ts';
import { jsonBody } from '../../server/http/body.ts';
import type { AppContext, Env, Session } from '../../server/http/context.ts';
import { ApiError, fail, isUuid } from '../../server/http/errors.ts';
import { requirePermission } from '../../server/http/middleware.ts';
import { kysely } from '../../server/tbl/store.ts';
import { sendMail } from '../mail/send.ts';
import { newPassword } from './new-password.ts';
import { assertMayChangeAccount } from './shared-account.ts';

/** The account behind a user of the session's workspace (404 otherwise), if this session may change it. */
async function accountOf(em: Em, s: Session, userWsId: unknown) {
  if (!isUuid(userWsId)) throw fail(400, t(s.lang, 'msg.badId'), 'userWsId');
  const row = await kysely(em)
    .selectFrom('userws as uw')
    .innerJoin('sysuser as u', 'u.id', 'uw.user_id')
    .select(['uw.id as userWsId', 'u.id as userId', 'u.login', 'u.name', 'u.email'])
    .where('uw.id', '=', userWsId)
    .where('uw.workspace_id', '=', s.workspaceId)
    .executeTakeFirst();
  if (!row) throw fail(404, t(s.lang, 'msg.notFound'), 'userWsId');
  await assertMayChangeAccount(em, s, row.userId);
  return row;
}

const setPassword = async (em: Em, userId: string, password: string, extra: Record<string, unknown> = {}) =>
  kysely(em)
    .updateTable('sysuser')
    .set({ password_hash: await hashPassword(password), password_expired: false, password_changed_at: new Date(), failed_logins: 0, ...extra })
    .where('id', '=', userId)
    .execute();

/**
 * An administrator's password actions on a user (spec 000 §7.3), guarded by USERS_EDT:
 * `resetpwd` makes a new random password and e-mails it; `updatepwd` sets the one typed in.
 * `resetpwd` also releases a self-registered account whose confirmation link was lost: only the
 * owner of the address can read the new password, which proves the address as the link would.
 * Each writes a command-history entry; the password itself is never recorded.
 */
export function passwordRoutes(app: Hono<Env>, ctx: AppContext): void {
  app.post('/api/tbl/userws/resetpwd', requirePermission('USERS_EDT'), async (c) => {
    const s = c.get('session');
    const { userWsId } = await jsonBody(c);
    await ctx.orm.em.fork().transactional(async (em) => {
      const u = await accountOf(em, s, userWsId);
      const password = newPassword();
      await setPassword(em, u.userId, password, { email_token: null });
      await recordCommand(em, s, { type: 'userws', action: 'resetpwd', entityId: u.userWsId, entityName: u.name, detail: { items: [{ title: fieldTitle(ctx.registry, 'userws', 'email', s.lang), value: u.email }] } });
      const cfg = await kysely(em).selectFrom('sysconfig').select('system_url').limit(1).executeTakeFirst();
      await sendMail(em, ctx, {
        to: u.email,
        subject: t(s.lang, 'userws.newPasswordSubject'),
        text: t(s.lang, 'userws.newPasswordText', { name: u.name, login: u.login, password, url: cfg?.system_url ?? '' }),
      });
    });
    return c.json({ success: true });
  });

  app.post('/api/tbl/userws/updatepwd', requirePermission('USERS_EDT'), async (c) => {
    const s = c.get('session');
    const { newPassword: password, repeatNewPassword, userWsId } = await jsonBody(c);
    const errors = [];
    if (!password) errors.push({ field: 'newPassword', msg: t(s.lang, 'msg.required') });
    else if (!isValidPassword(password)) errors.push({ field: 'newPassword', msg: t(s.lang, 'msg.invalidPassword') });
    if (!repeatNewPassword) errors.push({ field: 'repeatNewPassword', msg: t(s.lang, 'msg.required') });
    else if (password && password !== repeatNewPassword) errors.push({ field: 'repeatNewPassword', msg: t(s.lang, 'msg.passwordMismatch') });
    if (errors.length) throw new ApiError(400, errors);
    await ctx.orm.em.fork().transactional(async (em) => {
      const u = await accountOf(em, s, userWsId);
      await setPassword(em, u.userId, password);
      await recordCommand(em, s, { type: 'userws', action: 'updatepwd', entityId: u.userWsId, entityName: u.name });
    });
    return c.json({ success: true });
  });
}
