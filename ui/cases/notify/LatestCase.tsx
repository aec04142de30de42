/**
 * The latest case of a patient found by the search: classification and diagnosis
 * type, state, the notification unit with its administrative unit, and one date line.
 * @example <LatestCase hit={hit} />
 */
import { Flex, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { PatientHit } from './api.ts';
import { dateText } from '../../i18n/dates.ts';

const stateColor = (state: string | null) => (state === 'NOT_ONTREATMENT' ? 'orange' : state === 'ONTREATMENT' ? 'green' : 'default');
export { dateText };
const date = dateText;

/**
 * The date line: a suspect's registration date; else by state the diagnosis date, the start of
 * treatment, or the outcome date followed by the outcome.
 * @example caseDateLine({ diagnosisType: 'CONFIRMED', state: 'CLOSED', outcomeDate: '2026-01-02', outcome: 'CURED', … }, t) // 'Случай закончен в 02.01.2026 Излечен'
 */
export function caseDateLine(hit: PatientHit, t: (key: string, vars?: Record<string, unknown>) => string): string {
  if (hit.diagnosisType === 'SUSPECT') return t('ui.notify.registeredAt', { date: date(hit.registrationDate) });
  if (hit.state === 'NOT_ONTREATMENT') return t('ui.notify.diagnosedAt', { date: date(hit.diagnosisDate) });
  if (hit.state === 'ONTREATMENT') return t('ui.notify.onTreatmentSince', { date: date(hit.iniTreatmentDate) });
  if (hit.state === 'CLOSED') {
    const outcome = hit.outcome === 'OTHER' && hit.otherOutcome ? hit.otherOutcome : hit.outcome ? t(`caseOutcome.${hit.outcome}`) : '';
    return [t('ui.notify.closedAt', { date: date(hit.outcomeDate) }), outcome].filter(Boolean).join(' ');
  }
  return '';
}

export function LatestCase({ hit }: { hit: PatientHit }) {
  const { t } = useTranslation();
  if (!hit.caseId) return <Typography.Text type="secondary">{t('ui.notify.noCase')}</Typography.Text>;
  const unit = hit.notificationUnit;
  return (
    <Flex vertical data-testid="patient-hit-case">
      <Space size={6} wrap>
        <b data-testid="patient-hit-label">
          {t(`caseClassification.${hit.classification}`)} — {t(`diagnosisType.${hit.diagnosisType}`)}
        </b>
        <Tag color={stateColor(hit.state)} data-testid="patient-hit-state">
          {t(`caseState.${hit.state}`)}
        </Tag>
      </Space>
      {unit ? (
        <span data-testid="patient-hit-unit">
          {unit.name}
          {unit.adminUnit ? <Typography.Text type="secondary"> ({unit.adminUnit.name})</Typography.Text> : null}
        </span>
      ) : null}
      <Typography.Text type="secondary" data-testid="patient-hit-date">
        {caseDateLine(hit, (k, v) => t(k, v ?? {}))}
      </Typography.Text>
    </Flex>
  );
}
