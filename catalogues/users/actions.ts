import { t } from '../../engine/i18n.ts';
import type { Sysuser, Userws } from '../../engine/generated/index.ts';
import type { ActionContext, ActionOn, Refusal, RowAction } from '../../server/types.ts';
import { endSessions } from '../../server/auth/end-sessions.ts';
import { hashPassword, isValidPassword } from '../../server/auth/password.ts';
import { fieldTitle } from '../../server/history/describe.ts';
import { ApiError } from '../../server/http/errors.ts';
import { kysely } from '../../server/db/kysely.ts';
import { systemUpdate, type SystemWriteContext } from '../../server/tbl/system-write.ts';
import { sendMail } from '../mail/send.ts';
import { newPassword } from './new-password.ts';
import { exceeds, rightsOf } from '../../server/auth/rights.ts';
import { mayChangeAccount, accountOf } from './shared-account.ts';

/**
 * Whether this session may act on the account behind a workspace user at all: not a pending
 * invitation, not someone with more rights than the session, not an account other workspaces share
 * unless the session administers them too.
 */
async function mayActOn({ em, session: s, row }: ActionContext<Userws>): Promise<Refusal | undefined> {
  if (row.pending) return 'userws.invitationPending';
  if (s.userId && exceeds(await rightsOf(em, s, row), s)) return { msg: 'userws.moreRights', status: 403 };
  if (!(await mayChangeAccount(em, s, accountOf(row)))) return { msg: 'userws.sharedAccount', status: 403 };
  return undefined;
}

/** A change of an account's fields (null clears one). */
type AccountPatch = { [K in keyof Sysuser]?: Sysuser[K] | null };

/** The account's new password, through the writer's system door (the action's history entry tells it, never the password). */
const setPassword = async (x: SystemWriteContext, userId: string, password: string, extra: AccountPatch = {}) =>
  systemUpdate(x, 'sysuser', userId, { passwordHash: await hashPassword(password), passwordExpired: false, passwordChangedAt: new Date().toISOString(), failedLogins: 0, ...extra }, 'action');

/** Block: the account cannot log in and its sessions end (the users hook, on `active: false`). */
const block: ActionOn<'userws'> = {
  table: 'userws',
  name: 'block',
  permission: 'USERS_EDT',
  async guard(x) {
    if (x.row.userId === x.session.userId) return 'userws.cannotBlockSelf';
    if (x.row.active === false) return 'userws.alreadyBlocked';
    return mayActOn(x);
  },
  apply: () => ({ patch: { active: false } }),
};

const unblock: ActionOn<'userws'> = {
  table: 'userws',
  name: 'unblock',
  permission: 'USERS_EDT',
  async guard(x) {
    if (x.row.active !== false) return x.row.pending ? 'userws.invitationPending' : 'userws.notBlocked';
    return mayActOn(x);
  },
  apply: () => ({ patch: { active: true } }),
};

/**
 * Send new password: a new random password, e-mailed. It also releases a
 * self-registered account whose confirmation link was lost: only the owner of the address can
 * read the new password, which proves the address as the link would. The password is never recorded.
 */
const resetpwd: ActionOn<'userws'> = {
  table: 'userws',
  name: 'resetpwd',
  permission: 'USERS_EDT',
  guard: mayActOn,
  async apply(x) {
    const { em, ctx, session: s, row } = x;
    const userId = accountOf(row);
    const account = await kysely(em).selectFrom('sysuser').select(['login', 'name', 'email']).where('id', '=', userId).executeTakeFirstOrThrow();
    const password = newPassword();
    await setPassword(x, userId, password, { emailToken: null });
    await endSessions(em, userId);
    const cfg = await kysely(em).selectFrom('sysconfig').select('system_url').limit(1).executeTakeFirst();
    await sendMail(em, ctx, {
      to: account.email,
      subject: t(s.lang, 'userws.newPasswordSubject'),
      text: t(s.lang, 'userws.newPasswordText', { name: account.name, login: account.login, password, url: cfg?.system_url ?? '' }),
    });
    return { items: [{ title: fieldTitle(ctx.registry, 'userws', 'email', s.lang), value: account.email }] };
  },
};

/** Change a user's password to the one typed twice; the other sessions end. */
const updatepwd: ActionOn<'userws', { newPassword: string; repeatNewPassword: string }> = {
  table: 'userws',
  name: 'updatepwd',
  permission: 'USERS_EDT',
  input: {
    type: 'object',
    required: ['newPassword', 'repeatNewPassword'],
    properties: {
      newPassword: { type: 'string', maxLength: 100, title: 'userws.newPassword' },
      repeatNewPassword: { type: 'string', maxLength: 100, title: 'userws.repeatNewPassword' },
    },
  },
  guard: mayActOn,
  async apply(x) {
    const { em, session: s, row, input } = x;
    const errors: ApiError['errors'] = [];
    if (!isValidPassword(input.newPassword)) errors.push({ field: 'newPassword', msg: t(s.lang, 'msg.invalidPassword') });
    if (input.newPassword !== input.repeatNewPassword) errors.push({ field: 'repeatNewPassword', msg: t(s.lang, 'msg.passwordMismatch') });
    if (errors.length) throw new ApiError(400, errors);
    await setPassword(x, accountOf(row), input.newPassword);
    await endSessions(em, accountOf(row));
  },
};

/** The actions on a workspace user's row: the command bar of the user catalogue. */
export const userActions: RowAction[] = [resetpwd, updatepwd, block, unblock];
