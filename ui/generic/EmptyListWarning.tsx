/** The warning an empty list shows: 'Запись не найдена.' */
import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';

export function EmptyListWarning() {
  const { t } = useTranslation();
  return <Alert data-testid="empty-list" type="warning" showIcon title={t('ui.common.notFound')} />;
}
