import type { Context } from 'hono';
import { t, type Lang } from '../../engine/i18n.ts';
import type { Em } from '../db/orm.ts';
import type { AppContext, Env } from '../types.ts';
import { clientIp } from '../http/client-ip.ts';
import { fail } from '../http/errors.ts';
import { kysely } from '../db/kysely.ts';
import { assertMayTryLogin, recordAttempt } from './login-limits.ts';
import { hashPassword, verifyPassword } from './password.ts';
import { newToken, tokenHash } from './tokens.ts';

export interface LoginInput {
  login?: unknown;
  password?: unknown;
  workspaceId?: unknown;
  application?: string;
}

/** The workspaces a user may enter: one per userws row that is not a pending invitation. */
export async function userWorkspaces(em: Em, userId: string): Promise<{ id: string; name: string; userwsId: string }[]> {
  const rows = await kysely(em)
    .selectFrom('userws as uw')
    .innerJoin('workspace as w', 'w.id', 'uw.workspace_id')
    .select(['w.id as id', 'w.name as name', 'uw.id as userwsId'])
    .where('uw.user_id', '=', userId)
    .where((eb) => eb.or([eb('uw.pending', 'is', null), eb('uw.pending', '=', false)])) // an invitation not accepted yet is no membership
    .orderBy('w.name')
    .execute();
  return rows as any;
}

/** A hash to check unknown logins' passwords against, so they take as long as known ones. */
let dummyHash: Promise<string> | undefined;
const dummy = () => (dummyHash ??= hashPassword(crypto.randomUUID()));

/**
 * Checks the failed-login limits (per address, per address and login, a backoff for a login under
 * attack: `login-limits.ts`), credentials (argon2id; an unknown login is checked against a dummy
 * hash so that it answers as slowly as a known one), a blocked account, an e-mail confirmation still
 * pending (self-registration) and the workspace choice, then opens a session row and returns its
 * cookie token.
 *
 * @example
 *   const { token } = await login(ctx, c, { login: 'DOCTOR1', password: 'Doctor123' }, 'ru');
 */
export async function login(ctx: AppContext, c: Context<Env>, input: LoginInput, lang: Lang): Promise<{ token: string; workspaceId: string }> {
  const em = ctx.orm.em.fork();
  const loginName = typeof input.login === 'string' ? input.login.trim().toUpperCase() : '';
  const ip = clientIp(c, ctx.config.trustProxy);
  if (!loginName || typeof input.password !== 'string') throw fail(400, t(lang, 'msg.invalidLogin'), 'login');
  await assertMayTryLogin(em, loginName, ip, lang);
  const user = await kysely(em).selectFrom('sysuser').selectAll().where('login', '=', loginName).executeTakeFirst();
  const ok = await verifyPassword(user?.password_hash || (await dummy()), input.password);
  if (!user || !user.password_hash || !ok) {
    await recordAttempt(em, loginName, false, ip);
    throw fail(401, t(lang, 'msg.invalidLogin'), 'login');
  }
  if (user.active === false) throw fail(403, t(lang, 'msg.blocked'), 'login');
  // A self-registered account waits for its e-mail link (a pending token). Accounts an administrator
  // created carry no token: their unconfirmed e-mail does not keep them out.
  if (user.email_confirmed !== true && user.email_token) throw fail(403, t(lang, 'msg.emailNotConfirmed'), 'login');
  const workspaces = await userWorkspaces(em, user.id);
  const chosen = input.workspaceId ? workspaces.find((w) => w.id === input.workspaceId) : workspaces.length === 1 ? workspaces[0] : undefined;
  if (!chosen) {
    throw fail(400, t(lang, 'msg.chooseWorkspace'), 'workspaceId', { workspaces: workspaces.map(({ id, name }) => ({ id, name })) });
  }
  await recordAttempt(em, loginName, true, ip);
  const token = newToken();
  const now = new Date();
  await kysely(em)
    .insertInto('syssession')
    .values({
      id: crypto.randomUUID(),
      token_hash: tokenHash(token),
      user_id: user.id,
      userws_id: chosen.userwsId,
      workspace_id: chosen.id,
      login_date: now,
      last_access: now,
      ip_address: ip,
      application: (input.application ?? c.req.header('user-agent') ?? '').slice(0, 200),
      language: user.language ?? lang,
    })
    .execute();
  return { token, workspaceId: chosen.id };
}
