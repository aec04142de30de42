import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { todayIso } from '../treatment/dates.ts';
import { ageAt } from './age.ts';

/**
 * The patient's age today beside their name in the case header ('46 лет'), from the birth date;
 * nothing without one.
 * @example <PatientAge birthDate="1980-05-01" />
 */
export function PatientAge({ birthDate }: { birthDate?: string }) {
  const { t } = useTranslation();
  const age = ageAt(birthDate, todayIso());
  if (age === undefined) return null;
  return (
    <Typography.Text type="secondary" data-testid="case-patient-age" data-age={age} style={{ fontSize: 18, fontWeight: 'normal' }}>
      {t('ui.casePage.age', { count: age })}
    </Typography.Text>
  );
}
