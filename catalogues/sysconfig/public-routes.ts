import { createHash, randomBytes } from 'node:crypto';
import { t, type Lang } from '../../engine/i18n.ts';
import { hashPassword, isValidPassword } from '../../server/auth/password.ts';
import { fieldTitle } from '../../server/history/describe.ts';
import { jsonBody } from '../../server/http/body.ts';
import type { AppContext } from '../../server/types.ts';
import { ApiError, fail } from '../../server/http/errors.ts';
import { kysely } from '../../server/db/kysely.ts';
import { systemInsert, systemUpdate } from '../../server/tbl/system-write.ts';
import { systemSession } from '../../server/auth/system-session.ts';
import { sendMail } from '../mail/send.ts';
import { readConfig } from './config.ts';
import { countRegistration } from './register-limit.ts';
import { clientIp } from '../../server/http/client-ip.ts';
import { defineRoute, rule, type DeclaredRoute } from '../../server/http/define-route.ts';
import { writeTransaction } from '../../server/tbl/retry.ts';

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

/**
 * What the login page needs to know, without a session. Registration is open only
 * while the setup is complete: deleting the chosen workspace, unit or profile clears it in the
 * settings (`x-on-delete: set null`), and registration stays off until an administrator picks again.
 */
async function publicConfig(ctx: AppContext) {
  const em = ctx.orm.em.fork();
  const cfg = await readConfig(em, ctx);
  const complete = cfg.allowRegPage === true && !!cfg.workspace && !!cfg.unit && !!cfg.userProfile;
  const ws = complete ? await kysely(em).selectFrom('workspace').select('name').where('id', '=', String(cfg.workspace)).executeTakeFirst() : undefined;
  return { cfg, pub: { allowRegPage: cfg.allowRegPage === true && !!ws, ulaActive: cfg.ulaActive === true, workspaceName: ws?.name ?? null } };
}

/**
 * Public routes of the login page: `GET /api/pub/sysconfig`, self-registration
 * `POST /api/pub/register {login, name, email, password}` when the settings allow it (the account
 * lands in the configured workspace, unit and profile with its e-mail not yet confirmed, and a
 * confirmation link is mailed), and `GET /api/pub/confirmemail/:token` which the link opens.
 */
export function sysconfigPublicRoutes(ctx: AppContext): DeclaredRoute[] {
  return [
  defineRoute({ method: 'GET', path: '/api/pub/sysconfig', rule: rule.public, summary: "What the login page shows: self-registration allowed, the agreement's text", handler: async (c) => c.json((await publicConfig(ctx)).pub) }),

  defineRoute({ method: 'POST', path: '/api/pub/register', rule: rule.public, summary: 'Self-registration of a new account (when the settings allow it)', handler: async (c) => {
    const lang: Lang = c.get('lang');
    const { cfg, pub } = await publicConfig(ctx);
    if (!pub.allowRegPage) throw fail(403, t(lang, 'sysconfig.regDisabled'));
    const body = await jsonBody(c);
    const def = ctx.registry.table('userws');
    const str = (v: any) => (typeof v === 'string' ? v.trim() : v);
    const doc = {
      login: typeof body.login === 'string' ? body.login.trim().toUpperCase() : body.login,
      name: str(body.name), email: str(body.email), sendSystemMessages: true, unitId: cfg.unit, profiles: [cfg.userProfile],
      view: 'UNIT', playOtherUnits: false, administrator: false,
    };
    const errors = ctx.validators.validate(def.schemaId, def.schema, doc, lang).filter((e) => ['login', 'name', 'email'].includes(e.field ?? ''));
    if (!isValidPassword(body.password)) errors.push({ field: 'password', msg: t(lang, 'msg.invalidPassword') });
    if (errors.length) throw new ApiError(400, errors);
    await countRegistration(ctx.orm.em.fork(), clientIp(c, ctx.config.trustProxy), lang);
    const token = randomBytes(24).toString('base64url');
    const userId = crypto.randomUUID();
    const passwordHash = await hashPassword(body.password);
    try {
      await writeTransaction(ctx, async (em) => {
        const db = kysely(em);
        if (await db.selectFrom('sysuser').select('id').where('login', '=', doc.login).executeTakeFirst()) {
          throw new ApiError(400, [{ field: 'login', msg: t(lang, 'msg.duplicate') }]);
        }
        // the account and the workspace user through the writer's system door: version 1, the change fed,
        // one history entry `sysuser.register`
        const session = { ...systemSession(String(cfg.workspace), pub.workspaceName ?? ''), userId, userName: doc.name, userLogin: doc.login, lang };
        const account = {
          login: doc.login, name: doc.name, email: doc.email, sendSystemMessages: true, passwordHash, active: true, passwordExpired: false,
          emailConfirmed: false, failedLogins: 0, registrationDate: new Date().toISOString(), emailToken: sha256(token), sysadmin: false,
        };
        await systemInsert({ em, ctx, session }, 'sysuser', userId, account, 'action');
        const detail = { items: [{ title: fieldTitle(ctx.registry, 'userws', 'login', lang), value: doc.login }, { title: fieldTitle(ctx.registry, 'userws', 'email', lang), value: doc.email }] };
        await systemInsert({ em, ctx, session }, 'userws', crypto.randomUUID(), { ...doc, userId }, { type: 'sysuser', action: 'register', entityId: userId, entityName: doc.name, detail });
        const link = `${String(cfg.systemURL ?? '').replace(/\/+$/, '')}/api/pub/confirmemail/${token}`;
        await sendMail(em, ctx, { to: doc.email, subject: t(lang, 'sysuser.confirmMailSubject'), text: t(lang, 'sysuser.confirmMailText', { name: doc.name, login: doc.login, link }) });
      }, 'self-registration');
    } catch (e) {
      const err = e as { code?: string; cause?: { code?: string } };
      if ((err.code ?? err.cause?.code) === '23505') throw new ApiError(400, [{ field: 'login', msg: t(lang, 'msg.duplicate') }]);
      throw e;
    }
    return c.json({ success: true });
  } }),

  defineRoute({ method: 'GET', path: '/api/pub/confirmemail/:token', rule: rule.public, summary: "Confirms a self-registered account's e-mail address", handler: async (c) => {
    const lang: Lang = c.get('lang');
    const confirmed = await writeTransaction(ctx, async (em) => {
      const account = await kysely(em).selectFrom('sysuser').select('id').where('email_token', '=', sha256(c.req.param('token'))).executeTakeFirst();
      if (!account) return false;
      const session = { ...systemSession('', ''), userId: String(account.id), lang };
      await systemUpdate({ em, ctx, session }, 'sysuser', String(account.id), { emailConfirmed: true, emailToken: null }, 'action');
      return true;
    }, 'e-mail confirmation');
    if (!confirmed) throw fail(400, t(lang, 'sysuser.badToken'), 'token');
    return c.json({ success: true, result: t(lang, 'sysuser.emailConfirmed') });
  } }),
  ];
}
