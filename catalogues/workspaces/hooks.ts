import type { Workspace } from '../../engine/generated/index.ts';
import { sql } from 'kysely';
import { t } from '../../engine/i18n.ts';
import { allPermissionIds, isChangeable } from '../../engine/permissions.ts';
import type { Em } from '../../server/db/orm.ts';
import type { Session, SaveContext, HooksOn } from '../../server/types.ts';
import { fail } from '../../server/http/errors.ts';
import { kysely } from '../../server/db/kysely.ts';
import { TableWriter } from '../../server/tbl/write.ts';

/**
 * A new workspace is usable at once: it gets a country level, a root area, a central unit, an
 * administrator profile and its creator as administrator — in the creating transaction. Since the
 * workspace list shows only the workspaces one belongs to, this is also what lets its creator see it.
 */
async function bootstrap({ em, ctx, session, id, doc }: SaveContext<Workspace>) {
  const lang = session.lang;
  // The creator acts inside the new workspace: no unit of the old one (history entries name the unit
  // and area of the workspace they belong to); once the central unit exists, it is the creator's.
  let inNew: Session = { ...session, workspaceId: id, workspaceName: doc.name, userwsId: null, administrator: true, unitId: null, unitName: null, adminUnitId: null, adminUnitName: null };
  const create = (table: string, input: Record<string, unknown>) => new TableWriter(ctx, ctx.registry.table(table), inNew).create(input, undefined, em);
  const countryStructure = await create('countrystructure', { name: t(lang, 'workspace.bootstrap.country'), level: 1 });
  const adminUnitId = await create('adminunit', { name: doc.name, countryStructure });
  const unitName = t(lang, 'workspace.bootstrap.unit');
  const unitId = await create('unit', { type: 'TBUNIT', name: unitName, address: { adminUnitId } });
  inNew = { ...inNew, unitId, unitName, adminUnitId };
  const permissions = allPermissionIds().map((permission) => ({ permission, canChange: isChangeable(permission) }));
  const profile = await create('userprofile', { name: t(lang, 'workspace.bootstrap.profile'), permissions });
  const me = await kysely(em).selectFrom('sysuser').select(['login', 'name', 'email', 'send_system_messages']).where('id', '=', session.userId).executeTakeFirstOrThrow();
  await create('userws', { login: me.login, name: me.name, email: me.email, sendSystemMessages: me.send_system_messages, unitId, profiles: [profile], view: 'WORKSPACE', administrator: true });
}

/**
 * A workspace other than the session's is changed or deleted only by its own administrator (or a
 * system administrator): WORKSPACES_EDT held in one workspace does not reach another the user
 * merely belongs to.
 */
async function assertAdministers(em: Em, s: Session, workspaceId: string): Promise<void> {
  if (!s.userId || s.sysadmin || workspaceId === s.workspaceId) return;
  const admin = await kysely(em)
    .selectFrom('userws')
    .select('id')
    .where('user_id', '=', s.userId)
    .where('workspace_id', '=', workspaceId)
    .where('administrator', '=', true)
    .executeTakeFirst();
  if (!admin) throw fail(403, t(s.lang, 'msg.forbidden'));
}

export const workspaceHooks: HooksOn<'workspace'> = {
  /**
   * Another workspace is changed only by its administrator. Stock months: the minimum may not
   * exceed the maximum (both 1 to 12).
   */
  async beforeSave({ em, session, id, doc, prev }) {
    if (prev) await assertAdministers(em, session, id);
    const min = doc.minStockOnHand, max = doc.maxStockOnHand;
    if (typeof min === 'number' && typeof max === 'number' && min > max) throw fail(400, t(session.lang, 'workspace.minAboveMax', { max }), 'minStockOnHand');
  },
  async afterSave(x) {
    if (x.isNew && x.session.userId) await bootstrap(x);
  },
  /** Deleting a workspace removes everything in it: never the one the administrator is working in. */
  async beforeDelete({ em, session, id }) {
    if (id === session.workspaceId) throw fail(400, t(session.lang, 'workspace.cannotDeleteCurrent'), 'id');
    await assertAdministers(em, session, id);
    // Its rows reference each other; checked at commit, once the cascade has removed them all.
    await sql`set constraints all deferred`.execute(kysely(em));
  },
};
