import type { SessionRow } from './rows.ts';
import { sql } from 'kysely';
import { t, type Lang } from '../../engine/i18n.ts';
import type { Em } from '../../server/db/orm.ts';
import type { AppContext, Session } from '../../server/types.ts';
import { kysely } from '../../server/db/kysely.ts';
import { nextDayStart } from './filters.ts';
import { iso, readFilter } from './read-filter.ts';
import { limitToView } from './scope.ts';
import { accountId } from './users.ts';
import { defineRoute, rule, type DeclaredRoute } from '../../server/http/define-route.ts';

/**
 * The sessions of the session workspace that the reader's view covers (`scope.ts`). A session
 * nobody closed but whose time ran out shows the logout it had (last access + the session
 * timeout), the same date `loadSession` writes when it notices; `online` keeps only the live ones.
 */
function sessions(ctx: AppContext, em: Em, reader: Session) {
  const hours = ctx.config.sessionHours;
  const expiry = sql<Date>`s.last_access + make_interval(secs => ${hours * 3600})`;
  const query = kysely(em)
    .selectFrom('syssession as s')
    .innerJoin('sysuser as u', 'u.id', 's.user_id')
    .where('s.workspace_id', '=', reader.workspaceId)
    .select([
      's.id', 'u.name as userName', 'u.login as userLogin', 's.login_date as loginDate', 's.last_access as lastAccess',
      's.ip_address as ipAddress', 's.application',
      sql<Date | null>`coalesce(s.logout_date, case when ${expiry} < now() then ${expiry} end)`.as('logoutDate'),
      sql<number>`count(*) over()`.as('total'),
    ]);
  // Only the sessions of users the reader's view covers (their unit in the reader's area or unit).
  return { expiry, query: limitToView(query, kysely(em), reader, { user: 's.user_id' }) };
}

/**
 * A session row as the report shows it. The session stores the user agent it was opened with; the
 * application is the offline client when this server is the client-mode build (TB_CLIENT_MODE:
 * its database holds only the offline client's sessions), a browser otherwise.
 */
const rowMaker = (ctx: AppContext, lang: Lang) => {
  const application = t(lang, ctx.config.clientMode ? 'report.offlineClient' : 'report.browser');
  return (r: any): SessionRow => ({
    id: r.id,
    userName: r.userName,
    userLogin: r.userLogin,
    loginDate: iso(r.loginDate),
    logoutDate: iso(r.logoutDate),
    lastAccess: iso(r.lastAccess),
    ipAddress: r.ipAddress ?? null,
    application,
    userAgent: r.application || null,
  });
};

const page = (ctx: AppContext, lang: Lang, rows: any[]) => ({ count: rows.length ? Number(rows[0].total) : 0, list: rows.map(rowMaker(ctx, lang)) });

/** `dailyusersession`, `usersession` (USERSESREP) and `onlineusers` (ONLINE). */
export function sessionReportRoutes(ctx: AppContext): DeclaredRoute[] {
  // The sessions that started on one day: [iniDate, iniDate + 1 day).
  return [
  defineRoute({ method: 'POST', path: '/api/admin/rep/dailyusersession', rule: rule.perm('USERSESREP'), summary: 'The sessions that started on a day (administrator report)', handler: async (c) => {
    const s = c.get('session');
    const f = await readFilter(ctx, c, 'dailyusersession', []);
    // The user's calendar day when the request names their zone.
    const day = f.ini;
    const next = nextDayStart(day, f.zone);
    const { query } = sessions(ctx, ctx.orm.em.fork(), s);
    const rows = await query.where('s.login_date', '>=', day.toISOString()).where('s.login_date', '<', next.toISOString()).orderBy('s.login_date', 'desc').limit(f.limit).offset(f.offset).execute();
    return c.json(page(ctx, s.lang, rows));
  } }),

  defineRoute({ method: 'POST', path: '/api/admin/rep/usersession', rule: rule.perm('USERSESREP'), summary: 'The sessions of a period, of one user or all (administrator report)', handler: async (c) => {
    const s = c.get('session');
    const f = await readFilter(ctx, c, 'usersession', ['userId']);
    const em = ctx.orm.em.fork();
    const userId = await accountId(em, s, f.userId);
    let q = sessions(ctx, em, s).query.where('s.login_date', '>=', f.ini.toISOString());
    if (f.end) q = q.where('s.login_date', '<=', f.end.toISOString());
    if (userId) q = q.where('s.user_id', '=', userId);
    return c.json(page(ctx, s.lang, await q.orderBy('s.login_date', 'desc').limit(f.limit).offset(f.offset).execute()));
  } }),

  // Live now: not logged out, and used within the session timeout. A plain list.
  defineRoute({ method: 'POST', path: '/api/admin/rep/onlineusers', rule: rule.perm('ONLINE'), summary: 'The sessions alive now (administrator report)', handler: async (c) => {
    const s = c.get('session');
    const { query } = sessions(ctx, ctx.orm.em.fork(), s);
    const rows = await query
      .where('s.logout_date', 'is', null)
      .where(sql<boolean>`s.last_access > now() - make_interval(secs => ${ctx.config.sessionHours * 3600})`)
      .orderBy('s.last_access', 'desc')
      .execute();
    return c.json(rows.map(rowMaker(ctx, s.lang)));
  } }),
  ];
}
