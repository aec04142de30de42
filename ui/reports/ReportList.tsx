/**
 * `…/cases/reports` — the saved reports of the place: the workspace's and those
 * saved for this area or unit, by name, each opening its report; 'Запись не найдена.' when there is
 * none; 'Новый отчёт' for a user holding DATA_ANALISYS; 'Успешно удалено' after a report was deleted.
 */
import { Alert, Button, Card, List, Tag } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { EmptyListWarning, TimedAlerts, useTimedAlerts, WaitIcon } from '../generic/index.ts';
import { placeLink, type PlaceRef } from '../places/api.ts';
import { useData } from '../generic/data/useData.ts';
import { hasPermission } from '../session/permissions.ts';
import { useSession } from '../session/index.ts';
import { reportsApi } from './api.ts';
import { useFlash } from './useFlash.ts';

export const WRITE = 'DATA_ANALISYS';

export function ReportList({ place }: { place: PlaceRef }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const session = useSession();
  const alerts = useTimedAlerts();
  useFlash(alerts);
  const { data, error } = useData((signal) => reportsApi.list(place, signal), [place.scope, place.id]);
  return (
    <Card
      data-testid="report-list"
      title={t('ui.reports.reports')}
      extra={
        hasPermission(session, WRITE) ? (
          <Button type="primary" icon={<PlusOutlined />} data-testid="report-new" onClick={() => navigate(placeLink(place, 'cases/reportedt'))}>
            {t('ui.reports.newReport')}
          </Button>
        ) : null
      }
    >
      <TimedAlerts {...alerts} />
      {error ? <Alert data-testid="alert-error" type="error" showIcon title={error} /> : !data ? <WaitIcon /> : !data.length ? <EmptyListWarning /> : (
        <List
          dataSource={data}
          renderItem={(r) => (
            <List.Item data-testid="report-item" data-id={r.id}>
              <Link to={placeLink(place, 'cases/report', { rep: r.id })} data-testid="report-link">
                {r.name}
              </Link>
              {r.dashboard ? <Tag color="green" data-testid="report-dashboard-tag">{t('ui.reports.onDashboard')}</Tag> : null}
            </List.Item>
          )}
        />
      )}
    </Card>
  );
}
