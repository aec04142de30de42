/**
 * The unit's transfers on its stock tab: those it sent and those sent to it, newest first,
 * each with its state and the step that is this unit's now — receive (the receiving unit) or cancel
 * (the sending unit), while sent. 'Новая передача' opens the transfer's own form
 * (`/api/tbl/stocktransfer/form`): its batches leave the unit at once. The server decides each step.
 */
import { Space, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { hasPermission, useSession } from '../session/index.ts';
import { StepButton } from './StepButton.tsx';
import { StockDocuments, type StockDocument } from './StockDocuments.tsx';

type Transfer = StockDocument & { unitFromId: string; unitToId: string; unitFrom?: { name: string }; unitTo?: { name: string } };

export function StockTransfers({ unitId, version, onChanged }: { unitId: string; version: number; onChanged: () => void }) {
  const { t } = useTranslation();
  const session = useSession();
  const steps = (r: Transfer) =>
    r.state === 'SENT' && (
      <Space size={4}>
        {r.unitToId === unitId && hasPermission(session, 'TRANSF_REC') && (
          <StepButton table="stocktransfer" id={r.id} action="receive" form="stocktransfer_receive" label={t('ui.stock.receive')} onDone={onChanged} />
        )}
        {r.unitFromId === unitId && hasPermission(session, 'TRANSF_CANCEL') && (
          <StepButton table="stocktransfer" id={r.id} action="cancel" form="stock_stepdate" label={t('ui.stock.cancel')} onDone={onChanged} />
        )}
      </Space>
    );
  return (
    <StockDocuments<Transfer>
      table="stocktransfer"
      unitKeys={['unitFromId', 'unitToId']}
      unitId={unitId}
      version={version}
      onChanged={onChanged}
      title="ui.stock.transfers"
      newLabel="ui.stock.newTransfer"
      empty="ui.stock.noTransfers"
      newPermission="NEW_TRANSFER"
      newDoc={{ unitFromId: unitId }}
      serverFields={['state', 'receivedDate', 'cancelledDate']}
      testId="stock-transfers"
      newTestId="stock-new-transfer"
      rowTestId="stock-transfer"
      columns={[
        { key: 'from', title: t('ui.stock.from'), render: (_: unknown, r) => r.unitFrom?.name },
        { key: 'to', title: t('ui.stock.to'), render: (_: unknown, r) => r.unitTo?.name },
        { key: 'state', title: t('stocktransfer.state'), render: (_: unknown, r) => <Tag>{t(`transferState.${r.state}`)}</Tag> },
      ]}
      steps={steps}
    />
  );
}
