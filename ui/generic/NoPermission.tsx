/**
 * What a screen the user may not open says: that a permission is missing, naming it as the
 * profile editor does (`perm.<ID>`) and by its id, and whom to ask.
 *
 * @example <NoPermission permission="CMDHISTORY" />
 *   // 'Нет доступа' — 'Для этого раздела нужно право «История команд» (CMDHISTORY). …'
 */
import { Result } from 'antd';
import { useTranslation } from 'react-i18next';

export function NoPermission({ permission }: { permission: string }) {
  const { t, i18n } = useTranslation();
  const name = i18n.exists(`perm.${permission}`) ? t(`perm.${permission}`) : permission;
  return (
    <Result
      data-testid="no-permission"
      data-permission={permission}
      status="403"
      title={t('ui.noPermission.title')}
      subTitle={t('ui.noPermission.text', { name, id: permission })}
    />
  );
}
