/**
 * The dialogs of a started treatment: change the period's end, add a
 * prescription, edit one period of a prescription (`preservePrevPeriod` keeps the days before the
 * change as they were). Forms come from the server (`TREATMENT_FORMS`); an end date before the
 * start is refused in the browser and by the server, errors beside the fields.
 *
 * @example
 *   <TreatmentDialogs caseId={id} treatment={tr} dialog={{ kind: 'add' }} onClose={close} onSaved={reload} />
 */
import { useTranslation } from 'react-i18next';
import { RemoteFormDialog } from '../../generic/forms/index.ts';
import type { Doc } from '../../api/index.ts';
import { treatmentApi } from './api.ts';
import { endBeforeIni, loadTreatmentForm } from './forms.ts';
import { TREATMENT_FORMS, type PrescriptionPeriod, type ProductPrescriptions, type TreatmentStarted } from './model.ts';
import { todayIso } from './dates.ts';

export type TreatmentDialog = { kind: 'period' } | { kind: 'add' } | { kind: 'edit'; product: ProductPrescriptions; period: PrescriptionPeriod };

export interface TreatmentDialogsProps {
  caseId: string;
  treatment: TreatmentStarted;
  dialog: TreatmentDialog | null;
  onClose: () => void;
  /** After a save: which dialog it was. */
  onSaved: (kind: TreatmentDialog['kind']) => void;
}

/** A new prescription starts today when today is inside the period, else with the period. */
function addStart(period: { ini: string; end: string }): string {
  const today = todayIso();
  return today >= period.ini && today <= period.end ? today : period.ini;
}

export function TreatmentDialogs({ caseId, treatment, dialog, onClose, onSaved }: TreatmentDialogsProps) {
  const { t } = useTranslation();
  if (!dialog) return null;
  const done = () => onSaved(dialog.kind);

  if (dialog.kind === 'period') {
    return (
      <RemoteFormDialog
        open
        title={t('treatperiod.title')}
        load={() => loadTreatmentForm(TREATMENT_FORMS.period, { values: { endDate: treatment.period.end } })}
        check={(doc) => endBeforeIni(doc, { ini: treatment.period.ini })}
        save={(doc: Doc) => treatmentApi.changePeriod(caseId, String(doc.endDate))}
        onSaved={done}
        onClose={onClose}
      />
    );
  }
  if (dialog.kind === 'add') {
    return (
      <RemoteFormDialog
        open
        title={t('prescription.add')}
        load={() => loadTreatmentForm(TREATMENT_FORMS.prescriptionAdd, { values: { iniDate: addStart(treatment.period), endDate: treatment.period.end } })}
        check={(doc) => endBeforeIni(doc)}
        save={(doc: Doc) => treatmentApi.addPrescription({ ...doc, caseId })}
        onSaved={done}
        onClose={onClose}
      />
    );
  }
  const { product, period } = dialog;
  const values: Doc = { prescriptionId: period.prescriptionId, iniDate: period.ini, endDate: period.end, doseUnit: period.doseUnit, frequency: period.frequency };
  if (period.comments) values.comments = period.comments;
  return (
    <RemoteFormDialog
      open
      title={`${t('prescription.edit')}: ${product.product.name}`}
      load={() => loadTreatmentForm(TREATMENT_FORMS.prescriptionEdit, { values })}
      check={(doc) => endBeforeIni(doc)}
      save={(doc: Doc) => treatmentApi.updatePrescription({ ...doc, caseId })}
      onSaved={done}
      onClose={onClose}
    />
  );
}
