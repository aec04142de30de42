import type { Session } from '../types.ts';

/**
 * The session the server acts under when no user is asking (seeding a workspace, a public
 * registration): an administrator of `workspaceId`, writing history entries with no user. It
 * acts for the system: what it does (linking an account to a workspace) needs nobody's consent.
 */
export function systemSession(workspaceId: string, workspaceName: string): Session {
  return {
    sessionId: '', userId: '', userLogin: 'SYSTEM', userName: 'SYSTEM', userwsId: null, workspaceId, workspaceName,
    patientNameComposition: null, administrator: true, sysadmin: true, permissions: new Set(), unitId: null, unitName: null,
    adminUnitId: null, adminUnitName: null, view: 'WORKSPACE', playOtherUnits: true, ulaPending: false, lang: 'ru',
  };
}
