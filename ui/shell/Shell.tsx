/**
 * The signed-in layout under `/sys`: loads the session, draws the toolbar, and the main area —
 * only a wait icon while the workspace changes.
 */
import { Suspense, useEffect, useState } from 'react';
import { Alert, Layout } from 'antd';
import { Outlet } from 'react-router';
import { useTranslation } from 'react-i18next';
import { ApiError, errorsOf } from '../api/index.ts';
import { WaitIcon } from '../generic/WaitIcon.tsx';
import { useServerLanguage, useSessionContext } from '../session/index.ts';
import { Toolbar } from './Toolbar.tsx';
import { Invitations } from '../catalogues/userws/Invitations.tsx';

export default function Shell() {
  const { t } = useTranslation();
  const { session, refresh, changingWorkspace } = useSessionContext();
  const [error, setError] = useState<string | null>(null);
  useServerLanguage();

  useEffect(() => {
    if (session) return;
    refresh().catch((err) => {
      // 401 already sent the user to /login
      if (!(err instanceof ApiError && err.status === 401)) setError(errorsOf(err).map((e) => t(e.msg)).join('; '));
    });
  }, []);

  if (!session) {
    return error ? <Alert style={{ margin: 24 }} type="error" showIcon title={error} /> : <WaitIcon testId="session-loading" />;
  }

  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Toolbar />
      <Layout.Content data-testid="main" style={{ padding: 16, maxWidth: 1280, width: '100%', margin: '0 auto' }}>
        {changingWorkspace ? (
          <WaitIcon testId="ws-changing" />
        ) : (
          <Suspense fallback={<WaitIcon testId="page-loading" />}>
            {session.clientMode || session.ulaAccepted === false ? null : <Invitations />}
            <Outlet />
          </Suspense>
        )}
      </Layout.Content>
    </Layout>
  );
}
