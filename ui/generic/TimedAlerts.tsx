/** Renders the alerts of {@link useTimedAlerts}: `data-testid="alert-<type>"`. */
import { Alert, Flex } from 'antd';
import type { AlertItem } from './useTimedAlerts.ts';

export interface TimedAlertsProps {
  alerts: AlertItem[];
  remove?: (id: number) => void;
}

export function TimedAlerts({ alerts, remove }: TimedAlertsProps) {
  if (!alerts.length) return null;
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
