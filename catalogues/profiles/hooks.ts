import { t } from '../../engine/i18n.ts';
import { isChangeable, isPermission } from '../../engine/permissions.ts';
import type { Session, HooksOn } from '../../server/types.ts';
import { ApiError, fail } from '../../server/http/errors.ts';
import { hasPermission } from '../../server/http/middleware.ts';

type Grant = { permission: string; canChange?: boolean };

/**
 * The first grant of `grants` the session does not hold itself (the node, or its `_EDT` when
 * 'can modify' is ticked). A workspace's administrator holds every workspace permission.
 * @example beyond(managerSession, [{ permission: 'SYSSETUP' }]) // index 0
 */
function beyond(session: Session, grants: Grant[]): number {
  if (!session.userId || session.administrator) return -1;
  return grants.findIndex((g) => !hasPermission(session, g.permission) || (g.canChange === true && isChangeable(g.permission) && !hasPermission(session, `${g.permission}_EDT`)));
}

/**
 * A profile grants nodes of the permission tree: each at most once, and 'can modify'
 * only where the tree marks the node changeable — a tick elsewhere would grant nothing.
 * Nobody grants what they do not hold: a profile editor who is not the workspace's administrator
 * ticks only permissions they hold, and does not change a profile that grants more.
 */
export const userProfileHooks: HooksOn<'userprofile'> = {
  beforeSave({ session, doc, prev }) {
    const errors: ApiError['errors'] = [];
    const seen = new Set<string>();
    ((doc.permissions ?? []) as { permission: string; canChange?: boolean }[]).forEach((p, i) => {
      if (!isPermission(p.permission)) errors.push({ field: `permissions.${i}.permission`, msg: t(session.lang, 'userprofile.unknownPermission', { id: p.permission }) });
      else if (seen.has(p.permission)) errors.push({ field: `permissions.${i}.permission`, msg: t(session.lang, 'msg.duplicate') });
      else if (p.canChange && !isChangeable(p.permission)) errors.push({ field: `permissions.${i}.canChange`, msg: t(session.lang, 'userprofile.notChangeable', { id: p.permission }) });
      seen.add(p.permission);
    });
    if (errors.length) throw new ApiError(400, errors);
    if (prev && beyond(session, prev.permissions ?? []) >= 0) throw fail(403, t(session.lang, 'userws.moreRights'), 'permissions');
    const permissions = doc.permissions ?? [];
    const over = beyond(session, permissions);
    if (over >= 0) throw fail(403, t(session.lang, 'userprofile.notHeld', { id: permissions[over].permission }), `permissions.${over}.permission`);
  },
  beforeDelete({ session, prev }) {
    if (beyond(session, prev.permissions ?? []) >= 0) throw fail(403, t(session.lang, 'userws.moreRights'), 'permissions');
  },
};
