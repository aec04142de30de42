import { Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { SaveStatus } from './useOptimisticList.ts';

/**
 * The mark of an item saved optimistically: a spinner with 'Сохранение…' while it is saved, the
 * error 'Ошибка - изменения не сохранены в базе данных' when the save failed, nothing once stored.
 * @example <SaveState state={state} />
 */
export function SaveState({ state }: { state?: SaveStatus }) {
  const { t } = useTranslation();
  if (state === 'saving') {
    return (
      <span data-testid="talk-saving" style={{ marginLeft: 8 }}>
        <Spin size="small" /> <Typography.Text type="secondary">{t('ui.talk.saving')}</Typography.Text>
      </span>
    );
  }
  if (state === 'error') {
    return (
      <Typography.Text data-testid="talk-error" type="danger" style={{ display: 'block' }}>
        {t('ui.talk.notSaved')}
      </Typography.Text>
    );
  }
  return null;
}
