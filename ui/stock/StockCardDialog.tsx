/**
 * A batch's stock card: the batch (medicine, number, manufacturer, expiry, source, stock on
 * hand) and its movements in date order — the operation (with an adjustment's reason and a transfer's
 * other unit), what came in, what went out, and the balance after it (`GET /api/stock/batch/{id}/card`).
 * Opened from a batch of the unit's stock table.
 *
 * @example <StockCardDialog batchId={id} onClose={() => setCard(undefined)} />
 */
import { Alert, Descriptions, Modal, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import type { CardLine } from '../../stock/card.ts';
import { WaitIcon } from '../generic/WaitIcon.tsx';
import { dateText } from '../i18n/dates.ts';
import { useData } from '../generic/data/useData.ts';
import { stockApi } from './api.ts';

export function StockCardDialog({ batchId, onClose }: { batchId: string; onClose: () => void }) {
  const { t } = useTranslation();
  const { data, error } = useData((signal) => stockApi.card(batchId, signal), [batchId]);
  const operation = (l: CardLine) => [t(`movementType.${l.type}`), l.reason && t(`adjustReason.${l.reason}`), l.otherUnit].filter(Boolean).join(' · ');
  return (
    <Modal open title={t('ui.stock.cardTitle')} footer={null} onCancel={onClose} width={860} destroyOnHidden>
      <div data-testid="stock-card">
        {error && <Alert type="error" showIcon title={error} />}
        {!data && !error && <WaitIcon />}
        {data && (
          <>
            <Descriptions size="small" column={2} style={{ marginBottom: 12 }}>
              <Descriptions.Item label={t('stock.medicine')}>{data.batch.productName}</Descriptions.Item>
              <Descriptions.Item label={t('stock.unit')}>{data.batch.unitName}</Descriptions.Item>
              <Descriptions.Item label={t('stock.batchNumber')}>{data.batch.batchNumber}</Descriptions.Item>
              <Descriptions.Item label={t('stock.manufacturer')}>{data.batch.manufacturer}</Descriptions.Item>
              <Descriptions.Item label={t('stock.expiryDate')}>{dateText(data.batch.expiryDate)}</Descriptions.Item>
              <Descriptions.Item label={t('stock.source')}>{data.batch.sourceName}</Descriptions.Item>
              <Descriptions.Item label={t('stock.onHand')}>
                <strong data-testid="stock-card-on-hand">{data.batch.quantity}</strong>
              </Descriptions.Item>
            </Descriptions>
            {data.earlier > 0 && (
              <Alert type="info" showIcon style={{ marginBottom: 8 }} title={t('ui.stock.cardCarried', { count: data.earlier, balance: data.carried })} />
            )}
            <Table<CardLine>
              size="small"
              pagination={false}
              rowKey="id"
              dataSource={data.lines}
              onRow={() => ({ 'data-testid': 'stock-card-line' }) as any}
              columns={[
                { key: 'date', title: t('stock.date'), render: (_: unknown, l) => dateText(l.date) },
                { key: 'operation', title: t('ui.stock.operation'), render: (_: unknown, l) => operation(l) },
                { key: 'in', title: t('ui.stock.in'), align: 'right', render: (_: unknown, l) => (l.quantity > 0 ? l.quantity : '') },
                { key: 'out', title: t('ui.stock.out'), align: 'right', render: (_: unknown, l) => (l.quantity < 0 ? -l.quantity : '') },
                { key: 'balance', title: t('ui.stock.balance'), align: 'right', dataIndex: 'balance' },
              ]}
            />
          </>
        )}
      </div>
    </Modal>
  );
}
