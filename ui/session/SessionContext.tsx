/**
 * The signed-in user's session (`POST /api/sys/session`) and the workspace switch.
 *
 * `changingWorkspace` is true while `POST /api/sys/changews/{id}` runs: the shell then shows only
 * a wait icon in the main area.
 */
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { sysApi, type Session } from '../api/index.ts';

export interface SessionContextValue {
  session: Session | null;
  /** Reloads the session from the server; resolves to it (or null when signed out). */
  refresh: () => Promise<Session | null>;
  /** Forgets the session (after logout). */
  clear: () => void;
  changingWorkspace: boolean;
  changeWorkspace: (id: string) => Promise<void>;
}

export const SessionContext = createContext<SessionContextValue | null>(null);

export function SessionProvider({ children }: { children: ReactNode }) {
  const [session, setSession] = useState<Session | null>(null);
  const [changingWorkspace, setChanging] = useState(false);

  const refresh = useCallback(async () => {
    try {
      const s = await sysApi.fetchSession();
      setSession(s);
      return s;
    } catch (err) {
      setSession(null);
      throw err;
    }
  }, []);

  const clear = useCallback(() => setSession(null), []);

  const changeWorkspace = useCallback(
    async (id: string) => {
      setChanging(true);
      try {
        await sysApi.changeWorkspace(id);
        await refresh();
      } finally {
        setChanging(false);
      }
    },
    [refresh],
  );

  const value = useMemo(
    () => ({ session, refresh, clear, changingWorkspace, changeWorkspace }),
    [session, refresh, clear, changingWorkspace, changeWorkspace],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

/** The session context; throws outside {@link SessionProvider}. */
export function useSessionContext(): SessionContextValue {
  const ctx = useContext(SessionContext);
  if (!ctx) throw new Error('useSessionContext outside SessionProvider');
  return ctx;
}

/** The current session; inside the shell it is always loaded. */
export function useSession(): Session {
  const { session } = useSessionContext();
  if (!session) throw new Error('useSession before the session was loaded');
  return session;
}
