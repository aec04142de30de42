/**
 * Permission checks on the session: a workspace's administrators hold every workspace permission;
 * the system-wide ones (SYSSETUP…) only the system administrators, whose session lists them.
 */
import { isSystemPermission } from '../../engine/system-permissions.ts';
import type { Session } from '../api/index.ts';

/** True when the user holds `perm` (or is an administrator). An absent `perm` means "no check". */
export function hasPermission(session: Session | null | undefined, perm?: string): boolean {
  if (!session) return false;
  if (!perm) return true;
  const listed = (session.permissions ?? []).includes(perm);
  return isSystemPermission(perm) ? listed : session.administrator === true || listed;
}

/** True when the user may modify what `perm` guards: `<perm>_EDT` (or administrator). */
export function canEdit(session: Session | null | undefined, perm?: string): boolean {
  if (!session) return false;
  if (session.administrator) return true;
  if (!perm) return true;
  return (session.permissions ?? []).includes(`${perm}_EDT`);
}

/** The administrator menu shows for ADMIN holders, never in client (offline) mode. */
export function showsAdminMenu(session: Session | null | undefined): boolean {
  return !!session && !session.clientMode && hasPermission(session, 'ADMIN');
}
