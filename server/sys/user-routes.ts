import { t } from '../../engine/i18n.ts';
import { endSessions } from '../auth/end-sessions.ts';
import { assertMayTryLogin, recordAttempt } from '../auth/login-limits.ts';
import { clientIp } from '../http/client-ip.ts';
import { hashPassword, isValidPassword, verifyPassword } from '../auth/password.ts';
import { fieldTitle } from '../history/describe.ts';
import { systemUpdate } from '../tbl/system-write.ts';
import { jsonBody } from '../http/body.ts';
import type { AppContext } from '../types.ts';
import { ApiError } from '../http/errors.ts';
import { kysely } from '../db/kysely.ts';
import { errorText, validationTexts } from '../../engine/validation-messages.ts';
import type { Lang } from '../../engine/i18n.ts';
import { defineRoute, rule, type DeclaredRoute } from '../http/define-route.ts';
import { writeTransaction } from '../tbl/retry.ts';

const emailRe = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** A user's own settings and password. */
export function userRoutes(ctx: AppContext): DeclaredRoute[] {
  return [
  defineRoute({ method: 'GET', path: '/api/sys/usersettings', rule: rule.session, summary: "The user's own settings (name, e-mail, mobile, time zone)", handler: async (c) => {
    const u = await kysely(ctx.orm.em.fork()).selectFrom('sysuser').select(['name', 'mobile', 'email', 'time_zone']).where('id', '=', c.get('session').userId).executeTakeFirstOrThrow();
    return c.json({ name: u.name, mobile: u.mobile ?? '', email: u.email ?? '', timeZone: u.time_zone ?? '' });
  } }),

  defineRoute({ method: 'POST', path: '/api/sys/usersettings', rule: rule.session, summary: "Saves the user's own settings", handler: async (c) => {
    const s = c.get('session');
    const b = await jsonBody(c);
    const doc = { name: str(b.name), mobile: str(b.mobile), email: str(b.email), timeZone: str(b.timeZone) };
    const errors = [];
    // messages as the forms word them: '<field title>: <what is wrong>' in the user's language
    const said = (field: string, text: string) => ({ field, msg: `${fieldTitle(ctx.registry, 'sysuser', field, s.lang)}: ${text}` });
    const tooLong = (field: keyof typeof doc, max: number) => {
      if (doc[field].length > max) errors.push(said(field, errorText({ keyword: 'maxLength', params: { limit: max } } as never, undefined, { lang: s.lang as Lang, tr: (k) => t(s.lang, k) })));
    };
    if (!doc.name) errors.push({ field: 'name', msg: t(s.lang, 'msg.required') });
    tooLong('name', 200);
    if (!doc.email) errors.push({ field: 'email', msg: t(s.lang, 'msg.required') });
    else if (!emailRe.test(doc.email)) errors.push(said('email', (validationTexts[s.lang as Lang] ?? validationTexts.ru).formats.email));
    else tooLong('email', 100);
    tooLong('mobile', 50);
    tooLong('timeZone', 50);
    if (errors.length) throw new ApiError(400, errors);
    await writeTransaction(ctx, async (em) => {
      const prev = await kysely(em).selectFrom('sysuser').select(['name', 'mobile', 'email', 'time_zone']).where('id', '=', s.userId).executeTakeFirstOrThrow();
      const before: Record<string, unknown> = { name: prev.name, mobile: prev.mobile ?? '', email: prev.email ?? '', timeZone: prev.time_zone ?? '' };
      const diffs = Object.entries(doc).filter(([k, v]) => before[k] !== v).map(([k, v]) => ({ title: fieldTitle(ctx.registry, 'sysuser', k, s.lang), prevValue: before[k], newValue: v }));
      const usersettings = { type: 'sysuser', action: 'usersettings', entityId: s.userId, entityName: doc.name, detail: { diffs } };
      await systemUpdate({ em, ctx, session: s }, 'sysuser', s.userId, { name: doc.name, mobile: doc.mobile || null, email: doc.email, timeZone: doc.timeZone || null }, usersettings);
    }, 'user settings');
    ctx.identities.clear();
    return c.json({ success: true });
  } }),

  defineRoute({ method: 'POST', path: '/api/sys/changepassword', rule: rule.session, summary: "Changes the user's own password (the current one required)", handler: async (c) => {
    const s = c.get('session');
    const { password, newPassword, repeatNewPassword } = await jsonBody(c);
    const errors = [];
    for (const [field, v] of Object.entries({ password, newPassword, repeatNewPassword })) if (!v) errors.push({ field, msg: t(s.lang, 'msg.required') });
    if (newPassword && !isValidPassword(newPassword)) errors.push({ field: 'newPassword', msg: t(s.lang, 'msg.invalidPassword') });
    if (newPassword && repeatNewPassword && newPassword !== repeatNewPassword) errors.push({ field: 'repeatNewPassword', msg: t(s.lang, 'msg.passwordMismatchSelf') });
    if (errors.length) throw new ApiError(400, errors);
    const em = ctx.orm.em.fork();
    // the current password is guessed no faster than at the login form: its limits, its counts
    const ip = clientIp(c, ctx.config.trustProxy);
    await assertMayTryLogin(em, s.userLogin, ip, s.lang, 'password');
    const u = await kysely(em).selectFrom('sysuser').select('password_hash').where('id', '=', s.userId).executeTakeFirstOrThrow();
    const ok = await verifyPassword(u.password_hash, String(password));
    await recordAttempt(em, s.userLogin, ok, ip);
    if (!ok) throw new ApiError(400, [{ field: 'password', msg: t(s.lang, 'msg.wrongPassword') }]);
    const hash = await hashPassword(String(newPassword));
    await writeTransaction(ctx, async (tem) => {
      const changepassword = { type: 'sysuser', action: 'changepassword', entityId: s.userId, entityName: s.userName };
      await systemUpdate({ em: tem, ctx, session: s }, 'sysuser', s.userId, { passwordHash: hash, passwordExpired: false }, changepassword);
      await endSessions(tem, s.userId, { except: s.sessionId });
    }, 'password change');
    return c.json({ success: true });
  } }),
  ];
}

const str = (v: unknown) => (typeof v === 'string' ? v.trim() : '');
