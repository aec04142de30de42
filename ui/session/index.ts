/** The session: provider, hooks, permission checks. */
export { SessionProvider, useSession, useSessionContext, type SessionContextValue } from './SessionContext.tsx';
export { hasPermission, canEdit, showsAdminMenu } from './permissions.ts';
export { useServerLanguage } from './useServerLanguage.ts';
