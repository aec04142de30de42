/**
 * DHIS2's import summary of one sending: a dry run or the sending, its status, the counts
 * (imported, updated, ignored, deleted) and each conflict — the object DHIS2 names and why — or why
 * no summary came back (the server unreachable, the account refused).
 * @example <SendingSummary sending={answer} />
 */
import { Alert, Card, Descriptions, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Sending } from './api.ts';

const ALERT = { SUCCESS: 'success', WARNING: 'warning', ERROR: 'error', FAILED: 'error' } as const;

export function SendingSummary({ sending }: { sending: Sending }) {
  const { t } = useTranslation();
  const title = t(sending.dryRun ? 'ui.dhis2.summaryDry' : 'ui.dhis2.summarySent', { period: sending.period });
  return (
    <Card title={title} style={{ marginTop: 16 }} data-testid="dhis2-summary">
      <Alert type={ALERT[sending.status]} showIcon data-testid="dhis2-status" message={t(`ui.dhis2.status.${sending.status}`)} description={sending.error ?? undefined} />
      {sending.status !== 'FAILED' && (
        <Descriptions size="small" column={{ xs: 2, md: 4 }} style={{ marginTop: 12 }} data-testid="dhis2-counts"
          items={(['imported', 'updated', 'ignored', 'deleted'] as const).map((k) => ({ key: k, label: t(`ui.dhis2.count.${k}`), children: String(sending[k] ?? 0) }))} />
      )}
      {sending.conflicts.length > 0 && (
        <Table size="small" style={{ marginTop: 12 }} data-testid="dhis2-conflicts" rowKey={(_, i) => String(i)} dataSource={sending.conflicts} pagination={{ pageSize: 20, showSizeChanger: false }}
          title={() => t('ui.dhis2.conflicts', { count: sending.conflicts.length })}
          columns={[{ title: t('ui.dhis2.conflictObject'), dataIndex: 'object' }, { title: t('ui.dhis2.conflictValue'), dataIndex: 'value' }]} />
      )}
    </Card>
  );
}
