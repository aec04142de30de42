/**
 * Error log (ERRORLOGREP): a filter form (period, search key); today's errors load
 * on open; a row expands to the whole record, read-only (request with passwords masked, stack).
 */
import { Card, Descriptions, Typography } from 'antd';
import type { TableColumnsType as ColumnsType } from 'antd';
import { useMemo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { QueryResult } from '../../api/index.ts';
import { reportApi, type ErrorLogRow } from './api.ts';
import { FilterForm } from './FilterForm.tsx';
import { formatDateTime } from './format.ts';
import { ReportResult } from './ReportResult.tsx';
import { useAsked } from '../../generic/data/useAsked.ts';

const pre = (text: string | null) =>
  text ? (
    <Typography.Paragraph copyable={{ text }} style={{ marginBottom: 0 }}>
      <pre style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word', margin: 0, maxHeight: 320, overflow: 'auto', fontSize: 12 }}>{text}</pre>
    </Typography.Paragraph>
  ) : (
    '—'
  );

function ErrorDetail({ row }: { row: ErrorLogRow }) {
  const { t } = useTranslation();
  const items: [string, ReactNode][] = [
    ['errorlog.errorDate', formatDateTime(row.errorDate)],
    ['errorlog.userName', row.userName ?? '—'],
    ['errorlog.workspace', row.workspace ?? '—'],
    ['errorlog.url', row.url ?? '—'],
    ['errorlog.exceptionClass', row.exceptionClass ?? '—'],
    ['errorlog.exceptionMessage', pre(row.exceptionMessage)],
    ['errorlog.request', pre(row.request)],
    ['errorlog.stackTrace', pre(row.stackTrace)],
  ];
  return <Descriptions size="small" bordered column={1} data-testid="error-detail" items={items.map(([k, v]) => ({ key: k, label: t(k), children: v }))} />;
}

export default function ErrorLogReport() {
  const { t } = useTranslation();
  const { data, loading, errors, ask } = useAsked<QueryResult<ErrorLogRow>>((signal) => reportApi.todayErrors(signal));
  const columns = useMemo<ColumnsType<ErrorLogRow>>(
    () => [
      { key: 'errorDate', title: t('errorlog.errorDate'), dataIndex: 'errorDate', render: formatDateTime },
      { key: 'userName', title: t('errorlog.userName'), dataIndex: 'userName' },
      { key: 'url', title: t('errorlog.url'), dataIndex: 'url', ellipsis: true },
      { key: 'exceptionMessage', title: t('errorlog.exceptionMessage'), dataIndex: 'exceptionMessage', ellipsis: true },
    ],
    [t],
  );
  return (
    <Card title={t('perm.ERRORLOGREP')} data-testid="report-errorlog">
      <FilterForm fields={['searchKey']} loading={loading} errors={errors} onSubmit={(f) => ask((signal) => reportApi.errors(f, signal))} />
      <ReportResult rows={data?.list} count={data?.count} columns={columns} loading={loading} errors={errors} expand={(row) => <ErrorDetail row={row} />} />
    </Card>
  );
}
