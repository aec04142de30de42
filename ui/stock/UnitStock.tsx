/**
 * `/sys/unit/stock?id=` — the unit's drug stock: its early warnings (batches expiring within
 * the workspace's months or expired, medicines below or above their months of stock, the day each
 * runs out by the current patients' plan), its stock on hand by medicine and batch (first expiry
 * first; each medicine's total beside its batches; a batch's number opens its stock card), 'Новое движение' — the ledger's form, offering
 * only the types this user may enter here (the initial inventory while the unit's is open, a receipt)
 * and none of the fields the server fills — 'Корректировка' — an adjustment or write-off of a batch
 * picked from the unit's (`stock_adjust`) — 'Инвентаризация', the stock count of every batch
 * (`StockCountDialog`), the date of the last one beside the title — and the unit's orders and transfers with the step that is
 * its to take (StockOrders, StockTransfers).
 */
import { useState } from 'react';
import { Alert, Button, Card, Empty, Space, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { api, tableApi } from '../api/index.ts';
import { ActionFormDialog } from '../cases/workflow/ActionFormDialog.tsx';
import { hasPermission, useSession } from '../session/index.ts';
import { WaitIcon } from '../generic/WaitIcon.tsx';
import { RemoteFormDialog } from '../generic/forms/RemoteFormDialog.tsx';
import { dateText, todayHere } from '../i18n/dates.ts';
import { useData } from '../generic/data/useData.ts';
import { stockApi, stockForm, type UnitAlerts } from './api.ts';
import { StockCardDialog } from './StockCardDialog.tsx';
import { StockCountDialog } from './StockCountDialog.tsx';
import { StockOrders } from './StockOrders.tsx';
import { StockTransfers } from './StockTransfers.tsx';

/** What the ledger's form only fills in by itself: the batch's row, its balance, the document a transfer's movement belongs to. */
const MOVEMENT_SERVER_FIELDS = ['batchId', 'balance', 'transferId', 'orderId'];

/** The movement types this user may enter in the ledger's form at this unit: the initial inventory while it is open, a receipt. */
function enterableTypes(session: ReturnType<typeof useSession>, initialOpen: boolean): string[] {
  return [...(initialOpen && hasPermission(session, 'INVENTORY_INIT') ? ['INITIAL'] : []), ...(hasPermission(session, 'RECEIV') ? ['RECEIPT'] : [])];
}

export function UnitStock({ unitId }: { unitId: string }) {
  const { t } = useTranslation();
  const session = useSession();
  const [version, setVersion] = useState(0);
  const [adding, setAdding] = useState(false);
  const [adjusting, setAdjusting] = useState(false);
  const [card, setCard] = useState<string>();
  const [counting, setCounting] = useState(false);
  const reload = () => setVersion((v) => v + 1);
  const { data, error } = useData(async () => ({ stock: await stockApi.stock(unitId), alerts: await stockApi.alerts(unitId) }), [unitId, version]);
  if (error) return <Alert data-testid="alert-error" type="error" showIcon title={error} />;
  if (!data) return <WaitIcon />;
  const rows = data.stock.medicines.flatMap((m) => m.batches.map((b, i) => ({ ...b, productName: m.productName, medicineTotal: m.onHand, span: i ? 0 : m.batches.length })));
  const types = enterableTypes(session, data.stock.initialOpen);
  // the medicine's name and total once, over its batches' rows
  const perMedicine = (r: (typeof rows)[number]) => ({ rowSpan: r.span });

  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }} data-testid="unit-stock">
      <StockAlerts alerts={data.alerts} />
      <Card
        title={
          <Space size={12}>
            {t('ui.stock.onHand')}
            {data.stock.lastCount && (
              <Typography.Text type="secondary" data-testid="stock-last-count" style={{ fontWeight: 'normal' }}>
                {t('ui.stock.lastCount', { date: dateText(data.stock.lastCount) })}
              </Typography.Text>
            )}
          </Space>
        }
        data-testid="stock-on-hand"
        extra={
          <Space>
            {types.length > 0 && <Button data-testid="stock-add-movement" onClick={() => setAdding(true)}>{t('ui.stock.addMovement')}</Button>}
            {hasPermission(session, 'STOCK_ADJ') && rows.length > 0 && <Button data-testid="stock-adjust" onClick={() => setAdjusting(true)}>{t('ui.stock.adjust')}</Button>}
            {hasPermission(session, 'STOCK_ADJ') && rows.length > 0 && <Button data-testid="stock-count-open" onClick={() => setCounting(true)}>{t('stockcount.title')}</Button>}
          </Space>
        }
      >
        {rows.length ? (
          <Table
            size="small"
            pagination={false}
            rowKey="id"
            dataSource={rows}
            onRow={(r) => ({ 'data-testid': `stock-row-${r.batchNumber}` }) as any}
            columns={[
              { key: 'medicine', title: t('stock.medicine'), dataIndex: 'productName', onCell: perMedicine },
              {
                key: 'batch',
                title: t('stock.batchNumber'),
                render: (_: unknown, r) => (
                  <Button type="link" size="small" style={{ padding: 0 }} data-testid={`stock-card-${r.batchNumber}`} title={t('ui.stock.cardTitle')} onClick={() => setCard(r.id)}>
                    {r.batchNumber}
                  </Button>
                ),
              },
              { key: 'manufacturer', title: t('stock.manufacturer'), dataIndex: 'manufacturer' },
              { key: 'source', title: t('stock.source'), dataIndex: 'sourceName' },
              { key: 'expiry', title: t('stock.expiryDate'), render: (_: unknown, r) => dateText(r.expiryDate) },
              { key: 'quantity', title: t('stock.onHand'), dataIndex: 'quantity', align: 'right' },
              {
                key: 'total',
                title: t('ui.stock.medicineTotal'),
                align: 'right',
                onCell: perMedicine,
                render: (_: unknown, r) => <strong data-testid={`stock-total-${r.productId}`}>{r.medicineTotal}</strong>,
              },
            ]}
          />
        ) : (
          <Empty data-testid="stock-empty" description={t('ui.stock.none')} />
        )}
      </Card>
      <StockOrders unitId={unitId} version={version} onChanged={reload} />
      <StockTransfers unitId={unitId} version={version} onChanged={reload} />
      <RemoteFormDialog
        open={adding}
        title={t('stockmovement.title')}
        // the types as the unit stands when the form opens (another user may have started its stock meanwhile)
        load={async () => stockForm('stockmovement', { unitId }, MOVEMENT_SERVER_FIELDS, { type: enterableTypes(session, (await stockApi.stock(unitId)).initialOpen) })}
        save={(doc) => tableApi.create('stockmovement', doc)}
        onSaved={() => {
          setAdding(false);
          reload();
        }}
        onClose={() => setAdding(false)}
      />
      {card && <StockCardDialog batchId={card} onClose={() => setCard(undefined)} />}
      {counting && (
        <StockCountDialog
          unitId={unitId}
          medicines={data.stock.medicines}
          onClose={() => setCounting(false)}
          onSaved={() => {
            setCounting(false);
            reload();
          }}
        />
      )}
      <ActionFormDialog
        open={adjusting}
        form="stock_adjust"
        testId="stock-adjust-dialog"
        title={t('stock.adjust')}
        values={{ unitId, date: todayHere() }}
        save={(doc) => api.post('/api/stock/adjust', doc)}
        onClose={() => setAdjusting(false)}
        onDone={() => {
          setAdjusting(false);
          reload();
        }}
      />
    </Space>
  );
}

