/**
 * One WHO form as its printed layout (print.css: one A4 page): the form's code and title (`h2`), the
 * place and quarter, the workspace setting it was counted by, each table (`h3`) with its rows and
 * columns as declared (schemas/reports/who), every number a link to its cases, and the signature
 * block of the paper form (name, date, signature); beside it, not printed, the data-quality lists —
 * the cases left out with the reason, what they are left out of and a link to each (a case the
 * reader may not open only counted), and an outcome cohort's reconciliation with the registration form.
 */
import { Alert, Card, Table, Typography } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { dateText } from '../i18n/dates.ts';
import type { FormResult, ListedCase } from './api.ts';
import type { Cell } from './CellCasesDialog.tsx';

const caseLink = (id: string) => `/sys/case?id=${encodeURIComponent(id)}`;

function CaseLinks({ list, count, hidden, testId, side }: { list: (ListedCase & { side?: string })[]; count: number; hidden: number; testId: string; side?: boolean }) {
  const { t } = useTranslation();
  const more = count - hidden - list.length;
  const footer = [more > 0 ? t('ui.who.moreCases', { count: more }) : '', hidden > 0 ? t('ui.who.hiddenCases', { count: hidden }) : ''].filter(Boolean).join(' ');
  return (
    <Table
      data-testid={testId}
      size="small"
      rowKey="id"
      pagination={false}
      dataSource={list}
      footer={footer ? () => <span data-testid={`${testId}-more`}>{footer}</span> : undefined}
      onRow={(r) => ({ 'data-testid': `${testId}-row`, 'data-id': r.id }) as any}
      columns={[
        { key: 'case', title: t('tbcase.caseNumber'), render: (r: ListedCase) => <Link to={caseLink(r.id)} data-testid={`${testId}-link`}>{r.caseNumber ?? r.id.slice(0, 8)}</Link> },
        { key: 'patient', title: t('tbcase.patient'), dataIndex: 'patientName' },
        { key: 'unit', title: t('tbcase.notificationUnit'), dataIndex: 'unitName' },
        { key: 'date', title: t('tbcase.registrationDate'), render: (r: ListedCase) => dateText(r.registrationDate) },
        ...(side ? [{ key: 'side', title: t('ui.who.side'), render: (r: ListedCase & { side?: string }) => t(`ui.who.sides.${r.side}`) }] : []),
        { key: 'reason', title: t('ui.who.reason'), render: (r: ListedCase) => <span data-testid={`${testId}-reason`}>{r.reasonLabel}</span> },
        { key: 'leftOutOf', title: t('ui.who.leftOutOf'), render: (r: ListedCase) => <span data-testid={`${testId}-where`}>{r.leftOutOf ?? ''}</span> },
      ]}
    />
  );
}

export function WhoFormCard({ result, placeName, onCell }: { result: FormResult; placeName: string; onCell: (cell: Cell) => void }) {
  const { t } = useTranslation();
  const { form, quarter, period, tables, excluded, reconcile, settings } = result;
  const to = new Date(`${period.to}T00:00:00Z`);
  to.setUTCDate(to.getUTCDate() - 1);
  const last = to.toISOString().slice(0, 10);
  return (
    <Card className="who-form" data-testid="who-form" data-form={form.id} style={{ marginBottom: 16 }}>
      <Typography.Title level={2} className="who-form-title" data-testid="who-form-title">
        {form.code}. {form.title}
      </Typography.Title>
      <div data-testid="who-form-period">
        {t('ui.who.place')}: {placeName}. {t('ui.who.quarterOf', { quarter: quarter.quarter, year: quarter.year })}; {t('ui.who.cases')}: {dateText(period.from)} – {dateText(last)}
      </div>
      {settings.transferOutcome ? (
        <div data-testid="who-form-transfers">
          {t('ui.who.transfers')}: {t(`transferOutcome.${settings.transferOutcome}`)}
        </div>
      ) : null}
      {tables.map((tb) => (
        <section key={tb.id} data-testid="who-table" data-table={tb.id}>
          <h3>{tb.title}</h3>
          <table className="who-grid">
            <thead>
              <tr>
                <td className="who-corner" />
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
      <div className="who-signature" data-testid="who-signature">
        {(['name', 'date', 'signature'] as const).map((k) => (
          <div key={k} className="who-signature-field">
            <span>{t(`ui.who.sign.${k}`)}</span>
            <span className="who-signature-line" />
          </div>
        ))}
      </div>
      <div className="who-no-print" style={{ marginTop: 12 }}>
        {reconcile ? (
          <Alert
            data-testid="who-reconcile"
            type={reconcile.differences.count === 0 ? 'success' : 'warning'}
            showIcon
            style={{ marginBottom: 8 }}
            title={
              t('ui.who.reconcile', { form: reconcile.form.code, expected: reconcile.expected, counted: reconcile.counted }) +
              (reconcile.setAside.count ? ` ${t('ui.who.setAside', { count: reconcile.setAside.count, reasons: reconcile.setAside.reasons.join('; ') })}` : '')
            }
          />
        ) : null}
        {reconcile && reconcile.differences.count ? (
          <CaseLinks list={reconcile.differences.list} count={reconcile.differences.count} hidden={reconcile.differences.hidden} testId="who-differences" side />
        ) : null}
        <h3 className="who-side-title" data-testid="who-excluded-title">
          {t('ui.who.excluded', { count: excluded.count })}
        </h3>
        {excluded.count ? <CaseLinks list={excluded.list} count={excluded.count} hidden={excluded.hidden} testId="who-excluded" /> : <div data-testid="who-excluded-none">{t('ui.who.noneExcluded')}</div>}
      </div>
    </Card>
  );
}
