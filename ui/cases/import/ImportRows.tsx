/**
 * The rows of a checked or run import with what became of each — imported, skipped (already there),
 * not imported — and the messages per field and column, a page at a time, filtered by outcome.
 */
import { useState } from 'react';
import { Segmented, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { importApi } from './api.ts';
import { useData } from '../../generic/data/useData.ts';

const COLORS: Record<string, string> = { OK: 'green', SKIPPED: 'blue', ERROR: 'red', PENDING: 'default' };

export function ImportRows({ jobId, version }: { jobId: string; version: string }) {
  const { t } = useTranslation();
  const [status, setStatus] = useState<string>('ERROR');
  const [page, setPage] = useState(1);
  const { data: rows } = useData((signal) => importApi.rows(jobId, page, status || undefined, signal), [jobId, page, status, version]);
  const by = rows?.byStatus ?? {};
  return (
    <div data-testid="import-rows" data-status={status}>
      <Segmented
        value={status}
        onChange={(v) => (setStatus(String(v)), setPage(1))}
        options={[
          { value: 'ERROR', label: t('ui.import.rowsError', { count: by.ERROR ?? 0 }) },
          { value: 'WARNING', label: t('ui.import.rowsWarning') },
          { value: 'SKIPPED', label: t('ui.import.rowsSkipped', { count: by.SKIPPED ?? 0 }) },
          { value: 'OK', label: t('ui.import.rowsOk', { count: by.OK ?? 0 }) },
          { value: '', label: t('ui.import.rowsAll') },
        ]}
      />
      <Table
        size="small"
        style={{ marginTop: 8 }}
        rowKey={(r) => `${r.sheet}:${r.rowNumber}`}
        dataSource={rows?.list ?? []}
        onRow={(r) => ({ 'data-testid': 'import-row', 'data-sheet': r.sheet, 'data-row': r.rowNumber, 'data-status': r.status }) as never}
        pagination={{ current: page, pageSize: rows?.pageSize ?? 50, total: rows?.count ?? 0, onChange: setPage, showSizeChanger: false }}
        columns={[
          { title: t('ui.import.sheetName'), dataIndex: 'sheet', width: 140 },
          { title: t('ui.import.rowNumber'), dataIndex: 'rowNumber', width: 80 },
          { title: t('ui.import.outcome'), dataIndex: 'status', width: 150, render: (s: string) => <Tag color={COLORS[s]}>{t(`ui.import.status.${s}`)}</Tag> },
          {
            title: t('ui.import.messages'),
            render: (_: unknown, r) => (
              <ul style={{ margin: 0, paddingLeft: 16 }}>
                {r.messages.map((m, i) => (
                  <li key={i} data-testid="import-row-message" data-field={m.field ?? ''} data-level={m.level}>
                    {m.msg}
                  </li>
                ))}
              </ul>
            ),
          },
        ]}
      />
    </div>
  );
}
