import { PrinterOutlined } from '@ant-design/icons';
import { LinkButton } from '../../../generic/LinkButton.tsx';
import { useTranslation } from 'react-i18next';

/**
 * The treatment tab's way to the printable treatment card (`TreatmentCardPage.tsx`).
 * @example <TreatmentCardLink caseId={caseId} />
 */
export function TreatmentCardLink({ caseId }: { caseId: string }) {
  const { t } = useTranslation();
  return (
    <LinkButton to={`/sys/case/treatmentcard?id=${encodeURIComponent(caseId)}`} data-testid="treatment-card-link" size="small" icon={<PrinterOutlined />}>
      {t('ui.treatmentCard.open')}
    </LinkButton>
  );
}
