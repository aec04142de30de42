/**
 * The app: antd theme and locale, session, router with the 401 redirect, routes. When the user
 * prefers reduced motion (followed live), antd's motion token is off (its durations 0 s, no zoom or
 * fade) and so is its click wave; the spinners' fixed animations stop in `styles.css`.
 */
import { App as AntApp, ConfigProvider } from 'antd';
import { BrowserRouter } from 'react-router';
import { usePrefersReducedMotion } from './generic/usePrefersReducedMotion.ts';
import { useAntdLocale } from './i18n/index.ts';
import { AppRoutes } from './routes/AppRoutes.tsx';
import { COLORS } from './theme/colors.ts';
import { SessionProvider } from './session/index.ts';
import { UnauthorizedRedirect } from './shell/UnauthorizedRedirect.tsx';

/**
 * antd's tokens where its defaults miss WCAG AA: secondary and disabled text at 45 % / 25 % black
 * give 3.36 : 1 and 1.6 : 1 on white (docs/accessibility.md).
 */
const TOKENS = {
  colorPrimary: COLORS.green,
  colorLink: COLORS.green,
  // antd derives a lighter hover, which white text on a hovered primary button fails (4.19 : 1)
  colorPrimaryHover: COLORS.greenHover,
  colorLinkHover: COLORS.greenHover,
  colorSuccess: COLORS.green,
  colorError: COLORS.red,
  colorTextSecondary: COLORS.textSecondary,
  colorTextTertiary: COLORS.textSecondary,
  colorTextDescription: COLORS.textSecondary,
  colorTextPlaceholder: COLORS.textMuted,
  colorTextDisabled: COLORS.textMuted,
};

/** A selected menu entry: dark green on light green, 7 : 1 (the primary green there gives 4.5 : 1 at best). */
const COMPONENTS = {
  Menu: { itemSelectedColor: COLORS.greenHover, itemSelectedBg: '#e8f5e9' },
};

export function App() {
  const locale = useAntdLocale();
  const motion = !usePrefersReducedMotion();
  return (
    <ConfigProvider locale={locale} theme={{ token: { ...TOKENS, motion }, components: COMPONENTS }} wave={{ disabled: !motion }}>
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
