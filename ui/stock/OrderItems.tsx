/**
 * An order's row opened on the unit's stock tab: the medicines and quantities ordered and,
 * once sent, the batches shipped — read from the order's documents (`GET /api/stock/order/{id}`) when
 * the row is opened — and the way to its printable requisition and delivery note.
 *
 * @example <OrderItems orderId={o.id} />
 */
import { Alert, Descriptions } from 'antd';
import { FileTextOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { OrderDocument } from '../../stock/order-document.ts';
import { api } from '../api/index.ts';
import { LinkButton } from '../generic/LinkButton.tsx';
import { WaitIcon } from '../generic/WaitIcon.tsx';
import { dateText } from '../i18n/dates.ts';
import { useData } from '../generic/data/useData.ts';

/** The page of an order's printable documents. */
export const orderDocumentPath = (orderId: string) => `/sys/stock/order?id=${encodeURIComponent(orderId)}`;

export function OrderItems({ orderId }: { orderId: string }) {
  const { t } = useTranslation();
  const { data, error } = useData((signal) => api.get<OrderDocument>(`/api/stock/order/${encodeURIComponent(orderId)}`, signal), [orderId]);
  if (error) return <Alert type="error" showIcon title={error} />;
  if (!data) return <WaitIcon />;
  return (
    <div data-testid={`stock-order-items-${orderId}`}>
      <Descriptions size="small" column={1} title={t('ui.orderDocument.requisition')}>
        {data.items.map((item, i) => (
          <Descriptions.Item key={i} label={item.productName}>
            <span data-testid="stock-order-item">{t('ui.orderDocument.ordered')}: {item.quantity}</span>
          </Descriptions.Item>
        ))}
      </Descriptions>
      {data.shipped.length > 0 && (
        <Descriptions size="small" column={1} title={t('ui.orderDocument.delivery')}>
          {data.shipped.map((b, i) => (
            <Descriptions.Item key={i} label={b.productName}>
              <span data-testid="stock-order-shipped">
                {b.batchNumber} · {b.manufacturer} · {dateText(b.expiryDate)} · {t('ui.orderDocument.shipped')}: {b.quantity}
              </span>
            </Descriptions.Item>
          ))}
        </Descriptions>
      )}
      <LinkButton to={orderDocumentPath(orderId)} size="small" icon={<FileTextOutlined />} data-testid={`stock-order-document-${orderId}`}>
        {t('ui.orderDocument.open')}
      </LinkButton>
    </div>
  );
}
