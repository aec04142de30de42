/** Online users (ONLINE): the workspace's live sessions, loaded on open. */
import { ReloadOutlined } from '@ant-design/icons';
import { Button, Card } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { reportApi, type SessionRow } from './api.ts';
import { sessionColumns } from './columns.tsx';
import { ReportResult } from './ReportResult.tsx';
import { SessionDetail } from './SessionDetail.tsx';
import { useAsked } from '../../generic/data/useAsked.ts';

export default function OnlineUsersReport() {
  const { t } = useTranslation();
  const { data, loading, errors, ask } = useAsked<SessionRow[]>((signal) => reportApi.online(signal));
  const columns = useMemo(() => sessionColumns(t).filter((c) => c.key !== 'logoutDate'), [t]);
  const load = () => ask((signal) => reportApi.online(signal));
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
