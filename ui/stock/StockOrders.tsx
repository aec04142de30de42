/**
 * The unit's orders on its stock tab (issue 25): those it placed, and those it authorises or supplies,
 * newest first, each with its state and the step that is this unit's to take now — authorise (the
 * authorizer), send (the supplier, choosing batches), receive (the ordering unit), cancel (the ordering
 * or the authorizer unit, before sending). 'Новый заказ' opens the order's own form
 * (`/api/tbl/stockorder/form`). The server decides each step (its permission, its turn, the unit).
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

/** What the server sets on an order: from the unit, and by its steps. */
const ORDER_SERVER_FIELDS = ['supplierId', 'authorizerId', 'state', 'authorizedDate', 'sentDate', 'receivedDate', 'cancelledDate', 'shipped'];

type Order = Doc & { id: string; date: string; state: string; unitId: string; supplierId: string; authorizerId: string; unit?: { name: string }; supplier?: { name: string } };

/** The orders where the unit is the orderer, the authorizer or the supplier, newest first, each once. */
async function ordersOf(unitId: string): Promise<Order[]> {
  const lists = await Promise.all(['unitId', 'authorizerId', 'supplierId'].map((k) => tableApi.query<Order>('stockorder', { [k]: unitId, pageSize: 50 })));
  const byId = new Map(lists.flatMap((l) => l.list).map((o) => [o.id, o]));
  return [...byId.values()].sort((a, b) => b.date.localeCompare(a.date));
}

export function StockOrders({ unitId, version, onChanged }: { unitId: string; version: number; onChanged: () => void }) {
  const { t } = useTranslation();
  const session = useSession();
  const [adding, setAdding] = useState(false);
  const { data, error } = useRemote(() => ordersOf(unitId), [unitId, version]);
  const steps = (o: Order) => {
    const step = (action: string, form: string, label: string, perm: string, unitOk: boolean) =>
      unitOk && hasPermission(session, perm) ? <StepButton key={action} table="stockorder" id={o.id} action={action} form={form} label={t(label)} onDone={onChanged} /> : null;
    return (
      <Space size={4}>
        {o.state === 'NEW' && step('authorize', 'stock_stepdate', 'ui.stock.authorize', 'VAL_ORDER', o.authorizerId === unitId)}
        {o.state === 'AUTHORIZED' && step('send', 'stockorder_send', 'ui.stock.send', 'SEND_ORDER', o.supplierId === unitId)}
        {o.state === 'SENT' && step('receiveOrder', 'stock_stepdate', 'ui.stock.receive', 'RECEIV_ORDER', o.unitId === unitId)}
        {(o.state === 'NEW' || o.state === 'AUTHORIZED') && step('cancelOrder', 'stock_stepdate', 'ui.stock.cancel', 'ORDER_CANC', o.unitId === unitId || o.authorizerId === unitId)}
      </Space>
    );
  };
  return (
    <Card
      title={t('ui.stock.orders')}
      data-testid="stock-orders"
      extra={hasPermission(session, 'NEW_ORDER') && <Button data-testid="stock-new-order" onClick={() => setAdding(true)}>{t('ui.stock.newOrder')}</Button>}
    >
      {error && <Alert type="error" showIcon title={error} />}
      {data && !data.length && <Empty description={t('ui.stock.noOrders')} />}
      {data && data.length > 0 && (
        <Table
          size="small"
          pagination={false}
          rowKey="id"
          dataSource={data}
          onRow={(r) => ({ 'data-testid': `stock-order-${r.id}` }) as any}
          columns={[
            { key: 'date', title: t('stockorder.date'), render: (_: unknown, r) => dateText(r.date) },
            { key: 'unit', title: t('ui.stock.orderedBy'), render: (_: unknown, r) => r.unit?.name },
            { key: 'supplier', title: t('ui.stock.supplier'), render: (_: unknown, r) => r.supplier?.name },
            { key: 'state', title: t('stockorder.state'), render: (_: unknown, r) => <Tag data-testid="stock-order-state">{t(`orderState.${r.state}`)}</Tag> },
            { key: 'steps', title: '', render: (_: unknown, r) => steps(r) },
          ]}
        />
      )}
      <RemoteFormDialog
        open={adding}
        title={t('ui.stock.newOrder')}
        load={() => stockForm('stockorder', { unitId }, ORDER_SERVER_FIELDS)}
        save={(doc) => tableApi.create('stockorder', doc)}
        onSaved={() => {
          setAdding(false);
          onChanged();
        }}
        onClose={() => setAdding(false)}
      />
    </Card>
  );
}
