import { useEffect } from 'react';
import { Form, Input, Select, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { caseCalls } from './calls.ts';
import { ActionModal } from './ActionModal.tsx';
import { DialogErrors } from './DialogErrors.tsx';
import { useDialogSave } from './useDialogSave.ts';
import { useData } from '../../generic/data/useData.ts';

/** Labels of the follow-up outcomes: a confirmed classification, or not TB. */
const outcomeLabel = (o: string) => (o === 'NOT_TB' ? `caseOutcome.${o}` : `caseClassification.${o}`);

/**
 * The suspect follow-up dialog: its form comes from the server per
 * classification (`GET /api/cases/case/suspectfollowup/initform/{classification}`: outcome TB / DRTB
 * / NOT_TB and the date); saved with `POST /api/cases/case/suspectfollowup {doc, tbcaseId}`, no
 * confirmation asked.
 * @example <SuspectFollowupDialog open caseId={id} classification="TB" onClose={…} onDone={reload} />
 */
export function SuspectFollowupDialog({ open, caseId, classification, onClose, onDone }: { open: boolean; caseId: string; classification: string; onClose: () => void; onDone: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm();
  const { save, saving, errors } = useDialogSave(
    form,
    ['outcome', 'date'],
    (doc) => caseCalls.suspectFollowup(caseId, { outcome: doc.outcome, date: doc.date }),
    onDone,
  );

  // read each time the dialog opens; a failure is said in the dialog (no outcome to choose then)
  const { data: read } = useData(
    async () => {
      try {
        return { form: await caseCalls.suspectFollowupForm(classification) };
      } catch (error) {
        return { error };
      }
    },
    [open, classification],
    { enabled: open, keepPrevious: false },
  );
  const outcomes = read && (read.form ? ((read.form.schema.properties ?? {}) as Record<string, { enum?: string[] }>).outcome?.enum ?? ['TB', 'DRTB', 'NOT_TB'] : []);
  useEffect(() => {
    if (read?.form) form.setFieldsValue(read.form.doc);
    else if (read) errors.show(read.error);
  }, [read]);

  return (
    <ActionModal
      open={open}
      title={t('ui.casePage.cmd.suspectFollowup')}
      onClose={onClose}
      onSave={save}
      saving={saving}
      saveDisabled={!outcomes}
      saveTestId="suspect-save"
    >
      <Spin spinning={!outcomes}>
        <Form form={form} layout="vertical" data-testid="suspect-dialog" preserve={false}>
          <Form.Item name="outcome" label={t('tbcase.suspectOutcome')} rules={[{ required: true, message: t('ui.msg.required') }]}>
            <Select data-testid="suspect-outcome" options={(outcomes ?? []).map((o) => ({ value: o, label: t(outcomeLabel(o)) }))} />
          </Form.Item>
          <Form.Item name="date" label={t('tbcase.suspectOutcomeDate')} rules={[{ required: true, message: t('ui.msg.required') }]}>
            <Input type="date" data-testid="suspect-date" />
          </Form.Item>
          <DialogErrors errors={errors.general} />
        </Form>
      </Spin>
    </ActionModal>
  );
}
