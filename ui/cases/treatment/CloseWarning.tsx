/**
 * In the close-case dialog: when the case's adherence calendar shows two consecutive months
 * without doses, the warning that this is the WHO definition of LOST_FOLLOWUP ('Потерян для
 * последующего наблюдения'). Nothing otherwise, and nothing when the treatment cannot be read.
 *
 * @example
 *   <CloseWarning caseId={caseId} outcome={doc.outcome} />
 */
import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { treatmentApi } from './api.ts';
import { useData } from '../../generic/data/useData.ts';
import { LOST_FOLLOWUP_MONTHS } from './AdherenceAlert.tsx';

export default function CloseWarning({ caseId, outcome }: { caseId: string; outcome?: string }) {
  const { t } = useTranslation();
  const { data: tr } = useData((signal) => treatmentApi.load(caseId, signal), [caseId]);
  const months = tr?.started ? tr.alert.monthsWithoutDoses : 0;

  if (months < LOST_FOLLOWUP_MONTHS) return null;
  return (
    <Alert
      data-testid="close-lost-followup-warning"
      data-outcome={outcome ?? ''}
      type="warning"
      showIcon
      style={{ marginBottom: 12 }}
      title={t('treatment.lostFollowupWarning')}
      description={outcome && outcome !== 'LOST_FOLLOWUP' ? t('ui.treatment.lostFollowupCheckOutcome', { months }) : undefined}
    />
  );
}
