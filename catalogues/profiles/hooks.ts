import { t } from '../../engine/i18n.ts';
import { isChangeable, isPermission } from '../../engine/permissions.ts';
import { ApiError } from '../../server/http/errors.ts';
import type { TableHooks } from '../../server/modules.ts';

/**
 * A profile grants nodes of the permission tree (spec 000 §6): each at most once, and 'can modify'
 * only where the tree marks the node changeable (§5) — a tick elsewhere would grant nothing.
 */
export const userProfileHooks: TableHooks = {
  beforeSave({ session, doc }) {
    const errors: ApiError['errors'] = [];
    const seen = new Set<string>();
    ((doc.permissions ?? []) as { permission: string; canChange?: boolean }[]).forEach((p, i) => {
      if (!isPermission(p.permission)) errors.push({ field: `permissions.${i}.permission`, msg: t(session.lang, 'userprofile.unknownPermission', { id: p.permission }) });
      else if (seen.has(p.permission)) errors.push({ field: `permissions.${i}.permission`, msg: t(session.lang, 'msg.duplicate') });
      else if (p.canChange && !isChangeable(p.permission)) errors.push({ field: `permissions.${i}.canChange`, msg: t(session.lang, 'userprofile.notChangeable', { id: p.permission }) });
      seen.add(p.permission);
    });
    if (errors.length) throw new ApiError(400, errors);
  },
};
