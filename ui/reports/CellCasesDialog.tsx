/**
 * The drill-through: the cases behind one number of an indicator, in the user's view,
 * 50 a page as the case lists, with the filters and the cell's keys shown; a row opens the case. The
 * number of cases is the one the indicator shows for the cell: the page is asked alone, not counted
 * again (at a million cases a count of a cell outside the counts cube reads every case).
 */
import { useState } from 'react';
import { Alert, Modal, Space, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { CaseList } from '../places/CaseList.tsx';
import type { PlaceRef } from '../places/api.ts';
import { useData } from '../generic/data/useData.ts';
import { reportsApi, type IndicatorData, type IndicatorRequest, type ReportInit } from './api.ts';
import type { CellRef } from './chartSeries.ts';
import { FilterDisplay } from './FilterDisplay.tsx';
import { filterText } from './filterText.ts';

export interface CellCasesDialogProps {
  place: PlaceRef;
  title: string;
  request: IndicatorRequest;
  data: IndicatorData;
  cell: CellRef;
  init?: ReportInit;
  onClose: () => void;
}

export function CellCasesDialog({ place, title, request, data, cell, init, onClose }: CellCasesDialogProps) {
  const { t, i18n } = useTranslation();
  const [page, setPage] = useState(0);
  const row = cell.row === undefined ? undefined : data.rows[cell.row];
  const column = cell.column === undefined ? undefined : data.columns[cell.column];
  const { data: list, error, loading } = useData(
    (signal) => reportsApi.cellCases(place, request, { ...(row ? { row: row.keys } : {}), ...(column ? { column: column.keys } : {}) }, page + 1, signal),
    [page],
  );
  // the cell's number as the table shows it: a cell, a row's or a column's total, the grand total
  const count = row && column ? data.values[cell.row!][cell.column!] : row ? data.rowTotals[cell.row!] : column ? data.columnTotals[cell.column!] : data.total;
  const keys = [
    ...data.rowVariables.map((v, i) => ({ name: v.name, value: row ? row.labels[i] : data.totalLabel })),
    ...data.columnVariables.map((v, i) => ({ name: v.name, value: column ? column.labels[i] : data.totalLabel })),
  ];
  return (
    <Modal open width={960} title={t('ui.reports.cellCases', { title })} onCancel={onClose} footer={null} destroyOnHidden>
      <div data-testid="cell-cases">
        <Space orientation="vertical" style={{ width: '100%', marginBottom: 12 }}>
          <FilterDisplay items={filterText(init, request.filters, i18n.language)} testId="cell-filters" />
          <Space size={[4, 4]} wrap data-testid="cell-keys">
            {keys.map((k, i) => (
              <Tag key={i} color="green" data-testid="cell-key">
                {k.name}: {k.value}
              </Tag>
            ))}
          </Space>
        </Space>
        {error ? <Alert data-testid="alert-error" type="error" showIcon title={error} /> : null}
        <CaseList rows={list?.list ?? []} count={count} page={page} onPage={setPage} loading={loading} showUnit={place.scope !== 'UNIT'} testId="cell-case-list" />
      </div>
    </Modal>
  );
}
