import { sql } from 'kysely';
import { asLang } from '../../engine/i18n.ts';
import { effectivePermissions, type PermissionGrant } from '../../engine/permissions.ts';
import type { Em } from '../db/orm.ts';
import type { Session } from '../http/context.ts';
import { kysely } from '../tbl/store.ts';

/** Touching last_access at most once a minute keeps reads from writing on every request. */
const touchAfterMs = 60_000;

/**
 * Loads the session of a cookie token (by its hash) with one query: user, workspace, unit and the permissions
 * granted by the user's profiles in that workspace. Returns undefined when unknown, ended or expired
 * (an expired session is closed here, whichever server process notices first).
 */
export async function loadSession(em: Em, hash: string, sessionHours: number): Promise<Session | undefined> {
  const r = (await sql<any>`
    select s.id, s.user_id, s.userws_id, s.workspace_id, s.language, s.last_access,
      u.login, u.name as user_name, u.active,
      w.name as ws_name, w.patient_name_composition,
      uw.administrator, uw.unit_id, uw.view, uw.play_other_units,
      un.name as unit_name, un.address_admin_unit_id as admin_unit_id,
      (select coalesce(json_agg(json_build_object('permission', pp.permission, 'canChange', pp.can_change)), '[]')
         from userws_profiles up join userprofile_permissions pp on pp.parent_id = up.value_id
        where up.parent_id = uw.id) as grants
    from syssession s
    join sysuser u on u.id = s.user_id
    join workspace w on w.id = s.workspace_id
    left join userws uw on uw.id = s.userws_id
    left join unit un on un.id = uw.unit_id
    where s.token_hash = ${hash} and s.logout_date is null`.execute(kysely(em))).rows[0];
  if (!r) return undefined;
  const last = new Date(r.last_access).getTime();
  if (Date.now() - last > sessionHours * 3600_000 || r.active === false) {
    await sql`update syssession set logout_date = ${new Date(Math.min(Date.now(), last + sessionHours * 3600_000))} where id = ${r.id}`.execute(kysely(em));
    return undefined;
  }
  if (Date.now() - last > touchAfterMs) await sql`update syssession set last_access = now() where id = ${r.id}`.execute(kysely(em));
  const grants = (typeof r.grants === 'string' ? JSON.parse(r.grants) : r.grants) as PermissionGrant[];
  return {
    sessionId: r.id,
    userId: r.user_id,
    userLogin: r.login,
    userName: r.user_name,
    userwsId: r.userws_id,
    workspaceId: r.workspace_id,
    workspaceName: r.ws_name,
    patientNameComposition: r.patient_name_composition ?? null,
    administrator: r.administrator === true,
    permissions: new Set(effectivePermissions(grants, r.administrator === true)),
    unitId: r.unit_id ?? null,
    unitName: r.unit_name ?? null,
    adminUnitId: r.admin_unit_id ?? null,
    view: r.view ?? null,
    playOtherUnits: r.play_other_units === true,
    lang: asLang(r.language),
  };
}
