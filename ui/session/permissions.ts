/** Permission checks on the session: administrators hold every permission. */
import type { Session } from '../api/index.ts';

/** True when the user holds `perm` (or is an administrator). An absent `perm` means "no check". */
export function hasPermission(session: Session | null | undefined, perm?: string): boolean {
  if (!session) return false;
  if (!perm) return true;
  return session.administrator === true || (session.permissions ?? []).includes(perm);
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
