/** The app: antd theme (no animations when the user prefers reduced motion) and locale, session, router with the 401 redirect, routes. */
import { App as AntApp, ConfigProvider } from 'antd';
import { BrowserRouter } from 'react-router';
import { usePrefersReducedMotion } from './generic/usePrefersReducedMotion.ts';
import { useAntdLocale } from './i18n/index.ts';
import { AppRoutes } from './routes/AppRoutes.tsx';
import { SessionProvider } from './session/index.ts';
import { UnauthorizedRedirect } from './shell/UnauthorizedRedirect.tsx';

export function App() {
  const locale = useAntdLocale();
  const motion = !usePrefersReducedMotion();
  return (
    <ConfigProvider locale={locale} theme={{ token: { colorPrimary: '#2e7d32', colorLink: '#2e7d32', motion } }}>
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
