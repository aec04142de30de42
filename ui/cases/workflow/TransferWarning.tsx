import { Alert, Button, Space, Tooltip } from 'antd';
import { useTranslation } from 'react-i18next';
import type { CaseView } from '../case/types.ts';

export interface TransferWarningProps {
  tbcase: CaseView;
  /** playOtherUnits, or the session's unit is the case's owner (the receiving) unit. */
  canConfirm: boolean;
  /** The sending unit (or a user who plays other units) may roll the transfer back. */
  canUndo: boolean;
  onConfirm: () => void;
  onUndo: () => void;
}

/**
 * The warning a transferring case shows: from which unit to which, with two actions —
 * confirm the transfer-in (restoration), or roll back to the previous unit. Confirming is offered
 * only by the rule; otherwise a disabled action says 'Вы не можете подтвердить это восстановление'.
 * @example <TransferWarning tbcase={c} canConfirm={false} canUndo onConfirm={…} onUndo={…} />
 */
export function TransferWarning({ tbcase, canConfirm, canUndo, onConfirm, onUndo }: TransferWarningProps) {
  const { t } = useTranslation();
  const confirm = (
    <Button data-testid="transfer-confirm" type="primary" size="small" disabled={!canConfirm} onClick={onConfirm}>
      {t('ui.casePage.cmd.transferIn')}
    </Button>
  );
  return (
    <Alert
      data-testid="transfer-warning"
      type="warning"
      showIcon
      style={{ marginBottom: 12 }}
      message={t('ui.casePage.transferring', { from: tbcase.transferFromUnit?.name ?? '', to: tbcase.ownerUnit?.name ?? '' })}
      description={tbcase.readOnly ? <span data-testid="transfer-read-only">{t('tbcase.transferredOutReadOnly')}</span> : undefined}
      action={
        <Space>
          {canConfirm ? confirm : <Tooltip title={t('tbcase.notReceivingUnit')}><span data-testid="transfer-confirm-disabled">{confirm}</span></Tooltip>}
          {canUndo && (
            <Button data-testid="transfer-undo" size="small" onClick={onUndo}>
              {t('ui.casePage.cmd.undoTransfer')}
            </Button>
          )}
        </Space>
      }
    />
  );
}
