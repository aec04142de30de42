/**
 * The modal dialog in which an administrator sets a user's password:
 * newPassword and repeatNewPassword, both masked and required; a mismatch is reported on the
 * repeat field ('Подтвержденный пароль и новый пароль не совпадают'), here and by the server.
 */
import { useState } from 'react';
import { Alert, Button, Flex, Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { errorsOf } from '../../api/index.ts';
import { applyServerErrors } from '../../pages/user/applyServerErrors.ts';
import { updatePassword, type NewPassword } from './userApi.ts';
import { sameAsField } from '../../generic/forms/sameAsField.ts';

const FIELDS = ['newPassword', 'repeatNewPassword'];

export interface ChangeUserPasswordDialogProps {
  open: boolean;
  userWsId: string;
  userName: string;
  onClose: () => void;
  onChanged: () => void;
}

export function ChangeUserPasswordDialog({ open, userWsId, userName, onClose, onChanged }: ChangeUserPasswordDialogProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<NewPassword>();
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const save = async (doc: NewPassword) => {
    setSaving(true);
    setError(null);
    try {
      await updatePassword(userWsId, doc);
      form.resetFields();
      onChanged();
    } catch (err) {
      const rest = applyServerErrors(form, FIELDS, errorsOf(err), t);
      if (rest.length) setError(rest.join('; '));
    } finally {
      setSaving(false);
    }
  };

  const close = () => {
    form.resetFields();
    setError(null);
    onClose();
  };

  const required = { required: true, message: t('ui.msg.required') };
  const matches = sameAsField('newPassword', t('ui.users.passwordMismatch'));

  return (
    <Modal open={open} title={`${t('userws.changePassword')}: ${userName}`} footer={null} onCancel={close} destroyOnHidden mask={{ closable: false }}>
      <div data-testid="user-password-dialog">
        {error ? <Alert data-testid="form-errors" type="error" showIcon title={error} style={{ marginBottom: 12 }} /> : null}
        <Form form={form} layout="vertical" onFinish={(v) => void save(v)}>
          <Form.Item name="newPassword" label={t('userws.newPassword')} rules={[required]}>
            <Input.Password data-testid="user-password-new" autoComplete="new-password" />
          </Form.Item>
          <Form.Item name="repeatNewPassword" label={t('userws.repeatNewPassword')} dependencies={['newPassword']} rules={[required, matches]}>
            <Input.Password data-testid="user-password-repeat" autoComplete="new-password" />
          </Form.Item>
          <Flex gap={8} justify="flex-end">
            <Button data-testid="user-password-cancel" onClick={close} disabled={saving}>
              {t('ui.common.cancel')}
            </Button>
            <Button data-testid="user-password-save" type="primary" htmlType="submit" loading={saving}>
              {t('ui.common.save')}
            </Button>
          </Flex>
        </Form>
      </div>
    </Modal>
  );
}
