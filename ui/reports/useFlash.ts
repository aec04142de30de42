/**
 * A success message handed to the next screen through the router's state (a deleted report
 * returns to the list, a saved one opens its view): shown there once, as a timed alert.
 * @example navigate(to, { state: flash('ui.msg.deleted') }); … useFlash(alerts);
 */
import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { TimedAlertsApi } from '../generic/useTimedAlerts.ts';

export const flash = (key: string) => ({ flash: key });

export function useFlash(alerts: TimedAlertsApi): void {
  const { t } = useTranslation();
  const location = useLocation();
  const navigate = useNavigate();
  const key = (location.state as { flash?: string } | null)?.flash;
  useEffect(() => {
    if (!key) return;
    alerts.success(t(key));
    // once: a reload or a way back does not show it again
    void navigate(`${location.pathname}${location.search}`, { replace: true, state: null });
  }, [key]);
}
