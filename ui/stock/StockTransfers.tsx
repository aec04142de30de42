/**
 * The unit's transfers on its stock tab (issue 25): those it sent and those sent to it, newest first,
 * each with its state and the step that is this unit's now — receive (the receiving unit) or cancel
 * (the sending unit), while sent. 'Новая передача' opens the transfer's own form
 * (`/api/tbl/stocktransfer/form`): its batches leave the unit at once. The server decides each step.
 */
import { useState } from 'react';
import { Alert, Button, Card, Empty, Space, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { tableApi, type Doc } from '../api/index.ts';
import { RemoteFormDialog } from '../generic/forms/RemoteFormDialog.tsx';
import { dateText } from '../i18n/dates.ts';
import { useRemote } from '../places/useRemote.ts';
import { hasPermission, useSession } from '../session/index.ts';
import { StepButton } from './StepButton.tsx';
import { stockForm } from './api.ts';

type Transfer = Doc & { id: string; date: string; state: string; unitFromId: string; unitToId: string; unitFrom?: { name: string }; unitTo?: { name: string } };

/** The transfers from or to the unit, newest first, each once. */
async function transfersOf(unitId: string): Promise<Transfer[]> {
  const lists = await Promise.all(['unitFromId', 'unitToId'].map((k) => tableApi.query<Transfer>('stocktransfer', { [k]: unitId, pageSize: 50 })));
  const byId = new Map(lists.flatMap((l) => l.list).map((o) => [o.id, o]));
  return [...byId.values()].sort((a, b) => b.date.localeCompare(a.date));
}

export function StockTransfers({ unitId, version, onChanged }: { unitId: string; version: number; onChanged: () => void }) {
  const { t } = useTranslation();
  const session = useSession();
  const [adding, setAdding] = useState(false);
  const { data, error } = useRemote(() => transfersOf(unitId), [unitId, version]);
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
    <Card
      title={t('ui.stock.transfers')}
      data-testid="stock-transfers"
      extra={hasPermission(session, 'NEW_TRANSFER') && <Button data-testid="stock-new-transfer" onClick={() => setAdding(true)}>{t('ui.stock.newTransfer')}</Button>}
    >
      {error && <Alert type="error" showIcon title={error} />}
      {data && !data.length && <Empty description={t('ui.stock.noTransfers')} />}
      {data && data.length > 0 && (
        <Table
          size="small"
          pagination={false}
          rowKey="id"
          dataSource={data}
          onRow={(r) => ({ 'data-testid': `stock-transfer-${r.id}` }) as any}
          columns={[
            { key: 'date', title: t('stocktransfer.date'), render: (_: unknown, r) => dateText(r.date) },
            { key: 'from', title: t('ui.stock.from'), render: (_: unknown, r) => r.unitFrom?.name },
            { key: 'to', title: t('ui.stock.to'), render: (_: unknown, r) => r.unitTo?.name },
            { key: 'state', title: t('stocktransfer.state'), render: (_: unknown, r) => <Tag>{t(`transferState.${r.state}`)}</Tag> },
            { key: 'steps', title: '', render: (_: unknown, r) => steps(r) },
          ]}
        />
      )}
      <RemoteFormDialog
        open={adding}
        title={t('ui.stock.newTransfer')}
        load={() => stockForm('stocktransfer', { unitFromId: unitId }, ['state', 'receivedDate', 'cancelledDate'])}
        save={(doc) => tableApi.create('stocktransfer', doc)}
        onSaved={() => {
          setAdding(false);
          onChanged();
        }}
        onClose={() => setAdding(false)}
      />
    </Card>
  );
}
