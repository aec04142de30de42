/**
 * `/sys/case/treatmentcard?id={caseId}` — the printable treatment card of a case: its
 * header (patient, case, unit, classification, regimen and period), the prescriptions, the daily
 * intake grid by month and the exams, laid out for A4 by `print.css`; 'Печать' opens the browser's
 * print dialog. Read from the same calls as the case page (case, treatment, follow-ups).
 */
import { Alert, Button, Space } from 'antd';
import { PrinterOutlined } from '@ant-design/icons';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { WaitIcon } from '../../../generic/WaitIcon.tsx';
import { ageAt } from '../../case/age.ts';
import type { CaseView } from '../../case/types.ts';
import { api } from '../../../api/index.ts';
import { followupsApi, type FollowupItem } from '../../followups/api.ts';
import { treatmentApi } from '../api.ts';
import { useData } from '../../../generic/data/useData.ts';
import { todayIso } from '../dates.ts';
import { dateText, periodText } from '../format.ts';
import type { Treatment } from '../model.ts';
import { IntakeGrid } from './IntakeGrid.tsx';
import '../../../print/a4.css';
import './print.css';

interface CardData {
  tbcase: CaseView;
  treatment: Treatment;
  exams: FollowupItem[];
}

export default function TreatmentCardPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const { data, error } = useData(
    async (signal): Promise<CardData> => {
      const [tbcase, treatment, exams] = await Promise.all([
        api.get<CaseView>(`/api/tbl/case/${encodeURIComponent(id)}`, signal),
        treatmentApi.load(id, signal),
        followupsApi.list(id, signal).catch(() => [] as FollowupItem[]),
      ]);
      return { tbcase, treatment, exams };
    },
    [id],
  );
  if (error) return <Alert data-testid="alert-error" type="error" showIcon title={error} />;
  if (!data) return <WaitIcon />;
  const { tbcase, treatment, exams } = data;
  const p = tbcase.patient;
  const age = ageAt(p?.birthDate, todayIso());
  const fact = (label: string, value: React.ReactNode, testId?: string) =>
    value === undefined || value === null || value === '' ? null : (
      <tr>
        <td>{label}</td>
        <td data-testid={testId}>{value}</td>
      </tr>
    );

  return (
    <div className="tb-card print-a4" data-testid="treatment-card">
      <Space className="tb-no-print" style={{ marginBottom: 12 }}>
        <Button type="primary" icon={<PrinterOutlined />} data-testid="card-print" onClick={() => window.print()}>
          {t('ui.treatmentCard.print')}
        </Button>
        <Link to={`/sys/case?id=${encodeURIComponent(id)}`}>{t('ui.treatmentCard.back')}</Link>
      </Space>
      <h1 data-testid="card-title">{t('ui.treatmentCard.title')}</h1>
      <section data-testid="card-header">
        <table className="tb-card-facts">
          <tbody>
            {fact(t('patient.singular'), p?.fullName, 'card-patient')}
            {fact(t('patient.birthDate'), p?.birthDate ? `${dateText(p.birthDate)}${age !== undefined ? ` (${t('ui.casePage.age', { count: age })})` : ''}` : undefined)}
            {fact(t('patient.gender'), p?.gender ? t(`gender.${p.gender}`) : undefined)}
            {fact(t('tbcase.caseNumber'), tbcase.caseNumber, 'card-case-number')}
            {fact(t('tbcase.classification'), `${t(`caseClassification.${tbcase.classification}`)} — ${t(`diagnosisType.${tbcase.diagnosisType}`)}`, 'card-classification')}
            {fact(t('tbcase.registrationGroup'), tbcase.registrationGroup ? t(`registrationGroup.${tbcase.registrationGroup}`) : undefined)}
            {fact(t('tbcase.infectionSite'), tbcase.infectionSite ? t(`infectionSite.${tbcase.infectionSite}`) : undefined)}
            {fact(t('tbcase.drugResistanceType'), tbcase.drugResistanceType ? t(`drugResistanceType.${tbcase.drugResistanceType}`) : undefined)}
            {fact(t('tbcase.registrationDate'), dateText(tbcase.registrationDate))}
            {fact(t('tbcase.diagnosisDate'), dateText(tbcase.diagnosisDate))}
            {fact(t('tbcase.ownerUnit'), tbcase.ownerUnit ? `${tbcase.ownerUnit.name ?? ''}${tbcase.ownerUnit.adminUnit?.name ? ` (${tbcase.ownerUnit.adminUnit.name})` : ''}` : undefined, 'card-unit')}
            {treatment.started ? (
              <>
                {fact(t('treatment.regimen'), treatment.regimen ? treatment.regimen.name : t('ui.treatment.individualized'), 'card-regimen')}
                {fact(t('ui.treatment.period'), periodText(treatment.period.ini, treatment.period.end), 'card-period')}
                {fact(t('ui.treatmentCard.units'), treatment.units.map((u) => `${u.unit.name}: ${periodText(u.ini, u.end)}`).join('; '))}
              </>
            ) : null}
          </tbody>
        </table>
      </section>
      {!treatment.started ? (
        <p data-testid="card-not-started">{t('ui.treatmentCard.notStarted')}</p>
      ) : (
        <>
          <section>
            <h2>{t('ui.treatmentCard.prescriptions')}</h2>
            <table data-testid="card-prescriptions">
              <thead>
                <tr>
                  <th>{t('ui.treatmentCard.medicine')}</th>
                  <th>{t('ui.treatment.period')}</th>
                  <th>{t('prescription.doseUnit')}</th>
                  <th>{t('prescription.frequency')}</th>
                  <th>{t('global.comments')}</th>
                </tr>
              </thead>
              <tbody>
                {treatment.prescriptions.flatMap((g) =>
                  g.periods.map((x) => (
                    <tr key={x.prescriptionId}>
                      <td>{g.product.shortName ?? g.product.name}</td>
                      <td>{periodText(x.ini, x.end)}</td>
                      <td>{x.doseUnit}</td>
                      <td>{x.frequency}/7</td>
                      <td>{x.comments ?? ''}</td>
                    </tr>
                  )),
                )}
              </tbody>
            </table>
          </section>
          <section>
            <h2>{t('ui.treatment.calendar')}</h2>
            <IntakeGrid months={treatment.followup} />
          </section>
        </>
      )}
      <section>
        <h2>{t('ui.treatmentCard.exams')}</h2>
        <table data-testid="card-exams">
          <thead>
            <tr>
              <th>{t('exam.date')}</th>
              <th>{t('ui.treatmentCard.month')}</th>
              <th>{t('ui.treatmentCard.exam')}</th>
              <th>{t('ui.treatmentCard.result')}</th>
            </tr>
          </thead>
          <tbody>
            {[...exams]
              .sort((a, b) => a.data.date.localeCompare(b.data.date))
              .map((x) => (
                <tr key={`${x.table}-${x.data.id}`} data-testid="card-exam" data-type={x.type}>
                  <td>{dateText(x.data.date)}</td>
                  <td>{x.month}</td>
                  <td>{x.name}</td>
                  <td>
                    {x.view
                      .filter((v) => v.value !== null && v.value !== undefined && v.value !== '' && v.title !== t('exam.date'))
                      .map((v) => `${v.title}: ${String(v.value)}`)
                      .join('; ')}
                  </td>
                </tr>
              ))}
          </tbody>
        </table>
      </section>
    </div>
  );
}
