/**
 * Permissions that reach beyond one workspace: the system settings (self-registration into any
 * workspace, the system URL, the licence agreement) and update checks. They belong to the system
 * administrator role held on the account (`sysuser.sysadmin`); no workspace's administrator flag
 * or profile grants them, even when a profile ticks them.
 *
 * @example isSystemPermission('SYSSETUP') // true
 * @example isSystemPermission('USERS_EDT') // false
 */
export const systemPermissions: readonly string[] = ['SYSSETUP', 'CHECKUPDT'];

export const isSystemPermission = (id: string): boolean => systemPermissions.includes(id);
