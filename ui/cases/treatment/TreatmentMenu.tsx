/**
 * The settings menu of a started treatment: change the period, add a
 * prescription, cancel the treatment. Drawn only when the session may change the treatment.
 *
 * @example
 *   <TreatmentMenu onAction={(a) => (a === 'cancel' ? cancel() : open(a))} />
 */
import { Button, Dropdown } from 'antd';
import { CalendarOutlined, CloseCircleOutlined, PlusOutlined, SettingOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';

export type TreatmentAction = 'period' | 'add' | 'cancel';

export function TreatmentMenu({ onAction }: { onAction: (action: TreatmentAction) => void }) {
  const { t } = useTranslation();
  return (
    <Dropdown
      trigger={['click']}
      menu={{
        items: [
          { key: 'period', icon: <CalendarOutlined />, label: <span data-testid="treatment-change-period">{t('treatperiod.title')}</span> },
          { key: 'add', icon: <PlusOutlined />, label: <span data-testid="treatment-add-prescription">{t('prescription.add')}</span> },
          { type: 'divider' },
          { key: 'cancel', icon: <CloseCircleOutlined />, danger: true, label: <span data-testid="treatment-cancel">{t('ui.treatment.cancel')}</span> },
        ],
        onClick: ({ key }) => onAction(key as TreatmentAction),
      }}
    >
      <Button data-testid="treatment-settings" size="small" icon={<SettingOutlined />} aria-label={t('ui.treatment.settings')} />
    </Dropdown>
  );
}
