import { sql } from 'kysely';
import { t } from '../../engine/i18n.ts';
import type { PermissionGrant } from '../../engine/permissions.ts';
import { sessionPermissions } from './load-session.ts';
import type { Em } from '../db/orm.ts';
import type { Session, Doc } from '../types.ts';
import { fail } from '../http/errors.ts';
import { hasPermission } from '../http/middleware.ts';
import { kysely } from '../db/kysely.ts';

/** What a workspace user may do and see: compared with a user manager's own before any change. */
export interface Rights {
  administrator: boolean;
  sysadmin: boolean;
  permissions: Set<string>;
  view: string | null;
  playOtherUnits: boolean;
}

const viewRank: Record<string, number> = { UNIT: 0, ADMINUNIT: 1, WORKSPACE: 2 };

/**
 * The rights a workspace user document grants (its administrator flag, profiles, view) plus its
 * account's system administrator role.
 *
 * @example await rightsOf(em, s, { administrator: false, profiles: [doctorProfileId], view: 'UNIT', userId })
 */
export async function rightsOf(em: Em, s: Session, doc: Doc): Promise<Rights> {
  const profiles: string[] = (doc.profiles ?? []).filter((p: unknown) => typeof p === 'string');
  const grants = profiles.length
    ? ((
        await sql<PermissionGrant>`select pp.permission, pp.can_change as "canChange" from userprofile_permissions pp
          join userprofile p on p.id = pp.parent_id where p.workspace_id = ${s.workspaceId} and p.id in (${sql.join(profiles)})`.execute(kysely(em))
      ).rows)
    : [];
  const account = doc.userId ? await kysely(em).selectFrom('sysuser').select('sysadmin').where('id', '=', doc.userId).executeTakeFirst() : undefined;
  const administrator = doc.administrator === true;
  const sysadmin = account?.sysadmin === true;
  return { administrator, sysadmin, permissions: sessionPermissions(grants, administrator, sysadmin), view: doc.view ?? null, playOtherUnits: doc.playOtherUnits === true };
}

/**
 * Whether `r` reaches beyond what the session holds: a system administrator for anyone who is not
 * one, a workspace administrator for anyone who is not one, a permission the session lacks, a wider
 * view. The workspace's administrator manages everyone there but the system administrators.
 *
 * @example exceeds({ administrator: true, … }, userManagerSession) // true
 */
export function exceeds(r: Rights, s: Session): boolean {
  if (r.sysadmin && !s.sysadmin) return true;
  if (s.administrator) return false;
  if (r.administrator) return true;
  for (const p of r.permissions) if (!hasPermission(s, p)) return true;
  if ((viewRank[r.view ?? 'UNIT'] ?? 0) > (viewRank[s.view ?? 'UNIT'] ?? 0)) return true;
  return r.playOtherUnits && !s.playOtherUnits;
}

/** Refuses (403) a change to a user whose rights, before or after it, exceed the session's. */
export async function assertNotAbove(em: Em, s: Session, doc: Doc, field: string | null = null): Promise<void> {
  if (!s.userId) return; // the server itself (seed, workspace bootstrap)
  if (exceeds(await rightsOf(em, s, doc), s)) throw fail(403, t(s.lang, 'userws.moreRights'), field);
}

/** Fields that make up a user's rights: nobody changes their own. */
export const rightsFields = ['administrator', 'profiles', 'view', 'playOtherUnits', 'unitId'] as const;
