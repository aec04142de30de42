/**
 * The top toolbar (spec 000 §2.2): Главная, Synchronize (client mode only), the administrator
 * dropdown, the search box and the user (name + menu).
 */
import { Button, Flex, theme } from 'antd';
import { HomeOutlined, SyncOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
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
        <Link to="/sys/home" data-testid="toolbar-home">
          <Button type="text" icon={<HomeOutlined />}>
            {t('ui.toolbar.home')}
          </Button>
        </Link>
        {session.clientMode ? (
          <Link to="/sys/sync" data-testid="toolbar-sync">
            <Button type="text" icon={<SyncOutlined />}>
              {t('ui.toolbar.sync')}
            </Button>
          </Link>
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
