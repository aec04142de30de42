/**
 * The case page's treatment tab: before treatment 'Лечение не начато'
 * and the Start treatment button; once started the summary card with its settings menu, the
 * adherence alert, the prescription timeline and the monthly adherence calendar. Reads
 * `GET /api/cases/case/treatment/{caseId}` again after each change, and reloads the case after a
 * start, a cancel or a period change.
 */
import { useCallback, useState } from 'react';
import { Alert, Flex, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { errorsOf } from '../../../api/index.ts';
import { useData } from '../../../generic/data/useData.ts';
import { TimedAlerts, useConfirm, useTimedAlerts, WaitIcon } from '../../../generic/index.ts';
import type { CaseTabProps } from '../types.ts';
import { treatmentApi } from '../../treatment/api.ts';
import { StartTreatment } from '../../treatment/StartTreatment.tsx';
import { TreatmentSummary } from '../../treatment/TreatmentSummary.tsx';
import { TreatmentMenu, type TreatmentAction } from '../../treatment/TreatmentMenu.tsx';
import { TreatmentCardLink } from '../../treatment/card/TreatmentCardLink.tsx';
import { AdherenceAlert } from '../../treatment/AdherenceAlert.tsx';
import { PrescriptionTimeline } from '../../treatment/PrescriptionTimeline.tsx';
import { AdherenceCalendar } from '../../treatment/AdherenceCalendar.tsx';
import { TreatmentDialogs, type TreatmentDialog } from '../../treatment/TreatmentDialogs.tsx';

export default function TreatmentTab({ caseId, tbcase, reload }: CaseTabProps) {
  const { t } = useTranslation();
  const [dialog, setDialog] = useState<TreatmentDialog | null>(null);
  const alerts = useTimedAlerts();
  const [confirm, confirmDialog] = useConfirm();

  // the case's state decides what may be edited: read again when the case changes
  const { data: treatment, error: loadError, refetch: load } = useData((signal) => treatmentApi.load(caseId, signal), [caseId, tbcase?.state, tbcase?.version]);

  const showErrors = useCallback(
    (err: unknown) => {
      const [first, ...rest] = errorsOf(err).map((e) => t(e.msg));
      alerts.error(first, rest);
    },
    [alerts.error, t],
  );

  const cancelTreatment = async () => {
    if (!(await confirm(t('ui.treatment.confirmCancel')))) return;
    // a refusal or failure is silently ignored
    await treatmentApi.undo(caseId).then(
      () => {
        reload();
        return load();
      },
      () => {},
    );
  };

  const removePeriod = async (prescriptionId: string) => {
    if (!(await confirm(t('ui.msg.confirmDelete')))) return;
    try {
      await treatmentApi.deletePrescription(prescriptionId);
      alerts.success(t('ui.msg.deleted'));
      await load();
    } catch (err) {
      showErrors(err);
    }
  };

  const onAction = (action: TreatmentAction) => {
    if (action === 'cancel') void cancelTreatment();
    else setDialog({ kind: action });
  };

  const onSaved = (kind: TreatmentDialog['kind']) => {
    setDialog(null);
    alerts.success(t(kind === 'add' ? 'ui.msg.created' : 'ui.msg.updated'));
    if (kind === 'period') reload();
    void load();
  };

  if (loadError && !treatment) {
    return <Alert data-testid="treatment-load-error" type="error" showIcon title={loadError} />;
  }
  if (!treatment) return <WaitIcon testId="treatment-loading" />;

  return (
    <div data-testid="treatment-tab" data-started={treatment.started}>
      <TimedAlerts alerts={alerts.alerts} remove={alerts.remove} />
      {!treatment.started ? (
        <StartTreatment
          caseId={caseId}
          state={treatment}
          tbcase={tbcase}
          onStarted={() => {
            reload();
            void load();
          }}
        />
      ) : (
        <Flex vertical gap={12}>
          <TreatmentSummary
            treatment={treatment}
            extra={
              <Space size={8}>
                <TreatmentCardLink caseId={caseId} />
                {treatment.canChange ? <TreatmentMenu onAction={onAction} /> : null}
              </Space>
            }
          />
          <AdherenceAlert alert={treatment.alert} />
          <PrescriptionTimeline
            treatment={treatment}
            editable={treatment.canChange}
            onAdd={() => setDialog({ kind: 'add' })}
            onEdit={(product, period) => setDialog({ kind: 'edit', product, period })}
            onDelete={(period) => void removePeriod(period.prescriptionId)}
          />
          {treatment.calendar ? <AdherenceCalendar caseId={caseId} treatment={treatment} editable={treatment.editable} onTreatment={tbcase?.state === 'ONTREATMENT'} reload={load} onError={showErrors} /> : null}
          <TreatmentDialogs caseId={caseId} treatment={treatment} dialog={dialog} onClose={() => setDialog(null)} onSaved={onSaved} />
        </Flex>
      )}
      {confirmDialog}
    </div>
  );
}
