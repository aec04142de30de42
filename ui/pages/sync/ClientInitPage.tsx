/**
 * `/init` — the offline client's first start (docs/sync.md), public: no user exists on the client yet.
 * The server's address, a login and password of a user of the unit the client will hold → the set-up
 * with its phase, a bar of the rows received of the total the server announced, the related rows and the
 * time left (polled every 800 ms), and whether it resumed an interrupted set-up or started clean → done,
 * with the way to log in, only once the client is initialised. A failure shows its reason and the form
 * again — never a success beside it; an interrupted set-up is offered to go on. The login page sends an
 * uninitialised client here; an initialised one (or a server) goes to the login.
 */
import { useEffect, useState } from 'react';
import { Alert, Button, Card, Form, Input, Progress, Result, Typography } from 'antd';
import { Navigate, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { errorsOf, syncApi } from '../../api/index.ts';
import { WaitIcon } from '../../generic/index.ts';
import { PageTitle } from '../../generic/PageTitle.tsx';
import { useData } from '../../generic/data/useData.ts';
import { SYNC_POLL_MS } from './syncPhase.ts';
import { percentOf, timeLeftText } from './timeLeft.ts';

type Step = 'checking' | 'form' | 'running' | 'done' | 'elsewhere';

export default function ClientInitPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [step, setStep] = useState<Step>('checking');
  const [errors, setErrors] = useState<string[]>([]);
  const [busy, setBusy] = useState(false);
  // one form through the steps: after a failure the address and login are still there, only the password is typed again
  const [form] = Form.useForm();

  // the client's set-up state: read on opening, and every SYNC_POLL_MS while a set-up runs
  const { data: status = null } = useData((signal) => syncApi.clientInit(signal), [], { poll: () => (step === 'running' ? SYNC_POLL_MS : false) });
  useEffect(() => {
    const s = status;
    if (!s) return;
    if (!s.clientMode) return setStep('elsewhere');
    if (s.running) return setStep('running');
    if (s.initialised) return setStep((p) => (p === 'running' ? 'done' : p === 'checking' ? 'elsewhere' : p));
    // not initialised: a failure says why, beside the form to try again (it goes on from there)
    setErrors(s.error ? [s.error] : []);
    setStep('form');
  }, [status]);

  const start = async (v: { serverUrl: string; login: string; password: string }) => {
    form.setFieldValue('password', '');
    setBusy(true);
    setErrors([]);
    try {
      await syncApi.startClientInit(v);
      setStep('running');
    } catch (err) {
      setErrors(errorsOf(err).map((e) => t(e.msg)));
    } finally {
      setBusy(false);
    }
  };

  if (step === 'elsewhere') return <Navigate to="/login" replace />;
  const required = [{ required: true, message: t('ui.msg.required') }];
  return (
    <Card title={<PageTitle size={16} style={{ margin: 0 }}>{t('ui.clientInit.title')}</PageTitle>} data-testid="client-init" data-step={step} style={{ maxWidth: 560, margin: '48px auto' }}>
      {errors.map((e, i) => (
        <Alert key={i} type="error" showIcon title={e} style={{ marginBottom: 12 }} data-testid="client-init-error" />
      ))}
      {step === 'checking' ? <WaitIcon /> : null}
      {step === 'form' && status?.unfinished && !errors.length ? (
        <Alert type="info" showIcon title={t('ui.clientInit.unfinished', { server: status.unfinished.serverUrl, count: status.unfinished.received })} style={{ marginBottom: 12 }} data-testid="client-init-unfinished" />
      ) : null}
      {step === 'form' ? (
        <Form form={form} layout="vertical" onFinish={(v) => void start(v)} initialValues={{ serverUrl: status?.unfinished?.serverUrl }}>
          <Typography.Paragraph type="secondary">{t('ui.clientInit.text')}</Typography.Paragraph>
          <Form.Item name="serverUrl" label={t('ui.clientInit.serverUrl')} rules={required}>
            <Input data-testid="client-init-server" placeholder="https://" autoComplete="url" />
          </Form.Item>
          <Form.Item name="login" label={t('ui.clientInit.login')} rules={required}>
            <Input data-testid="client-init-login" autoComplete="username" />
          </Form.Item>
          <Form.Item name="password" label={t('ui.clientInit.password')} rules={required}>
            <Input.Password data-testid="client-init-password" autoComplete="current-password" />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={busy} data-testid="client-init-start">
            {t(status?.unfinished ? 'ui.clientInit.continue' : 'ui.clientInit.start')}
          </Button>
        </Form>
      ) : null}
      {step === 'running' ? (
        <div data-testid="client-init-running" data-phase={status?.phase ?? ''}>
          <Typography.Title level={5} data-testid="client-init-phase">{t(`ui.clientInit.phase.${status?.phase ?? 'CONNECTING'}`)}</Typography.Title>
          {status?.phase && status.phase !== 'CONNECTING' && status.phase !== 'SLICE' ? (
            <Typography.Paragraph type="secondary" data-testid="client-init-resumed" data-resumed={String(!!status.resumed)}>
              {status.resumed ? t('ui.clientInit.resumed', { count: status.receivedBefore ?? 0 }) : t('ui.clientInit.clean')}
            </Typography.Paragraph>
          ) : null}
          <Progress percent={percentOf(status?.received ?? 0, status?.total ?? 0)} status="active" aria-label={t(`ui.clientInit.phase.${status?.phase ?? 'CONNECTING'}`)} data-testid="client-init-progress" />
          <Typography.Paragraph data-testid="client-init-received">
            {status?.total ? t('ui.clientInit.progress', { received: status.received, total: status.total }) : t('ui.clientInit.received', { count: status?.received ?? 0 })}
          </Typography.Paragraph>
          <Typography.Paragraph type="secondary" data-testid="client-init-fetched">{t('ui.clientInit.fetched', { count: status?.fetched ?? 0 })}</Typography.Paragraph>
          <Typography.Paragraph type="secondary" data-testid="client-init-left">{timeLeftText(t, status?.secondsLeft)}</Typography.Paragraph>
        </div>
      ) : null}
      {step === 'done' ? (
        <Result
          status="success"
          title={t('ui.clientInit.done')}
          subTitle={t('ui.clientInit.received', { count: status?.received ?? 0 })}
          extra={
            <Button type="primary" onClick={() => navigate('/login', { replace: true })} data-testid="client-init-login-button">
              {t('ui.clientInit.toLogin')}
            </Button>
          }
        />
      ) : null}
    </Card>
  );
}
