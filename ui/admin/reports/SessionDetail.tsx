/** A session row expanded: every field of the session record, read-only. */
import { Descriptions } from 'antd';
import { useTranslation } from 'react-i18next';
import type { SessionRow } from './api.ts';
import { formatDateTime } from './format.ts';

export function SessionDetail({ row }: { row: SessionRow }) {
  const { t } = useTranslation();
  const items = [
    ['syssession.user', row.userName],
    ['report.userLogin', row.userLogin],
    ['syssession.loginDate', formatDateTime(row.loginDate)],
    ['syssession.logoutDate', formatDateTime(row.logoutDate)],
    ['syssession.lastAccess', formatDateTime(row.lastAccess)],
    ['syssession.ipAddress', row.ipAddress],
    ['syssession.application', row.application],
    ['report.userAgent', row.userAgent],
  ];
  return (
    <Descriptions
      size="small"
      bordered
      column={1}
      data-testid="session-detail"
      items={items.map(([label, value]) => ({ key: label!, label: t(label!), children: value || '—' }))}
    />
  );
}
