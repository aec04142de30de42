import { sql } from 'kysely';
import { t } from '../../engine/i18n.ts';
import { userWorkspaces } from '../auth/login.ts';
import { recordCommand } from '../history/record.ts';
import type { AppContext, Session } from '../types.ts';
import { fail } from '../http/errors.ts';
import { kysely } from '../db/kysely.ts';
import { systemUpdate } from '../tbl/system-write.ts';
import { defineRoute, rule, type DeclaredRoute } from '../http/define-route.ts';
import { writeTransaction } from '../tbl/retry.ts';

/** The session's user, workspace, unit, view and permissions, plus what the UI needs to decide what to show. */
export const sessionInfo = (s: Session, ctx: AppContext) => ({
  userId: s.userId,
  userName: s.userName,
  userLogin: s.userLogin,
  workspaceId: s.workspaceId,
  workspaceName: s.workspaceName,
  userWorkspaceId: s.userwsId,
  patientNameComposition: s.patientNameComposition,
  permissions: [...s.permissions],
  administrator: s.administrator,
  view: s.view,
  unitId: s.unitId,
  unitName: s.unitName,
  adminUnitId: s.adminUnitId,
  adminUnitName: s.adminUnitName,
  playOtherUnits: s.playOtherUnits,
  clientMode: ctx.config.clientMode,
  language: s.lang,
});

export function sessionRoutes(ctx: AppContext): DeclaredRoute[] {
  return [
  defineRoute({ method: 'POST', path: '/api/sys/session', rule: rule.session, summary: 'The session: the user, workspace, unit, permissions and settings', handler: async (c) => {
    const session = c.get('session');
    const extra: Record<string, unknown> = {};
    for (const m of ctx.modules.list) if (m.sessionInfo) Object.assign(extra, await m.sessionInfo({ em: ctx.orm.em.fork(), ctx, session }));
    return c.json({ ...sessionInfo(session, ctx), ...extra });
  } }),

  defineRoute({ method: 'POST', path: '/api/sys/workspaces', rule: rule.session, summary: 'The workspaces the user belongs to', handler: async (c) => {
    const list = await userWorkspaces(ctx.orm.em.fork(), c.get('session').userId);
    return c.json(list.map(({ id, name }) => ({ id, name })));
  } }),

  /** Moves the session into another of the user's workspaces. */
  defineRoute({ method: 'POST', path: '/api/sys/changews/:id', rule: rule.session, summary: 'Moves the session into another workspace of the user', handler: async (c) => {
    const s = c.get('session');
    const em = ctx.orm.em.fork();
    const target = (await userWorkspaces(em, s.userId)).find((w) => w.id === c.req.param('id'));
    if (!target) throw fail(404, t(s.lang, 'msg.notFound'), 'id');
    await writeTransaction(ctx, async (tem) => {
      await sql`update syssession set workspace_id = ${target.id}, userws_id = ${target.userwsId} where id = ${s.sessionId}`.execute(kysely(tem));
      // The entry belongs to the target workspace: the user's unit there, never the one left behind.
      const unit = await kysely(tem)
        .selectFrom('userws as uw')
        .leftJoin('unit as un', (j) => j.onRef('un.id', '=', 'uw.unit_id').onRef('un.workspace_id', '=', 'uw.workspace_id'))
        .leftJoin('adminunit as au', 'au.id', 'un.address_admin_unit_id')
        .select(['un.id as unitId', 'un.name as unitName', 'un.address_admin_unit_id as adminUnitId', 'au.name as adminUnitName'])
        .where('uw.id', '=', target.userwsId)
        .executeTakeFirst();
      const there = { ...s, workspaceId: target.id, workspaceName: target.name, userwsId: target.userwsId, unitId: unit?.unitId ?? null, unitName: unit?.unitName ?? null, adminUnitId: unit?.adminUnitId ?? null, adminUnitName: unit?.adminUnitName ?? null };
      await recordCommand(tem, there, { type: 'session', action: 'changews', entityId: target.id, entityName: target.name });
    }, 'workspace change');
    return c.json({ success: true, result: { id: target.id, name: target.name } });
  } }),

  /** Switches the session's language (the user's choice is remembered for the next login). */
  defineRoute({ method: 'POST', path: '/api/sys/language/:lang', rule: rule.session, summary: "The session's language (ru or en)", handler: async (c) => {
    const lang = c.req.param('lang') === 'en' ? 'en' : 'ru';
    const s = c.get('session');
    await writeTransaction(ctx, async (em) => {
      await kysely(em).updateTable('syssession').set({ language: lang }).where('id', '=', s.sessionId).execute();
      // a preference: the account's row through the writer's system door, no history entry
      await systemUpdate({ em, ctx, session: s }, 'sysuser', s.userId, { language: lang }, 'action');
    }, 'language change');
    return c.json({ success: true });
  } }),
  ];
}
