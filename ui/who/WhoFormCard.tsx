/**
 * One WHO form as its printed layout (print.css: one A4 page): the form's code and title, the place
 * and quarter, each table with its rows and columns as declared (schemas/reports/who), every number a
 * link to its cases; beside it, not printed, the data-quality lists — the cases left out with the
 * reason and a link to each, and an outcome cohort's reconciliation with the registration form.
 */
import { Alert, Card, Table, Typography } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { dateText } from '../i18n/dates.ts';
import type { FormResult, ListedCase } from './api.ts';
import type { Cell } from './CellCasesDialog.tsx';

const caseLink = (id: string) => `/sys/case?id=${encodeURIComponent(id)}`;

function CaseLinks({ list, count, testId, side }: { list: (ListedCase & { side?: string })[]; count: number; testId: string; side?: boolean }) {
  const { t } = useTranslation();
  return (
    <Table
      data-testid={testId}
      size="small"
      rowKey="id"
      pagination={false}
      dataSource={list}
      footer={count > list.length ? () => t('ui.who.moreCases', { count: count - list.length }) : undefined}
      onRow={(r) => ({ 'data-testid': `${testId}-row`, 'data-id': r.id }) as any}
      columns={[
        { key: 'case', title: t('tbcase.caseNumber'), render: (r: ListedCase) => <Link to={caseLink(r.id)} data-testid={`${testId}-link`}>{r.caseNumber ?? r.id.slice(0, 8)}</Link> },
        { key: 'patient', title: t('tbcase.patient'), dataIndex: 'patientName' },
        { key: 'unit', title: t('tbcase.notificationUnit'), dataIndex: 'unitName' },
        { key: 'date', title: t('tbcase.registrationDate'), render: (r: ListedCase) => dateText(r.registrationDate) },
        ...(side ? [{ key: 'side', title: t('ui.who.side'), render: (r: ListedCase & { side?: string }) => t(`ui.who.sides.${r.side}`) }] : []),
        { key: 'reason', title: t('ui.who.reason'), render: (r: ListedCase) => <span data-testid={`${testId}-reason`}>{r.reasonLabel}</span> },
      ]}
    />
  );
}

export function WhoFormCard({ result, placeName, onCell }: { result: FormResult; placeName: string; onCell: (cell: Cell) => void }) {
  const { t } = useTranslation();
  const { form, quarter, period, tables, excluded, reconcile } = result;
  const to = new Date(`${period.to}T00:00:00Z`);
  to.setUTCDate(to.getUTCDate() - 1);
  const last = to.toISOString().slice(0, 10);
  return (
    <Card className="who-form" data-testid="who-form" data-form={form.id} style={{ marginBottom: 16 }}>
      <Typography.Title level={4} style={{ marginTop: 0 }} data-testid="who-form-title">
        {form.code}. {form.title}
      </Typography.Title>
      <div data-testid="who-form-period">
        {t('ui.who.place')}: {placeName}. {t('ui.who.quarterOf', { quarter: quarter.quarter, year: quarter.year })}; {t('ui.who.cases')}: {dateText(period.from)} – {dateText(last)}
      </div>
      {tables.map((tb) => (
        <section key={tb.id} data-testid="who-table" data-table={tb.id}>
          <h3>{tb.title}</h3>
          <table className="who-grid">
            <thead>
              <tr>
                <th />
                {tb.columns.map((c) => (
                  <th key={c.id}>{c.label}</th>
                ))}
              </tr>
            </thead>
            <tbody>
              {tb.rows.map((r, i) => (
                <tr key={r.id} data-row={r.id}>
                  <th className="who-rowhead">{r.label}</th>
                  {tb.columns.map((c, j) => (
                    <td key={c.id} className="who-num" data-column={c.id}>
                      {tb.values[i][j] === null ? (
                        <span data-testid="who-cell-withheld" title={t('ui.who.withheld')}>
                          —
                        </span>
                      ) : (
                        <a
                          href="#"
                          data-testid="who-cell"
                          onClick={(e) => {
                            e.preventDefault();
                            onCell({ form: form.id, table: tb.id, row: r.id, column: c.id, title: `${form.code}: ${r.label} — ${c.label}` });
                          }}
                        >
                          {tb.values[i][j]}
                        </a>
                      )}
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      ))}
      <div className="who-no-print" style={{ marginTop: 12 }}>
        {reconcile ? (
          <Alert
            data-testid="who-reconcile"
            type={reconcile.expected === reconcile.counted ? 'success' : 'warning'}
            showIcon
            style={{ marginBottom: 8 }}
            title={t('ui.who.reconcile', { form: reconcile.form.code, expected: reconcile.expected, counted: reconcile.counted })}
          />
        ) : null}
        {reconcile && reconcile.differences.count ? <CaseLinks list={reconcile.differences.list} count={reconcile.differences.count} testId="who-differences" side /> : null}
        <Typography.Title level={5} data-testid="who-excluded-title">
          {t('ui.who.excluded', { count: excluded.count })}
        </Typography.Title>
        {excluded.count ? <CaseLinks list={excluded.list} count={excluded.count} testId="who-excluded" /> : <div data-testid="who-excluded-none">{t('ui.who.noneExcluded')}</div>}
      </div>
    </Card>
  );
}
