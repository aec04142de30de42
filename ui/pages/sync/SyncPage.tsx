/**
 * `/sys/sync` — offline synchronisation: checking, then not running (password + 'Продолжить'),
 * in progress (phase title + wait icon, polled every 800 ms), success (button home) or error
 * ('Произошла ошибка'). On a server (not the offline client) it says that synchronisation is for
 * offline clients and asks nothing.
 */
import { useEffect, useState } from 'react';
import { Alert, Button, Card, Form, Input, Result, Typography } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { errorsOf, syncApi } from '../../api/index.ts';
import { WaitIcon } from '../../generic/index.ts';
import { useSession } from '../../session/index.ts';
import { phaseOf, SYNC_POLL_MS } from './syncPhase.ts';
import { PageTitle } from '../../generic/PageTitle.tsx';

export default function SyncPage() {
  const { t } = useTranslation();
  const session = useSession();
  if (!session.clientMode) {
    return (
      <Card title={<PageTitle size={16} style={{ margin: 0 }}>{t('ui.sync.title')}</PageTitle>} data-testid="sync-page" data-phase="server" style={{ maxWidth: 560 }}>
        <Result status="info" title={t('ui.sync.serverTitle')} subTitle={t('ui.sync.serverText')} />
      </Card>
    );
  }
  return <ClientSyncPage />;
}

function ClientSyncPage() {
  const { t } = useTranslation();
  const [status, setStatus] = useState<syncApi.SyncStatus | null>(null);
  const [errors, setErrors] = useState<string[]>([]);
  const [starting, setStarting] = useState(false);
  const phase = phaseOf(status?.id);

  const check = () =>
    syncApi.syncStatus().then(
      (s) => setStatus(s ?? { id: 'NOT_RUNNING' }),
      (err) => (setErrors(errorsOf(err).map((e) => t(e.msg))), setStatus({ id: 'ERROR' })),
    );

  useEffect(() => {
    void check();
  }, []);

  useEffect(() => {
    if (phase !== 'running') return;
    const timer = setInterval(() => void check(), SYNC_POLL_MS);
    return () => clearInterval(timer);
  }, [phase]);

  const start = async ({ password }: { password: string }) => {
    setStarting(true);
    setErrors([]);
    try {
      await syncApi.startSync(password);
      await check();
    } catch (err) {
      setErrors(errorsOf(err).map((e) => t(e.msg)));
    } finally {
      setStarting(false);
    }
  };

  return (
    <Card title={<PageTitle size={16} style={{ margin: 0 }}>{t('ui.sync.title')}</PageTitle>} data-testid="sync-page" data-phase={phase} style={{ maxWidth: 560 }}>
      {errors.map((e, i) => (
        <Alert key={i} type="error" showIcon title={e} style={{ marginBottom: 12 }} />
      ))}
      {phase === 'checking' ? (
        <>
          <Typography.Text>{t('ui.sync.checking')}</Typography.Text>
          <WaitIcon />
        </>
      ) : null}
      {phase === 'notRunning' ? (
        <Form layout="vertical" onFinish={(v) => void start(v)}>
          <Form.Item name="password" label={t('ui.sync.password')} rules={[{ required: true, message: t('ui.msg.required') }]}>
            <Input.Password data-testid="sync-password" />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={starting} data-testid="sync-continue">
            {t('ui.sync.continue')}
          </Button>
        </Form>
      ) : null}
      {phase === 'running' ? (
        <>
          <Typography.Title level={5}>{status?.title}</Typography.Title>
          <WaitIcon />
        </>
      ) : null}
      {phase === 'success' ? (
        <Result
          status="success"
          title={t('ui.sync.success')}
          extra={
            <Link to="/sys/home">
              <Button type="primary">{t('ui.common.goHome')}</Button>
            </Link>
          }
        />
      ) : null}
      {phase === 'error' ? <Result status="error" title={t('ui.common.error')} subTitle={t('ui.sync.errorText')} /> : null}
    </Card>
  );
}