/** The unit's warnings: one card, a line each; nothing to warn of says so. */
function StockAlerts({ alerts }: { alerts: UnitAlerts }) {
  const { t } = useTranslation();
  const none = !alerts.expiring.length && !alerts.levels.length && !alerts.stockOut.length;
  return (
    <Card title={t('ui.stock.alerts')} data-testid="stock-alerts">
      {none && <Empty description={t('ui.stock.noAlerts')} />}
      <Space direction="vertical" style={{ width: '100%' }}>
        {alerts.expiring.map((e) => (
          <Alert
            key={e.batchId}
            data-testid={`stock-expiring-${e.batchNumber}`}
            type={e.expired ? 'error' : 'warning'}
            showIcon
            title={t(e.expired ? 'ui.stock.expired' : 'ui.stock.expiring', { medicine: e.productName, batch: e.batchNumber, date: dateText(e.expiryDate), quantity: e.quantity })}
          />
        ))}
        {alerts.levels.map((l) => (
          <Alert
            key={l.productId}
            data-testid={`stock-level-${l.level}`}
            type={l.level === 'LOW' ? 'warning' : 'info'}
            showIcon
            title={t(l.level === 'LOW' ? 'ui.stock.low' : 'ui.stock.high', { medicine: l.productName, months: l.months.toFixed(1), min: alerts.settings.minStockOnHand, max: alerts.settings.maxStockOnHand })}
          />
        ))}
        {alerts.stockOut.map((s) => (
          <div key={s.productId} data-testid="stock-out">
            <Tag color="red">{dateText(s.date)}</Tag> {t('ui.stock.stockOut', { medicine: s.productName })}
          </div>
        ))}
      </Space>
    </Card>
  );
}
