/**
 * `/sys/unit/worklist?id=` — the unit's worklist: three cards, each a table of cases on
 * treatment whose rows open the case — missed doses in the last 14 days, exams due this treatment
 * month (WHO's monitoring schedule), and treatments past their planned end without an outcome; then
 * the contacts waiting for evaluation and the TPT doses missed (`ContactWorklist.tsx`). A
 * card the user may not read (its list is null) is not drawn; an empty one says so.
 */
import type { ReactNode } from 'react';
import { Alert, Card, Empty, Space, Table } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { WaitIcon } from '../generic/WaitIcon.tsx';
import { dateText } from '../cases/treatment/format.ts';
import { useData } from '../generic/data/useData.ts';
import { worklistApi, type ExamDueRow, type MissedDosesRow, type NoOutcomeRow, type WorklistCase } from './worklistApi.ts';
import { ContactWorklist } from './ContactWorklist.tsx';

export function UnitWorklist({ unitId }: { unitId: string }) {
  const { t } = useTranslation();
  const { data, error } = useData(() => worklistApi.load(unitId), [unitId]);
  if (error) return <Alert data-testid="alert-error" type="error" showIcon title={error} />;
  if (!data) return <WaitIcon />;

  const caseColumn = {
    key: 'patient',
    title: t('ui.places.worklist.patient'),
    render: (_: unknown, r: WorklistCase) => (
      <Link data-testid="worklist-case" to={`/sys/case?id=${encodeURIComponent(r.caseId)}`}>
        {r.patient}
      </Link>
    ),
  };
  const caseNumber = { key: 'caseNumber', title: t('tbcase.caseNumber'), dataIndex: 'caseNumber' };
  const classification = { key: 'classification', title: t('tbcase.classification'), render: (_: unknown, r: WorklistCase) => t(`caseClassification.${r.classification}`) };

  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }} data-testid="unit-worklist">
      {data.truncated && <Alert type="info" showIcon title={t('ui.places.worklist.truncated')} />}
      {data.missedDoses && (
        <WorklistCard id="missed" title={t('ui.places.worklist.missed')} rows={data.missedDoses}>
          {[
            caseColumn, caseNumber, classification,
            { key: 'missed', title: t('ui.places.worklist.missedDays'), render: (_: unknown, r: MissedDosesRow) => t('ui.places.worklist.missedOf', { missed: r.notTaken + r.notRecorded, planned: r.plannedDays }) },
            { key: 'notTaken', title: t('dayStatus.NOT_TAKEN'), dataIndex: 'notTaken' },
            { key: 'notRecorded', title: t('ui.places.worklist.notRecorded'), dataIndex: 'notRecorded' },
            { key: 'lastTaken', title: t('ui.places.worklist.lastTaken'), render: (_: unknown, r: MissedDosesRow) => (r.lastTaken ? dateText(r.lastTaken) : '—') },
          ]}
        </WorklistCard>
      )}
      {data.examsDue && (
        <WorklistCard id="exams" title={t('ui.places.worklist.exams')} rows={data.examsDue} rowKey={(r) => `${r.caseId}-${(r as ExamDueRow).exam}`}>
          {[
            caseColumn, caseNumber, classification,
            { key: 'exam', title: t('ui.places.worklist.exam'), render: (_: unknown, r: ExamDueRow) => t(`ui.places.worklist.examType.${r.exam}`) },
            { key: 'month', title: t('ui.places.worklist.month'), dataIndex: 'month' },
            { key: 'window', title: t('ui.places.worklist.window'), render: (_: unknown, r: ExamDueRow) => `${dateText(r.from)} — ${dateText(r.to)}` },
          ]}
        </WorklistCard>
      )}
      {data.noOutcome && (
        <WorklistCard id="outcome" title={t('ui.places.worklist.noOutcome')} rows={data.noOutcome}>
          {[
            caseColumn, caseNumber, classification,
            { key: 'endDate', title: t('ui.places.worklist.endDate'), render: (_: unknown, r: NoOutcomeRow) => dateText(r.endDate) },
            { key: 'overdue', title: t('ui.places.worklist.overdue'), dataIndex: 'daysOverdue' },
          ]}
        </WorklistCard>
      )}
      <ContactWorklist data={data} />
    </Space>
  );
}

/** One list of the worklist as a card with its row count. */
function WorklistCard<R extends WorklistCase>({ id, title, rows, rowKey, children }: { id: string; title: string; rows: R[]; rowKey?: (r: R) => string; children: any[] }): ReactNode {
  const { t } = useTranslation();
  return (
    <Card data-testid={`worklist-${id}`} title={`${title} (${rows.length})`} size="small">
      {rows.length ? (
        <Table<R> size="small" pagination={false} rowKey={rowKey ?? ((r) => r.caseId)} dataSource={rows} columns={children} onRow={(r) => ({ 'data-testid': `worklist-row-${r.caseId}` }) as any} />
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('ui.places.worklist.none')} />
      )}
    </Card>
  );
}
