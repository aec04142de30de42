/**
 * The top toolbar: Главная, Synchronize with the count of changes not yet sent (client
 * mode only), the administrator
 * dropdown, the search box and the user (name + menu).
 */
import { useData } from '../generic/data/useData.ts';
import { useLocation } from 'react-router';
import { Badge, Flex, theme } from 'antd';
import { syncApi } from '../api/index.ts';
import { HomeOutlined, SyncOutlined } from '@ant-design/icons';
import { LinkButton } from '../generic/LinkButton.tsx';
import { useTranslation } from 'react-i18next';
import { showsAdminMenu, useSession } from '../session/index.ts';
import { AdminMenu } from './AdminMenu.tsx';
import { GlobalSearch } from './search/index.ts';
import { UserMenu } from './UserMenu.tsx';

/** How often the toolbar asks the offline client how many changes it has not sent. */
const UNSENT_POLL_MS = 15_000;

/**
 * The offline client's count of changes not yet sent (the refused ones included), beside 'Синхронизация':
 * asked when the page changes and every 15 s; nothing when all is sent.
 */
function UnsentCount() {
  const { t } = useTranslation();
  const location = useLocation();
  // a count that cannot be read shows nothing
  const { data } = useData((signal) => syncApi.unsentChanges(signal).catch(() => ({ count: 0 })), [location.pathname, location.search], { poll: UNSENT_POLL_MS });
  const count = data?.count ?? 0;
  if (!count) return null;
  return (
    <Badge count={count} overflowCount={999} style={{ marginInlineStart: 6 }} title={t('ui.toolbar.unsent', { count })} aria-label={t('ui.toolbar.unsent', { count })} data-testid="toolbar-unsent" />
  );
}

export function Toolbar() {
  const { t } = useTranslation();
  const session = useSession();
  const { token } = theme.useToken();
  return (
    <Flex
      component="header"
      data-testid="toolbar"
      align="center"
      justify="space-between"
      gap={8}
      wrap
      style={{ padding: '8px 16px', background: token.colorBgContainer, borderBottom: `1px solid ${token.colorBorderSecondary}` }}
    >
      <Flex component="nav" aria-label={t('ui.toolbar.navigation')} align="center" gap={4}>
        <LinkButton to="/sys/home" data-testid="toolbar-home" type="text" icon={<HomeOutlined />}>
          {t('ui.toolbar.home')}
        </LinkButton>
        {session.clientMode ? (
          <LinkButton to="/sys/sync" data-testid="toolbar-sync" type="text" icon={<SyncOutlined />}>
            {t('ui.toolbar.sync')}
            <UnsentCount />
          </LinkButton>
        ) : null}
        {showsAdminMenu(session) ? <AdminMenu /> : null}
      </Flex>
      <Flex align="center" gap={8}>
        <GlobalSearch />
        <UserMenu />
      </Flex>
    </Flex>
  );
}
