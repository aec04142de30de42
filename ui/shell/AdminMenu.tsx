/**
 * The administrator dropdown: Каталоги, Отчеты, Настройки (shown for ADMIN, never in client mode);
 * a hub none of whose entries the user may open is not offered.
 */
import { Button, Dropdown } from 'antd';
import { DownOutlined, SettingOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useSession } from '../session/index.ts';
import { CATALOGUE_ENTRIES, REPORT_ENTRIES, SETTINGS_ENTRIES } from '../pages/admin/adminEntries.ts';
import { hubHasEntries } from '../pages/admin/AdminHub.tsx';

export function AdminMenu() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const session = useSession();
  const hubs = [
    { key: '/sys/admin/tables', entries: CATALOGUE_ENTRIES, label: <span data-testid="admin-menu-tables">{t('ui.toolbar.tables')}</span> },
    { key: '/sys/admin/reports', entries: REPORT_ENTRIES, label: <span data-testid="admin-menu-reports">{t('ui.toolbar.reports')}</span> },
    { key: '/sys/admin/settings', entries: SETTINGS_ENTRIES, label: <span data-testid="admin-menu-settings">{t('ui.toolbar.settings')}</span> },
  ];
  const items = hubs.filter((h) => hubHasEntries(session, h.entries)).map(({ key, label }) => ({ key, label }));
  if (!items.length) return null;
  return (
    <Dropdown trigger={['click']} menu={{ items, onClick: ({ key }) => navigate(key) }}>
      <Button type="text" data-testid="toolbar-admin" icon={<SettingOutlined />}>
        {t('ui.toolbar.admin')} <DownOutlined />
      </Button>
    </Dropdown>
  );
}
