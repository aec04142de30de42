/** Online users (ONLINE): the workspace's live sessions, loaded on open. */
import { ReloadOutlined } from '@ant-design/icons';
import { Button, Card } from 'antd';
import { useEffect, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { reportApi, type SessionRow } from './api.ts';
import { sessionColumns } from './columns.tsx';
import { ReportResult } from './ReportResult.tsx';
import { SessionDetail } from './SessionDetail.tsx';
import { useReport } from './useReport.ts';

export default function OnlineUsersReport() {
  const { t } = useTranslation();
  const { data, loading, errors, run } = useReport<SessionRow[]>();
  const columns = useMemo(() => sessionColumns(t).filter((c) => c.key !== 'logoutDate'), [t]);
  const load = () => void run(reportApi.online);
  useEffect(load, []);
  return (
    <Card
      title={t('perm.ONLINE')}
      data-testid="report-onlineusers"
      extra={<Button icon={<ReloadOutlined />} onClick={load} loading={loading} data-testid="report-update" aria-label={t('report.update')} />}
    >
      <ReportResult rows={data} columns={columns} loading={loading} errors={errors} expand={(row) => <SessionDetail row={row} />} />
    </Card>
  );
}
