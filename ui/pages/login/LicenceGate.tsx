/**
 * The user licence agreement: while the session says `ulaAccepted === false`, every
 * screen under `/sys` is replaced by the agreement. Accepting (`POST /api/sys/acceptula`) reloads
 * the session and lets the user in; declining signs out.
 */
import { useState } from 'react';
import { Alert, Button, Card, Flex, Typography } from 'antd';
import { Outlet, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { api, authApi, errorsOf } from '../../api/index.ts';
import { useSessionContext } from '../../session/index.ts';

export default function LicenceGate() {
  const { session } = useSessionContext();
  if (session?.ulaAccepted === false) return <LicenceAgreement />;
  return <Outlet />;
}

function LicenceAgreement() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { refresh, clear } = useSessionContext();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const accept = async () => {
    setBusy(true);
    setError(null);
    try {
      await api.post('/api/sys/acceptula');
      await refresh();
    } catch (err) {
      setError(errorsOf(err).map((e) => t(e.msg)).join('; '));
    } finally {
      setBusy(false);
    }
  };

  const decline = async () => {
    setBusy(true);
    await authApi.logout().catch(() => {});
    clear();
    void navigate('/login', { replace: true });
  };

  return (
    <Card data-testid="ula-page" title={t('ui.ula.title')} style={{ maxWidth: 760, margin: '0 auto' }}>
      {error ? <Alert data-testid="alert-error" type="error" showIcon title={error} style={{ marginBottom: 12 }} /> : null}
      <div data-testid="ula-text" style={{ maxHeight: '55vh', overflowY: 'auto', marginBottom: 16 }}>
        {t('ui.ula.text')
          .split('\n')
          .filter(Boolean)
          .map((p, i) => (
            <Typography.Paragraph key={i}>{p}</Typography.Paragraph>
          ))}
      </div>
      <Flex gap={8} justify="flex-end">
        <Button data-testid="ula-decline" onClick={() => void decline()} disabled={busy}>
          {t('ui.ula.decline')}
        </Button>
        <Button data-testid="ula-accept" type="primary" onClick={() => void accept()} loading={busy}>
          {t('ui.ula.accept')}
        </Button>
      </Flex>
    </Card>
  );
}
