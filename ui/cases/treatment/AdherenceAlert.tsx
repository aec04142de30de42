/**
 * The adherence alert of a case on treatment: two or more consecutive weeks without a
 * dose taken, and, past two months without doses, the WHO definition of LOST_FOLLOWUP. Nothing
 * when the calendar shows neither. The rule is the server's (`cases/treatment/alert.ts`).
 *
 * @example
 *   <AdherenceAlert alert={treatment.alert} />
 */
import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TreatmentAlert } from './model.ts';

/** Two months without doses: what the WHO defines as lost to follow-up. */
export const LOST_FOLLOWUP_MONTHS = 2;

export function AdherenceAlert({ alert }: { alert: TreatmentAlert }) {
  const { t } = useTranslation();
  const lost = alert.monthsWithoutDoses >= LOST_FOLLOWUP_MONTHS;
  if (!alert.missedRun && !lost) return null;
  return (
    <Alert
      data-testid="treatment-alert"
      data-missed-days={alert.longestMissedDays}
      data-months={alert.monthsWithoutDoses}
      type={lost ? 'error' : 'warning'}
      showIcon
      title={t('ui.treatment.alertMissed', { days: alert.longestMissedDays })}
      description={lost ? <span data-testid="treatment-alert-lost">{t('treatment.lostFollowupWarning')}</span> : undefined}
    />
  );
}
