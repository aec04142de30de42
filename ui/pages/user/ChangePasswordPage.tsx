/**
 * `/sys/user/changepassword` — 'Изменить пароль': current password, new password and its repeat,
 * all masked (`POST /api/sys/changepassword`). The mismatch is checked here too; on success the
 * form clears. No cancel button.
 */
import { useState } from 'react';
import { Button, Card, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { sysApi } from '../../api/index.ts';
import { TimedAlerts, useTimedAlerts } from '../../generic/index.ts';
import { alertServerErrors } from './applyServerErrors.ts';
import { PageTitle } from '../../generic/PageTitle.tsx';
import { sameAsField } from '../../generic/forms/sameAsField.ts';

const FIELDS = ['password', 'newPassword', 'repeatNewPassword'];

export default function ChangePasswordPage() {
  const { t } = useTranslation();
  const [form] = Form.useForm<sysApi.PasswordChange>();
  const alerts = useTimedAlerts();
  const [saving, setSaving] = useState(false);

  const save = async (doc: sysApi.PasswordChange) => {
    setSaving(true);
    alerts.clear();
    try {
      await sysApi.changePassword(doc);
      form.resetFields();
      alerts.success(t('ui.msg.passwordChanged'));
    } catch (err) {
      alertServerErrors(form, FIELDS, err, t, alerts);
    } finally {
      setSaving(false);
    }
  };

  const required = { required: true, message: t('ui.msg.required') };
  const matches = sameAsField('newPassword', t('ui.msg.passwordMismatch'));

  return (
    <Card title={<PageTitle size={16} style={{ margin: 0 }}>{t('ui.user.changePasswordTitle')}</PageTitle>} data-testid="change-password-page" style={{ maxWidth: 520 }}>
      <TimedAlerts alerts={alerts.alerts} remove={alerts.remove} />
      <Form form={form} layout="vertical" onFinish={(v) => void save(v)}>
        <Form.Item name="password" label={t('ui.user.password')} rules={[required]}>
          <Input.Password data-testid="password-current" autoComplete="current-password" />
        </Form.Item>
        <Form.Item name="newPassword" label={t('ui.user.newPassword')} rules={[required]}>
          <Input.Password data-testid="password-new" autoComplete="new-password" />
        </Form.Item>
        <Form.Item name="repeatNewPassword" label={t('ui.user.repeatNewPassword')} dependencies={['newPassword']} rules={[required, matches]}>
          <Input.Password data-testid="password-repeat" autoComplete="new-password" />
        </Form.Item>
        <Button data-testid="password-save" type="primary" htmlType="submit" loading={saving}>
          {t('ui.common.save')}
        </Button>
      </Form>
    </Card>
  );
}
