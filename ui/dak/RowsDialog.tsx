/**
 * The rows behind one number of an indicator (drill-through): its numerator's, its denominator's or
 * those left out (for a reason, or any) — cases as the case lists show them, each opening its case;
 * contacts as the contact register does, each opening its index case with the contact shown.
 *
 * @example <RowsDialog place={place} period={period} code="TB.IND.11" subject="case" part="numerator" title="…" onClose={close} />
 */
import { useState } from 'react';
import { Alert, Modal, Table, Typography } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { CaseList } from '../places/CaseList.tsx';
import type { PlaceRef } from '../places/api.ts';
import { useData } from '../generic/data/useData.ts';
import { dateText } from '../cases/treatment/format.ts';
import type { ContactRow } from '../cases/contacts/api.ts';
import { dakApi, type IndicatorPeriod, type Part } from './api.ts';

export interface RowsDialogProps {
  place: PlaceRef;
  period: IndicatorPeriod;
  code: string;
  subject: 'case' | 'contact';
  part: Part;
  reason?: string;
  title: string;
  onClose: () => void;
}

export function RowsDialog({ place, period, code, subject, part, reason, title, onClose }: RowsDialogProps) {
  const { t } = useTranslation();
  const [page, setPage] = useState(0);
  const [after, setAfter] = useState<(string | null)[]>([null]);
  const { data, error, loading } = useData((signal) => dakApi.rows(place, period, code, part, reason, page + 1, subject === 'contact' ? after.at(-1) : undefined, signal), [code, part, reason, page, after]);
  return (
    <Modal open title={title} onCancel={onClose} footer={null} width={960} data-testid="dak-rows-dialog">
      {error ? <Alert type="error" showIcon title={error} /> : null}
      {subject === 'case' ? (
        <CaseList rows={(data?.list as any[]) ?? []} count={data?.count ?? 0} page={page} onPage={setPage} loading={loading} showUnit testId="dak-rows" />
      ) : (
        <>
          <Typography.Text type="secondary">{t('ui.common.count', { count: data?.count ?? 0 })}</Typography.Text>
          <Table<ContactRow>
            data-testid="dak-rows"
            size="small"
            rowKey="id"
            loading={loading}
            pagination={false}
            dataSource={(data?.list as ContactRow[]) ?? []}
            columns={[
              { key: 'date', title: t('contact.registrationDate'), render: (_: unknown, r: ContactRow) => dateText(r.registrationDate) },
              { key: 'person', title: t('contact.person'), render: (_: unknown, r: ContactRow) => r.person.name },
              {
                key: 'index',
                title: t('contact.indexCase'),
                render: (_: unknown, r: ContactRow) => (
                  <Link to={`/sys/case?id=${encodeURIComponent(r.indexCase.id)}&tab=data&contact=${encodeURIComponent(r.id)}`}>{[r.indexCase.caseNumber, r.indexCase.patient].filter(Boolean).join(' · ')}</Link>
                ),
              },
            ]}
          />
          {data?.next ? <Typography.Link onClick={() => setAfter([...after, data.next as string])}>{t('ui.contacts.next')}</Typography.Link> : null}
        </>
      )}
    </Modal>
  );
}
