/**
 * A report's answer: errors, the record count, then the table — or 'Запись не найдена.' when empty.
 * The table scrolls inside its pane when the window is narrow (1024 px), never the page.
 */
import { Alert, Table, Typography } from 'antd';
import type { TableColumnsType as ColumnsType } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldError } from '../../api/index.ts';
import { EmptyListWarning } from '../../generic/EmptyListWarning.tsx';

export interface ReportResultProps<T> {
  rows: T[] | undefined;
  count?: number;
  columns: ColumnsType<T>;
  loading: boolean;
  errors: FieldError[];
  expand?: (row: T) => ReactNode;
}

export function ReportResult<T extends { id: string }>({ rows, count, columns, loading, errors, expand }: ReportResultProps<T>) {
  const { t } = useTranslation();
  const general = errors.filter((e) => !e.field);
  return (
    <div data-testid="report-result">
      {general.map((e, i) => (
        <Alert key={i} type="error" showIcon title={e.msg} data-testid="alert-error" style={{ marginBottom: 8 }} />
      ))}
      {rows && !rows.length && !loading ? (
        <EmptyListWarning />
      ) : rows ? (
        <>
          <Typography.Text type="secondary" data-testid="list-count">
            {t('report.total', { count: count ?? rows.length })}
          </Typography.Text>
          <Table<T>
            data-testid="report-table"
            rowKey="id"
            size="small"
            loading={loading}
            columns={columns}
            dataSource={rows}
            pagination={rows.length > 50 ? { pageSize: 50, showSizeChanger: false } : false}
            // never wider than its pane: a narrow window scrolls the table, not the page
            scroll={{ x: 'max-content' }}
            expandable={expand ? { expandedRowRender: expand } : undefined}
          />
        </>
      ) : (
        <Table<T> loading={loading} columns={columns} dataSource={[]} size="small" pagination={false} locale={{ emptyText: ' ' }} />
      )}
    </div>
  );
}
