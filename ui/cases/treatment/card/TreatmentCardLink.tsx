import { Button } from 'antd';
import { PrinterOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';

/**
 * The treatment tab's way to the printable treatment card (`TreatmentCardPage.tsx`).
 * @example <TreatmentCardLink caseId={caseId} />
 */
export function TreatmentCardLink({ caseId }: { caseId: string }) {
  const { t } = useTranslation();
  return (
    <Link to={`/sys/case/treatmentcard?id=${encodeURIComponent(caseId)}`} data-testid="treatment-card-link" style={{ display: 'inline-block' }}>
      <Button size="small" icon={<PrinterOutlined />}>
        {t('ui.treatmentCard.open')}
      </Button>
    </Link>
  );
}
