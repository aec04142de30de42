import { sql } from 'kysely';
import { asLang } from '../../engine/i18n.ts';
import { effectivePermissions, type PermissionGrant } from '../../engine/permissions.ts';
import { isSystemPermission, systemPermissions } from '../../engine/system-permissions.ts';
import type { Em } from '../db/orm.ts';
import type { Identity, IdentityMemo, Session } from '../types.ts';
import { kysely } from '../db/kysely.ts';
import { jsonColumn } from '../db/json-column.ts';
import { prepared } from '../db/prepared.ts';
import { CompiledOnce } from '../db/compiled-once.ts';
import { sendCompiled } from '../db/send-compiled.ts';


/** The session's statement by its token's hash. */
const sessionStatement = new CompiledOnce();

/** Touching last_access at most once a minute keeps reads from writing on every request. */
const touchAfterMs = 60_000;

/**
 * The session of a cookie token (by its hash), checked against the database on every request —
 * so a logout or an expiry seen by any server process counts at once — plus the user's identity
 * in that workspace (names, unit, permissions, whether the licence agreement still waits), memoised
 * briefly because it is costly to plan.
 * An expired session is closed here, by whichever process notices first.
 */
export async function loadSession(em: Em, hash: string, sessionHours: number, identities: IdentityMemo): Promise<Session | undefined> {
  const db = kysely(em);
  // Every request runs this: one statement by the token's hash as a parameter, prepared once per
  // connection (a row by a unique key: one plan suits every value), not re-parsed and re-planned each time.
  // The statement is compiled once per process too (server/db/compiled-once.ts): a request sends only its hash.
  const statement = sessionStatement.query('session', [hash], ([h]) => ({ compile: () => prepared(sql`
    select id, user_id, userws_id, workspace_id, language, last_access from syssession where token_hash = ${h} and logout_date is null`).compile(db) }));
  const [s] = await sendCompiled<{ id: string; user_id: string; userws_id: string | null; workspace_id: string; language: string | null; last_access: string }>(db, statement);
  if (!s) return undefined;
  const last = new Date(s.last_access).getTime();
  if (Date.now() - last > sessionHours * 3600_000) {
    await db.updateTable('syssession').set({ logout_date: new Date(last + sessionHours * 3600_000) }).where('id', '=', s.id).execute();
    return undefined;
  }
  if (Date.now() - last > touchAfterMs) await db.updateTable('syssession').set({ last_access: sql`now()` }).where('id', '=', s.id).execute();
  const key = `${s.user_id}|${s.userws_id}|${s.workspace_id}`;
  let identity = identities.get(key);
  if (!identity) {
    identity = await loadIdentity(em, s.user_id, s.userws_id, s.workspace_id);
    if (!identity) return undefined;
    identities.set(key, identity);
  }
  return { ...identity, sessionId: s.id, lang: asLang(s.language) };
}

/**
 * A user's identity in a workspace through one membership (names, unit, view, permissions), or
 * undefined when the account is blocked or the membership gone or pending. Also the identity an
 * offline client's change is applied under (server/sync/push.ts).
 * @example const who = await loadIdentity(em, userId, userwsId, workspaceId)
 */
export async function loadIdentity(em: Em, userId: string, userwsId: string | null, workspaceId: string): Promise<Identity | undefined> {
  const r = (await sql<any>`
    select u.login, u.name as user_name, u.active, u.sysadmin,
      (u.ula_accepted_at is null and coalesce((select c.ula_active from sysconfig c order by c.created_at limit 1), false)) as ula_pending,
      w.name as ws_name, w.patient_name_composition, w.time_zone as ws_time_zone,
      uw.id as uw_id, uw.administrator, uw.unit_id, uw.view, uw.play_other_units,
      un.name as unit_name, un.address_admin_unit_id as admin_unit_id, au.name as admin_unit_name,
      (select coalesce(json_agg(json_build_object('permission', pp.permission, 'canChange', pp.can_change)), '[]')
         from userws_profiles up join userprofile_permissions pp on pp.parent_id = up.value_id
        where up.parent_id = uw.id) as grants
    from sysuser u
    join workspace w on w.id = ${workspaceId}
    left join userws uw on uw.id = ${userwsId} and uw.workspace_id = w.id and uw.user_id = u.id and uw.pending is not true
    left join unit un on un.id = uw.unit_id
    left join adminunit au on au.id = un.address_admin_unit_id
    where u.id = ${userId}`.execute(kysely(em))).rows[0];
  // A blocked account, or a membership gone or still an invitation (not accepted): no session.
  if (!r || r.active === false || (userwsId && !r.uw_id)) return undefined;
  const grants = jsonColumn<PermissionGrant[]>(r.grants, []);
  const sysadmin = r.sysadmin === true;
  return {
    userId,
    userLogin: r.login,
    userName: r.user_name,
    userwsId,
    workspaceId,
    workspaceName: r.ws_name,
    patientNameComposition: r.patient_name_composition ?? null,
    workspaceTimeZone: r.ws_time_zone ?? null,
    administrator: r.administrator === true,
    sysadmin,
    permissions: sessionPermissions(grants, r.administrator === true, sysadmin),
    unitId: r.unit_id ?? null,
    unitName: r.unit_name ?? null,
    adminUnitId: r.admin_unit_id ?? null,
    adminUnitName: r.admin_unit_name ?? null,
    view: r.view ?? null,
    playOtherUnits: r.play_other_units === true,
    ulaPending: r.ula_pending === true,
  };
}

/**
 * What a user holds in a workspace: the profiles' (or, for its administrator, every) workspace
 * permission, and the system-wide ones only with the account's system administrator role.
 *
 * @example sessionPermissions([{permission: 'SYSSETUP'}], true, false).has('SYSSETUP') // false
 */
export function sessionPermissions(grants: PermissionGrant[], administrator: boolean, sysadmin: boolean): Set<string> {
  const out = new Set(effectivePermissions(grants, administrator).filter((p) => !isSystemPermission(p)));
  if (sysadmin) for (const p of systemPermissions) out.add(p);
  return out;
}
