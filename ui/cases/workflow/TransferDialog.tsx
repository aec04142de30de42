import { useEffect, useState } from 'react';
import { Form, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { fetchOptions, type Option } from '../../api/index.ts';
import { caseCalls, today } from './calls.ts';
import { ActionModal } from './ActionModal.tsx';
import { DialogErrors } from './DialogErrors.tsx';
import { useDialogSave } from './useDialogSave.ts';

export interface TransferDialogProps {
  open: boolean;
  caseId: string;
  /** `out`: choose the unit to move to; `in`: confirm the move into this unit (its date). */
  mode: 'out' | 'in';
  /** The case is on treatment: the move date is asked (default today). */
  onTreatment: boolean;
  /** The unit that has the case now (not offered as a target). */
  ownerUnitId: string;
  onClose: () => void;
  onDone: () => void;
}

/**
 * The move (transfer) dialog (seed 001 §4, §5): transfer out asks the TB unit to move to and, when
 * the case is on treatment, the move date (default today); transfer in (confirming a transfer of a
 * case on treatment) asks the move date.
 * @example <TransferDialog open mode="out" caseId={id} onTreatment={false} ownerUnitId={unit} onClose={…} onDone={reload} />
 */
export function TransferDialog({ open, caseId, mode, onTreatment, ownerUnitId, onClose, onDone }: TransferDialogProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm();
  const [units, setUnits] = useState<Option[]>([]);
  const { save, saving, errors } = useDialogSave(
    form,
    ['unitToId', 'moveDate'],
    (doc) =>
      mode === 'out'
        ? caseCalls.transferOut(caseId, { unitToId: doc.unitToId, ...(onTreatment ? { moveDate: doc.moveDate } : {}) })
        : caseCalls.transferIn(caseId, { moveDate: doc.moveDate }),
    onDone,
  );

  useEffect(() => {
    if (!open || mode !== 'out') return;
    fetchOptions('unit', { type: 'TBUNIT' })
      .then((list) => setUnits(list.filter((u) => u.value !== ownerUnitId).map((u) => ({ value: String(u.value), label: u.label }))))
      .catch(() => setUnits([]));
  }, [open, mode, ownerUnitId]);

  return (
    <ActionModal
      open={open}
      title={t(mode === 'out' ? 'ui.casePage.cmd.transfer' : 'ui.casePage.cmd.transferIn')}
      onClose={onClose}
      onSave={save}
      saving={saving}
      saveTestId="transfer-save"
    >
      <Form form={form} layout="vertical" data-testid="transfer-dialog" initialValues={{ moveDate: today() }} preserve={false}>
        {mode === 'out' && (
          <Form.Item name="unitToId" label={t('tbcase.unitTo')} rules={[{ required: true, message: t('ui.msg.required') }]}>
            <Select data-testid="transfer-unitTo" showSearch optionFilterProp="label" options={units} placeholder={t('tbcase.unitTo')} />
          </Form.Item>
        )}
        {(mode === 'in' || onTreatment) && (
          <Form.Item name="moveDate" label={t('tbcase.moveDate')} rules={[{ required: true, message: t('ui.msg.required') }]}>
            <Input type="date" data-testid="transfer-moveDate" />
          </Form.Item>
        )}
        <DialogErrors errors={errors.general} />
      </Form>
    </ActionModal>
  );
}
