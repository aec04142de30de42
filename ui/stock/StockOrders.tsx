/**
 * The unit's orders on its stock tab: those it placed, and those it authorises or supplies,
 * newest first, each with its state and the step that is this unit's to take now — authorise (the
 * authorizer), send (the supplier, choosing batches), receive (the ordering unit), cancel (the ordering
 * or the authorizer unit, before sending). 'Новый заказ' opens the order's own form
 * (`/api/tbl/stockorder/form`) under the unit's order proposal, its medicines filled from it (NewOrderDialog).
 * A row opened shows the medicines ordered and the batches shipped, and leads to the printable requisition
 * and delivery note (OrderItems, OrderDocumentPage). The server decides each step (its permission, its turn, the unit).
 */
import { Space, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { hasPermission, useSession } from '../session/index.ts';
import { NewOrderDialog } from './NewOrderDialog.tsx';
import { OrderItems } from './OrderItems.tsx';
import { StepButton } from './StepButton.tsx';
import { StockDocuments, type StockDocument } from './StockDocuments.tsx';

/** What the server sets on an order: from the unit, and by its steps. */
const ORDER_SERVER_FIELDS = ['supplierId', 'authorizerId', 'state', 'authorizedDate', 'sentDate', 'receivedDate', 'cancelledDate', 'shipped'];

type Order = StockDocument & { unitId: string; supplierId: string; authorizerId: string; unit?: { name: string }; supplier?: { name: string } };

export function StockOrders({ unitId, version, onChanged }: { unitId: string; version: number; onChanged: () => void }) {
  const { t } = useTranslation();
  const session = useSession();
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
    <StockDocuments<Order>
      table="stockorder"
      unitKeys={['unitId', 'authorizerId', 'supplierId']}
      unitId={unitId}
      version={version}
      onChanged={onChanged}
      title="ui.stock.orders"
      newLabel="ui.stock.newOrder"
      empty="ui.stock.noOrders"
      newPermission="NEW_ORDER"
      newDoc={{ unitId }}
      serverFields={ORDER_SERVER_FIELDS}
      testId="stock-orders"
      newTestId="stock-new-order"
      rowTestId="stock-order"
      columns={[
        { key: 'unit', title: t('ui.stock.orderedBy'), render: (_: unknown, r) => r.unit?.name },
        { key: 'supplier', title: t('ui.stock.supplier'), render: (_: unknown, r) => r.supplier?.name },
        { key: 'state', title: t('stockorder.state'), render: (_: unknown, r) => <Tag data-testid="stock-order-state">{t(`orderState.${r.state}`)}</Tag> },
      ]}
      steps={steps}
      newDialog={(d) => <NewOrderDialog unitId={unitId} serverFields={ORDER_SERVER_FIELDS} {...d} />}
      expand={(o) => <OrderItems orderId={o.id} />}
    />
  );
}
