/**
 * A page of cases: patient, case number, registration date, classification with
 * diagnosis type, state and validation (and the unit, for an area); a row opens the case
 * (`/sys/case?id=`); a case transferred out, listed by the unit it leaves until the receiving unit
 * accepts it, says where it goes ('Переводится в «…»'); a case on treatment with the adherence alert carries a warning icon; an empty
 * list shows 'Запись не найдена.'.
 */
import { Table, Tag, Tooltip, Typography } from 'antd';
import { WarningFilled } from '@ant-design/icons';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { EmptyListWarning } from '../generic/EmptyListWarning.tsx';
import { Pager } from '../generic/Pager.tsx';
import type { CaseRow } from './api.ts';
import { dateText } from '../i18n/dates.ts';

export const CASE_PAGE_SIZE = 50;

const caseLink = (id: string) => `/sys/case?id=${encodeURIComponent(id)}`;

const STATE_COLOR: Record<string, string> = { NOT_ONTREATMENT: 'orange', ONTREATMENT: 'green' };

export interface CaseListProps {
  rows: CaseRow[];
  count: number;
  /** 0-based. */
  page: number;
  onPage: (page: number) => void;
  loading?: boolean;
  showUnit?: boolean;
  testId?: string;
}

export function CaseList({ rows, count, page, onPage, loading, showUnit, testId = 'case-list' }: CaseListProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  if (!loading && !rows.length) return <EmptyListWarning />;
  const columns = [
    {
      key: 'patient',
      title: t('tbcase.patient'),
      render: (r: CaseRow) => (
        <span data-testid="case-row-patient">
          {r.adherenceAlert ? (
            <Tooltip title={t('ui.places.adherenceAlert')}>
              <WarningFilled data-testid="adherence-alert" style={{ color: '#fa541c', marginInlineEnd: 6 }} />
            </Tooltip>
          ) : null}
          {/* a link, so the keyboard opens the case too (the row's click is the mouse's) */}
          <Link to={caseLink(r.id)} data-testid="case-row-link" onClick={(e) => e.stopPropagation()}>
            <Typography.Text strong>{r.patient?.name || r.caseNumber || r.id}</Typography.Text>
          </Link>
        </span>
      ),
    },
    { key: 'caseNumber', title: t('tbcase.caseNumber'), render: (r: CaseRow) => <span data-testid="case-row-number" style={{ whiteSpace: 'nowrap' }}>{r.caseNumber ?? ''}</span> },
    { key: 'registrationDate', title: t('tbcase.registrationDate'), render: (r: CaseRow) => dateText(r.registrationDate) },
    {
      key: 'classification',
      title: t('tbcase.classification'),
      render: (r: CaseRow) => (
        <span>
          {t(`caseClassification.${r.classification}`)} <Tag color={r.diagnosisType === 'SUSPECT' ? 'orange' : 'green'}>{t(`diagnosisType.${r.diagnosisType}`)}</Tag>
        </span>
      ),
    },
    {
      key: 'state',
      title: t('tbcase.state'),
      render: (r: CaseRow) => (
        <span data-testid="case-row-state" data-state={r.state}>
          <Tag color={STATE_COLOR[r.state] ?? 'default'}>{t(`caseState.${r.state}`)}</Tag>
          {r.transferring ? (
            <Tag color="purple" data-testid="case-row-transferring">
              {r.ownerUnit?.name ? t('ui.places.transferringTo', { unit: r.ownerUnit.name }) : t('tbcase.transferring')}
            </Tag>
          ) : null}
        </span>
      ),
    },
    { key: 'validated', title: t('ui.places.validation'), render: (r: CaseRow) => (r.validated ? t('ui.places.validated') : t('ui.places.notValidated')) },
    ...(showUnit ? [{ key: 'unit', title: t('tbcase.ownerUnit'), render: (r: CaseRow) => r.ownerUnit?.name ?? '' }] : []),
  ];
  return (
    <div data-testid={testId}>
      <Pager count={count} pageSize={CASE_PAGE_SIZE} page={page} onChange={onPage} />
      <Table<CaseRow>
        size="small"
        rowKey="id"
        loading={loading}
        pagination={false}
        dataSource={rows}
        columns={columns}
        onRow={(r) => ({ onClick: () => navigate(caseLink(r.id)), style: { cursor: 'pointer' }, 'data-testid': 'case-row', 'data-id': r.id }) as any}
      />
      <Pager count={count} pageSize={CASE_PAGE_SIZE} page={page} onChange={onPage} />
    </div>
  );
}
