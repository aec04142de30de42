/** The app: antd theme and locale, session, router with the 401 redirect, routes. */
import { App as AntApp, ConfigProvider } from 'antd';
import { BrowserRouter } from 'react-router';
import { useAntdLocale } from './i18n/index.ts';
import { AppRoutes } from './routes/AppRoutes.tsx';
import { SessionProvider } from './session/index.ts';
import { UnauthorizedRedirect } from './shell/UnauthorizedRedirect.tsx';

export function App() {
  const locale = useAntdLocale();
  return (
    <ConfigProvider locale={locale} theme={{ token: { colorPrimary: '#2e7d32', colorLink: '#2e7d32' } }}>
      <AntApp>
        <SessionProvider>
          <BrowserRouter>
            <UnauthorizedRedirect />
            <AppRoutes />
          </BrowserRouter>
        </SessionProvider>
      </AntApp>
    </ConfigProvider>
  );
}
