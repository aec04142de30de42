/** The administrator dropdown: Каталоги, Отчеты, Настройки (shown for ADMIN, never in client mode). */
import { Button, Dropdown } from 'antd';
import { DownOutlined, SettingOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';

export function AdminMenu() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const items = [
    { key: '/sys/admin/tables', label: <span data-testid="admin-menu-tables">{t('ui.toolbar.tables')}</span> },
    { key: '/sys/admin/reports', label: <span data-testid="admin-menu-reports">{t('ui.toolbar.reports')}</span> },
    { key: '/sys/admin/settings', label: <span data-testid="admin-menu-settings">{t('ui.toolbar.settings')}</span> },
  ];
  return (
    <Dropdown trigger={['click']} menu={{ items, onClick: ({ key }) => navigate(key) }}>
      <Button type="text" data-testid="toolbar-admin" icon={<SettingOutlined />}>
        {t('ui.toolbar.admin')} <DownOutlined />
      </Button>
    </Dropdown>
  );
}
