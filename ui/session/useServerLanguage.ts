/**
 * Keeps the server session's language equal to the UI language (server messages follow it):
 * on sign-in and on every switch.
 */
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { sysApi } from '../api/index.ts';
import { useSessionContext } from './SessionContext.tsx';

export function useServerLanguage(): void {
  const { i18n } = useTranslation();
  const { session } = useSessionContext();
  const lang = i18n.language;
  const userId = session?.userId;
  const told = useRef<{ userId?: string; lang?: string }>({});
  useEffect(() => {
    if (!userId) return;
    if (told.current.userId !== userId) told.current = { userId, lang: session?.language };
    if (told.current.lang === lang) return;
    told.current.lang = lang;
    sysApi.setSessionLanguage(lang).catch(() => {});
  }, [userId, lang]);
}
