/**
 * Command history (CMDHISTORY): a filter form (period, user, command type, area,
 * search key); today's entries load on open; a row expands to its detail (diffs as before → after,
 * added and removed child items marked).
 */
import { Card } from 'antd';
import type { TableColumnsType as ColumnsType } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { QueryResult } from '../../api/index.ts';
import { reportApi, type CmdHistoryRow } from './api.ts';
import { FilterForm } from './FilterForm.tsx';
import { formatDateTime } from './format.ts';
import { HistoryDetail } from './HistoryDetail.tsx';
import { ReportResult } from './ReportResult.tsx';
import { useAsked } from '../../generic/data/useAsked.ts';

export default function CmdHistoryReport() {
  const { t } = useTranslation();
  const { data, loading, errors, ask } = useAsked<QueryResult<CmdHistoryRow>>((signal) => reportApi.todayHistory(signal));
  const columns = useMemo<ColumnsType<CmdHistoryRow>>(
    () => [
      { key: 'execDate', title: t('cmdhistory.execDate'), dataIndex: 'execDate', render: formatDateTime },
      { key: 'userName', title: t('cmdhistory.user'), dataIndex: 'userName', render: (v: string | null) => v ?? t('report.system') },
      { key: 'type', title: t('cmdhistory.type'), dataIndex: 'typeName' },
      { key: 'action', title: t('cmdhistory.action'), dataIndex: 'actionName' },
      { key: 'entityName', title: t('cmdhistory.entityName'), dataIndex: 'entityName' },
      { key: 'unitName', title: t('cmdhistory.unit'), dataIndex: 'unitName', responsive: ['lg'] },
      { key: 'adminUnitName', title: t('cmdhistory.adminUnit'), dataIndex: 'adminUnitName', responsive: ['xl'] },
    ],
    [t],
  );
  return (
    <Card title={t('perm.CMDHISTORY')} data-testid="report-cmdhistory">
      <FilterForm fields={['userId', 'type', 'adminUnitId', 'searchKey']} loading={loading} errors={errors} onSubmit={(f) => ask((signal) => reportApi.history(f, signal))} />
      <ReportResult rows={data?.list} count={data?.count} columns={columns} loading={loading} errors={errors} expand={(row) => <HistoryDetail detail={row.detail} />} />
    </Card>
  );
}
