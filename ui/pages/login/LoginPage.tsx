/**
 * The public login page: login and password, then — when the server answers that the user has
 * several workspaces — the workspace choice. Success goes where the user was sent from, else home
 * (where the licence agreement waits first when the settings require it). When the system
 * settings allow it, a link opens the self-registration form. An offline client not initialised yet
 * goes to its initialisation page (`/init`).
 */
import { useEffect, useState } from 'react';
import { Alert, Button, Card, Flex, Form, Input } from 'antd';
import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { useLocation, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { authApi, errorsOf, syncApi, type WorkspaceItem } from '../../api/index.ts';
import { useSessionContext } from '../../session/index.ts';
import { LanguageSwitch } from './LanguageSwitch.tsx';
import { WorkspaceChoice } from './WorkspaceChoice.tsx';
import { fetchPublicConfig } from './publicApi.ts';
import { useData } from '../../generic/data/useData.ts';
import { RegisterForm } from './RegisterForm.tsx';
import { PageTitle } from '../../generic/PageTitle.tsx';

interface Credentials {
  login: string;
  password: string;
}

export default function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const location = useLocation();
  const { clear } = useSessionContext();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [creds, setCreds] = useState<Credentials | null>(null);
  const [workspaces, setWorkspaces] = useState<WorkspaceItem[] | null>(null);
  const from = (location.state as { from?: string } | null)?.from;
  // what the login page offers (self-registration); none when it cannot be read
  const { data: pub = null } = useData((signal) => fetchPublicConfig(signal).catch(() => null), []);
  const { data: client } = useData((signal) => syncApi.clientInit(signal).catch(() => null), []);
  const [registering, setRegistering] = useState(false);
  const [registered, setRegistered] = useState(false);

  // an offline client not initialised yet has no user: its first start is the initialisation page
  useEffect(() => {
    if (client?.clientMode && !client.initialised) void navigate('/init', { replace: true });
  }, [client]);

  const attempt = async (c: Credentials, workspaceId?: string) => {
    setBusy(true);
    setError(null);
    try {
      const outcome = await authApi.login({ ...c, workspaceId });
      if (outcome.kind === 'chooseWorkspace') {
        setCreds(c);
        setWorkspaces(outcome.workspaces);
      } else {
        clear();
        void navigate(from && from.startsWith('/sys') ? from : '/sys/home', { replace: true });
      }
    } catch (err) {
      setError(errorsOf(err).map((e) => t(e.msg)).join('; '));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Flex component="main" justify="center" align="center" style={{ minHeight: '100vh', padding: 16, background: '#f0f2f5' }}>
      <Card style={{ width: 380 }} data-testid="login-page">
        <Flex justify="space-between" align="center" style={{ marginBottom: 16 }}>
          <PageTitle size={20} style={{ margin: 0 }}>
            {t('ui.login.title')}
          </PageTitle>
          <LanguageSwitch />
        </Flex>
        {error ? <Alert data-testid="login-error" type="error" showIcon title={error} style={{ marginBottom: 12 }} /> : null}
        {registered ? <Alert data-testid="register-success" type="success" showIcon title={t('ui.register.done')} style={{ marginBottom: 12 }} /> : null}
        {registering ? (
          <RegisterForm
            workspaceName={pub?.workspaceName}
            onBack={(done) => {
              setRegistering(false);
              setRegistered(done);
            }}
          />
        ) : workspaces && creds ? (
          <WorkspaceChoice
            workspaces={workspaces}
            busy={busy}
            onChoose={(ws) => void attempt(creds, ws.id)}
            onBack={() => (setWorkspaces(null), setError(null))}
          />
        ) : (
          <Form<Credentials> layout="vertical" onFinish={(v) => void attempt(v)} initialValues={creds ?? undefined} requiredMark={false}>
            <Form.Item name="login" label={t('ui.login.login')} rules={[{ required: true, message: t('ui.msg.required') }]}>
              <Input data-testid="login-user" prefix={<UserOutlined />} autoComplete="username" autoFocus />
            </Form.Item>
            <Form.Item name="password" label={t('ui.login.password')} rules={[{ required: true, message: t('ui.msg.required') }]}>
              <Input.Password data-testid="login-password" prefix={<LockOutlined />} autoComplete="current-password" />
            </Form.Item>
            <Button data-testid="login-submit" type="primary" htmlType="submit" block loading={busy}>
              {t('ui.login.submit')}
            </Button>
            {pub?.allowRegPage ? (
              <Button
                type="link"
                block
                style={{ marginTop: 8 }}
                data-testid="login-register"
                onClick={() => (setRegistering(true), setRegistered(false), setError(null))}
              >
                {t('ui.register.link')}
              </Button>
            ) : null}
          </Form>
        )}
      </Card>
    </Flex>
  );
}
