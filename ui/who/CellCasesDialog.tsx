/**
 * The cases behind one number of a WHO form (drill-through): the cell's cases as the case lists show
 * them, 50 a page, each opening its case. The count is the form's number; a case the reader's view
 * does not hold (notified here, owned elsewhere now) is counted, not listed.
 */
import { Alert, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CaseList } from '../places/CaseList.tsx';
import type { PlaceRef } from '../places/api.ts';
import { useData } from '../generic/data/useData.ts';
import { whoApi, type Period } from './api.ts';

export interface Cell {
  form: string;
  table: string;
  row: string;
  column: string;
  /** What the dialog is titled: the row and column labels. */
  title: string;
}

export function CellCasesDialog({ place, period, cell, onClose }: { place: PlaceRef; period: Period; cell: Cell; onClose: () => void }) {
  const { t } = useTranslation();
  const [page, setPage] = useState(0);
  const { data, error, loading } = useData((signal) => whoApi.cases(place, cell.form, period, cell, page + 1, signal), [cell, page]);
  return (
    <Modal open title={cell.title} onCancel={onClose} footer={null} width={960} data-testid="who-cell-dialog">
      {error ? <Alert type="error" showIcon title={error} /> : null}
      {data && data.count > data.list.length && page === 0 && !data.next ? (
        <Alert data-testid="who-cell-hidden" type="info" showIcon style={{ marginBottom: 8 }} title={t('ui.who.notInView', { count: data.count - data.list.length })} />
      ) : null}
      <CaseList rows={data?.list ?? []} count={data?.count ?? 0} page={page} onPage={setPage} loading={loading} showUnit testId="who-cell-cases" />
    </Modal>
  );
}
