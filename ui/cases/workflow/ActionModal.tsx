import type { ReactNode } from 'react';
import type { ButtonProps } from 'antd';
import { Modal } from 'antd';
import { useTranslation } from 'react-i18next';

export interface ActionModalProps {
  open: boolean;
  title: ReactNode;
  onClose: () => void;
  /** The save button's action (e.g. useDialogSave's `save`). */
  onSave: () => void;
  /** The save button spins. */
  saving: boolean;
  /** The save button's data-testid. */
  saveTestId: string;
  /** The save button is off (e.g. while the dialog's form loads). */
  saveDisabled?: boolean;
  children: ReactNode;
}

/**
 * The modal of a case-workflow dialog: 'Сохранить' / 'Отменить' buttons, not closed by a click on
 * the mask, its content dropped when hidden.
 * @example <ActionModal open={open} title={t('ui.casePage.cmd.suspectFollowup')} onClose={onClose} onSave={save} saving={saving} saveTestId="suspect-save">…</ActionModal>
 */
export function ActionModal({ open, title, onClose, onSave, saving, saveTestId, saveDisabled, children }: ActionModalProps) {
  const { t } = useTranslation();
  return (
    <Modal
      open={open}
      title={title}
      onCancel={onClose}
      onOk={onSave}
      okText={t('ui.common.save')}
      cancelText={t('ui.common.cancel')}
      okButtonProps={{ loading: saving, ...(saveDisabled === undefined ? {} : { disabled: saveDisabled }), 'data-testid': saveTestId } as ButtonProps}
      destroyOnHidden
      mask={{ closable: false }}
    >
      {children}
    </Modal>
  );
}
