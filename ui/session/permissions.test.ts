import { describe, expect, it } from 'vitest';
import type { Session } from '../api/index.ts';
import { canEdit, hasPermission, showsAdminMenu } from './permissions.ts';

const session = (over: Partial<Session>): Session =>
  ({ userId: 'u', userName: 'U', userLogin: 'U', workspaceId: 'w', workspaceName: 'W', userWorkspaceId: 'uw', permissions: [], administrator: false, ...over }) as Session;

describe('permissions', () => {
  it('grants what the session lists, everything to administrators', () => {
    expect(hasPermission(session({ permissions: ['SOURCES'] }), 'SOURCES')).toBe(true);
    expect(hasPermission(session({}), 'SOURCES')).toBe(false);
    expect(hasPermission(session({ administrator: true }), 'SOURCES')).toBe(true);
  });

  it('grants system settings only when the session lists them (system administrators), not for the workspace flag', () => {
    expect(hasPermission(session({ administrator: true }), 'SYSSETUP')).toBe(false);
    expect(hasPermission(session({ administrator: true, permissions: ['SYSSETUP'] }), 'SYSSETUP')).toBe(true);
  });

  it('needs <ID>_EDT to edit', () => {
    expect(canEdit(session({ permissions: ['SOURCES'] }), 'SOURCES')).toBe(false);
    expect(canEdit(session({ permissions: ['SOURCES', 'SOURCES_EDT'] }), 'SOURCES')).toBe(true);
  });

  it('shows the admin menu for ADMIN, never in client mode', () => {
    expect(showsAdminMenu(session({ permissions: ['ADMIN'] }))).toBe(true);
    expect(showsAdminMenu(session({ permissions: ['ADMIN'], clientMode: true }))).toBe(false);
    expect(showsAdminMenu(session({}))).toBe(false);
  });
});
