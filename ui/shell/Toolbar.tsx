/**
 * The top toolbar (spec 000 §2.2): Главная, Synchronize (client mode only), the administrator
 * dropdown, the search box and the user (name + menu).
 */
import { Flex, theme } from 'antd';
import { HomeOutlined, SyncOutlined } from '@ant-design/icons';
import { LinkButton } from '../generic/LinkButton.tsx';
import { useTranslation } from 'react-i18next';
import { showsAdminMenu, useSession } from '../session/index.ts';
import { AdminMenu } from './AdminMenu.tsx';
import { GlobalSearch } from './search/index.ts';
import { UserMenu } from './UserMenu.tsx';

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
