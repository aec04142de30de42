/** Stand-in for routes whose screens belong to modules not written yet (workspace, units, cases…). */
import { Result } from 'antd';
import { useLocation } from 'react-router';
import { useTranslation } from 'react-i18next';

export default function PendingPage() {
  const { t } = useTranslation();
  const location = useLocation();
  return (
    <Result
      data-testid="pending-page"
      data-path={location.pathname + location.search}
      status="info"
      title={t('ui.pending.title')}
      subTitle={t('ui.pending.text')}
    />
  );
}
