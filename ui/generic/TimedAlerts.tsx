/**
 * Renders the alerts of {@link useTimedAlerts}: `data-testid="alert-<type>"`, inside a live region
 * that is always in the page, so a screen reader announces each alert as it comes.
 */
import { Alert, Flex } from 'antd';
import type { AlertItem } from './useTimedAlerts.ts';

export interface TimedAlertsProps {
  alerts: AlertItem[];
  remove?: (id: number) => void;
}

export function TimedAlerts({ alerts, remove }: TimedAlertsProps) {
  return <div aria-live="polite">{alerts.length ? <AlertList alerts={alerts} remove={remove} /> : null}</div>;
}

function AlertList({ alerts, remove }: TimedAlertsProps) {
  return (
    <Flex vertical gap={8} style={{ marginBottom: 12 }}>
      {alerts.map((a) => (
        <Alert
          key={a.id}
          data-testid={`alert-${a.type}`}
          type={a.type}
          showIcon
          title={a.title}
          description={
            a.details?.length ? (
              <ul style={{ margin: 0, paddingInlineStart: 18 }}>
                {a.details.map((d, i) => (
                  <li key={i}>{d}</li>
                ))}
              </ul>
            ) : undefined
          }
          closable={remove ? { onClose: () => remove(a.id) } : false}
        />
      ))}
    </Flex>
  );
}
