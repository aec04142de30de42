/**
 * Self-registration on the login page, shown when the system settings allow it:
 * login (upper case), name, e-mail, password and its repeat → `POST /api/pub/register`. The
 * account lands in the configured workspace with its e-mail awaiting confirmation.
 */
import { useState } from 'react';
import { Alert, Button, Flex, Form, Input, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { errorsOf } from '../../api/index.ts';
import { transformText } from '../../generic/forms/textTransform.ts';
import { applyServerErrors } from '../user/applyServerErrors.ts';
import { isValidPassword, register, type Registration } from './publicApi.ts';
import { sameAsField } from '../../generic/forms/sameAsField.ts';

const FIELDS = ['login', 'name', 'email', 'password'];

interface RegisterValues extends Registration {
  repeatPassword: string;
}

export interface RegisterFormProps {
  workspaceName?: string | null;
  /** Back to the login form; `done` after a successful registration. */
  onBack: (done: boolean) => void;
}

export function RegisterForm({ workspaceName, onBack }: RegisterFormProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<RegisterValues>();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = async ({ repeatPassword: _repeat, ...r }: RegisterValues) => {
    setBusy(true);
    setError(null);
    try {
      await register({ ...r, login: transformText(r.login, 'uppercase') });
      onBack(true);
    } catch (err) {
      const rest = applyServerErrors(form, FIELDS, errorsOf(err), t);
      if (rest.length) setError(rest.join('; '));
    } finally {
      setBusy(false);
    }
  };

  const required = { required: true, message: t('ui.msg.required') };
  const password = { validator: (_: unknown, v: unknown) => (!v || isValidPassword(v) ? Promise.resolve() : Promise.reject(new Error(t('ui.register.invalidPassword')))) };
  const matches = sameAsField('password', t('ui.users.passwordMismatch'));

  return (
    <div data-testid="register-form">
      <Typography.Title level={5} style={{ marginTop: 0 }}>
        {t('ui.register.title')}
      </Typography.Title>
      {workspaceName ? (
        <Typography.Paragraph type="secondary" data-testid="register-workspace">
          {t('ui.register.workspace', { name: workspaceName })}
        </Typography.Paragraph>
      ) : null}
      {error ? <Alert data-testid="register-error" type="error" showIcon title={error} style={{ marginBottom: 12 }} /> : null}
      <Form<RegisterValues> form={form} layout="vertical" requiredMark={false} onFinish={(v) => void submit(v)}>
        <Form.Item name="login" label={t('userws.login')} rules={[required, { max: 30, message: t('ui.register.tooLong', { max: 30 }) }]} normalize={(v?: string) => (v === undefined ? v : transformText(v, 'uppercase', true))}>
          <Input data-testid="register-login" autoComplete="username" />
        </Form.Item>
        <Form.Item name="name" label={t('userws.name')} rules={[required, { max: 200, message: t('ui.register.tooLong', { max: 200 }) }]}>
          <Input data-testid="register-name" autoComplete="name" />
        </Form.Item>
        <Form.Item name="email" label={t('userws.email')} rules={[required, { type: 'email', message: t('ui.msg.invalidEmail') }, { max: 100, message: t('ui.register.tooLong', { max: 100 }) }]}>
          <Input data-testid="register-email" autoComplete="email" />
        </Form.Item>
        <Form.Item name="password" label={t('ui.login.password')} rules={[required, password]}>
          <Input.Password data-testid="register-password" autoComplete="new-password" />
        </Form.Item>
        <Form.Item name="repeatPassword" label={t('ui.user.repeatNewPassword')} dependencies={['password']} rules={[required, matches]}>
          <Input.Password data-testid="register-repeat" autoComplete="new-password" />
        </Form.Item>
        <Flex gap={8} justify="space-between">
          <Button type="link" onClick={() => onBack(false)} disabled={busy} data-testid="register-cancel">
            {t('ui.login.back')}
          </Button>
          <Button data-testid="register-submit" type="primary" htmlType="submit" loading={busy}>
            {t('ui.register.submit')}
          </Button>
        </Flex>
      </Form>
    </div>
  );
}
