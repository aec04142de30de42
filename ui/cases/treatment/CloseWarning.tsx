/**
 * In the close-case dialog: when the case's adherence calendar shows two consecutive months
 * without doses, the warning that this is the WHO definition of LOST_FOLLOWUP ('Потерян для
 * последующего наблюдения'). Nothing otherwise, and nothing when the treatment cannot be read.
 *
 * @example
 *   <CloseWarning caseId={caseId} outcome={doc.outcome} />
 */
import { useEffect, useState } from 'react';
import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { treatmentApi } from './api.ts';
import { LOST_FOLLOWUP_MONTHS } from './AdherenceAlert.tsx';

export default function CloseWarning({ caseId, outcome }: { caseId: string; outcome?: string }) {
  const { t } = useTranslation();
  const [months, setMonths] = useState(0);

  useEffect(() => {
    let live = true;
    setMonths(0);
    treatmentApi.load(caseId).then(
      (tr) => live && setMonths(tr.started ? tr.alert.monthsWithoutDoses : 0),
      () => {},
    );
    return () => {
      live = false;
    };
  }, [caseId]);

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
