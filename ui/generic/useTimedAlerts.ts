/**
 * A small stack of page alerts: success messages vanish after 4 s, errors stay until closed or
 * cleared. Render the `alerts` with {@link TimedAlerts}.
 *
 * @example
 *   const alerts = useTimedAlerts();
 *   alerts.success(t('ui.msg.created'));
 *   return <TimedAlerts {...alerts} />;
 */
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';

export const SUCCESS_TIMEOUT_MS = 4000;

export interface AlertItem {
  id: number;
  type: 'success' | 'info' | 'warning' | 'error';
  title: ReactNode;
  details?: ReactNode[];
}

export interface TimedAlertsApi {
  alerts: AlertItem[];
  success: (title: ReactNode) => void;
  error: (title: ReactNode, details?: ReactNode[]) => void;
  warning: (title: ReactNode) => void;
  remove: (id: number) => void;
  clear: () => void;
}

let nextId = 1;

export function useTimedAlerts(): TimedAlertsApi {
  const [alerts, setAlerts] = useState<AlertItem[]>([]);
  const timers = useRef(new Set<ReturnType<typeof setTimeout>>());

  useEffect(() => {
    const pending = timers.current;
    return () => pending.forEach(clearTimeout);
  }, []);

  const remove = useCallback((id: number) => setAlerts((list) => list.filter((a) => a.id !== id)), []);

  const push = useCallback(
    (item: Omit<AlertItem, 'id'>, timeout?: number) => {
      const id = nextId++;
      setAlerts((list) => [...list.filter((a) => a.type !== item.type), { ...item, id }]);
      if (timeout) {
        const timer = setTimeout(() => {
          timers.current.delete(timer);
          remove(id);
        }, timeout);
        timers.current.add(timer);
      }
    },
    [remove],
  );

  const success = useCallback(
    (title: ReactNode) => {
      setAlerts((list) => list.filter((a) => a.type !== 'error'));
      push({ type: 'success', title }, SUCCESS_TIMEOUT_MS);
    },
    [push],
  );
  const error = useCallback((title: ReactNode, details?: ReactNode[]) => push({ type: 'error', title, details }), [push]);
  const warning = useCallback((title: ReactNode) => push({ type: 'warning', title }), [push]);
  const clear = useCallback(() => setAlerts([]), []);

  return { alerts, success, error, warning, remove, clear };
}
