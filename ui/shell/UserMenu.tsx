/**
 * The user menu: user settings, change password, change language, change workspace (showing the
 * current workspace name) and log out (→ `/login`). It owns the language and workspace dialogs.
 */
import { useState } from 'react';
import { App, Button, Dropdown } from 'antd';
import { DownOutlined, GlobalOutlined, KeyOutlined, LogoutOutlined, SwapOutlined, UserOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { authApi, errorsOf, type WorkspaceItem } from '../api/index.ts';
import { useSession, useSessionContext } from '../session/index.ts';
import { LanguageDialog } from './LanguageDialog.tsx';
import { WorkspaceDialog } from './WorkspaceDialog.tsx';

export function UserMenu() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const session = useSession();
  const { changeWorkspace, clear } = useSessionContext();
  const [dialog, setDialog] = useState<'language' | 'workspace' | null>(null);
  const { message } = App.useApp();

  const logout = async () => {
    try {
      await authApi.logout();
    } finally {
      clear();
      void navigate('/login');
    }
  };

  const chooseWorkspace = async (ws: WorkspaceItem) => {
    setDialog(null);
    void navigate('/sys/home');
    try {
      await changeWorkspace(ws.id);
    } catch (err) {
      void message.error(errorsOf(err).map((e) => t(e.msg)).join('; '));
    }
  };

  const items = [
    { key: 'settings', icon: <UserOutlined />, label: <span data-testid="user-menu-settings">{t('ui.toolbar.userSettings')}</span> },
    { key: 'password', icon: <KeyOutlined />, label: <span data-testid="user-menu-password">{t('ui.toolbar.changePassword')}</span> },
    { key: 'language', icon: <GlobalOutlined />, label: <span data-testid="user-menu-language">{t('ui.toolbar.changeLanguage')}</span> },
    {
      key: 'workspace',
      icon: <SwapOutlined />,
      label: (
        <span data-testid="user-menu-workspace">
          {t('ui.toolbar.changeWorkspace')}: <b data-testid="current-workspace">{session.workspaceName}</b>
        </span>
      ),
    },
    { type: 'divider' as const },
    { key: 'logout', icon: <LogoutOutlined />, label: <span data-testid="user-menu-logout">{t('ui.toolbar.logout')}</span> },
  ];

  const onClick = ({ key }: { key: string }) => {
    if (key === 'settings') void navigate('/sys/user/settings');
    else if (key === 'password') void navigate('/sys/user/changepassword');
    else if (key === 'language') setDialog('language');
    else if (key === 'workspace') setDialog('workspace');
    else if (key === 'logout') void logout();
  };

  return (
    <>
      <Dropdown trigger={['click']} menu={{ items, onClick }} placement="bottomRight">
        <Button type="text" data-testid="toolbar-user-menu" icon={<UserOutlined />}>
          <span data-testid="toolbar-user-name">{session.userName}</span> <DownOutlined />
        </Button>
      </Dropdown>
      <LanguageDialog open={dialog === 'language'} onClose={() => setDialog(null)} />
      <WorkspaceDialog
        open={dialog === 'workspace'}
        currentId={session.workspaceId}
        onChoose={(ws) => void chooseWorkspace(ws)}
        onClose={() => setDialog(null)}
      />
    </>
  );
}
