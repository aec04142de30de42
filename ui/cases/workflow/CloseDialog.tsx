import { Form, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import CloseWarning from '../treatment/CloseWarning.tsx';
import { caseCalls, today } from './calls.ts';
import { ActionModal } from './ActionModal.tsx';
import { DialogErrors } from './DialogErrors.tsx';
import { useDialogSave } from './useDialogSave.ts';

const OUTCOMES = ['CURED', 'TREAT_COMPLETED', 'DIED', 'LOST_FOLLOWUP', 'TREAT_INTERRUPTED', 'OTHER'];

/**
 * The close-case dialog (seed 001 §4, §5): outcome date and outcome required, 'other outcome' shown
 * and required when the outcome is OTHER; the treatment's close warning under the outcome.
 * @example <CloseDialog open caseId={id} onClose={() => setOpen(false)} onDone={reload} />
 */
export function CloseDialog({ open, caseId, onClose, onDone }: { open: boolean; caseId: string; onClose: () => void; onDone: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm();
  const outcome = Form.useWatch('outcome', form) as string | undefined;
  const { save, saving, errors } = useDialogSave(
    form,
    ['outcome', 'outcomeDate', 'otherOutcome'],
    (doc) => caseCalls.close(caseId, { outcomeDate: doc.outcomeDate, outcome: doc.outcome, otherOutcome: doc.outcome === 'OTHER' ? doc.otherOutcome : null }),
    onDone,
  );

  return (
    <ActionModal open={open} title={t('ui.casePage.cmd.close')} onClose={onClose} onSave={save} saving={saving} saveTestId="close-save">
      <Form form={form} layout="vertical" data-testid="close-dialog" initialValues={{ outcomeDate: today() }} preserve={false}>
        <Form.Item name="outcomeDate" label={t('tbcase.outcomeDate')} rules={[{ required: true, message: t('ui.msg.required') }]}>
          <Input type="date" data-testid="close-outcomeDate" />
        </Form.Item>
        <Form.Item name="outcome" label={t('tbcase.outcome')} rules={[{ required: true, message: t('ui.msg.required') }]}>
          <Select data-testid="close-outcome" placeholder={t('tbcase.outcome')} options={OUTCOMES.map((o) => ({ value: o, label: t(`caseOutcome.${o}`) }))} />
        </Form.Item>
        {outcome === 'OTHER' && (
          <Form.Item name="otherOutcome" label={t('tbcase.otherOutcome')} rules={[{ required: true, whitespace: true, message: t('ui.msg.required') }, { max: 100 }]}>
            <Input data-testid="close-otherOutcome" maxLength={100} />
          </Form.Item>
        )}
        <CloseWarning caseId={caseId} outcome={outcome} />
        <DialogErrors errors={errors.general} />
      </Form>
    </ActionModal>
  );
}
