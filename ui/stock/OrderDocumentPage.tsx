/**
 * `/sys/stock/order?id={orderId}` — an order's paper documents, from
 * `GET /api/stock/order/{id}`: the requisition (the ordering unit, its supplier and authorizer, the
 * date, the state and each step's date, the medicines and quantities ordered) with the signatures of
 * who ordered and who authorised; once sent, the delivery note (each batch shipped: medicine, batch,
 * manufacturer, expiry, source, quantity, and the total) with the signatures of who handed it over and
 * who received it. Laid out for A4 (`order-print.css`); 'Печать' opens the browser's print dialog.
 */
import type { ReactNode } from 'react';
import { Alert, Button, Space } from 'antd';
import { PrinterOutlined } from '@ant-design/icons';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { OrderDocument } from '../../stock/order-document.ts';
import { api } from '../api/index.ts';
import { useData } from '../generic/data/useData.ts';
import { WaitIcon } from '../generic/WaitIcon.tsx';
import { dateText } from '../i18n/dates.ts';
import '../print/a4.css';
import './order-print.css';

/** Lines for a name, a date and a signature, one per role. */
function Signatures({ roles, testId }: { roles: string[]; testId: string }) {
  const { t } = useTranslation();
  return (
    <table className="tb-order-sign" data-testid={testId}>
      <tbody>
        {roles.map((role) => (
          <tr key={role}>
            <td>{role}</td>
            <td>{t('ui.orderDocument.name')} ____________________</td>
            <td>{t('ui.orderDocument.date')} __________</td>
            <td>{t('ui.orderDocument.signature')} __________</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export default function OrderDocumentPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const id = params.get('id') ?? '';
  const { data: doc, error } = useData((signal) => api.get<OrderDocument>(`/api/stock/order/${encodeURIComponent(id)}`, signal), [id]);
  if (error) return <Alert data-testid="alert-error" type="error" showIcon title={error} />;
  if (!doc) return <WaitIcon />;
  const fact = (label: string, value: ReactNode) =>
    value === null || value === undefined || value === '' ? null : (
      <tr>
        <td>{label}</td>
        <td>{value}</td>
      </tr>
    );
  const sent = doc.shipped.length > 0;
  return (
    <div className="tb-order print-a4" data-testid="order-document">
      <Space className="tb-no-print" style={{ marginBottom: 12 }}>
        <Button type="primary" icon={<PrinterOutlined />} data-testid="order-print" onClick={() => window.print()}>
          {t('ui.treatmentCard.print')}
        </Button>
        <Button onClick={() => window.history.back()}>{t('ui.orderDocument.back')}</Button>
      </Space>
      <h1 data-testid="order-document-title">{t('ui.orderDocument.title', { date: dateText(doc.date) })}</h1>
      <section>
        <table className="tb-order-facts" data-testid="order-document-facts">
          <tbody>
            {fact(t('ui.stock.orderedBy'), doc.unitName)}
            {fact(t('ui.stock.supplier'), doc.supplierName)}
            {fact(t('unit.authorizerId'), doc.authorizerName)}
            {fact(t('stockorder.state'), t(`orderState.${doc.state}`))}
            {fact(t('stockorder.authorizedDate'), doc.authorizedDate && dateText(doc.authorizedDate))}
            {fact(t('stockorder.sentDate'), doc.sentDate && dateText(doc.sentDate))}
            {fact(t('stockorder.receivedDate'), doc.receivedDate && dateText(doc.receivedDate))}
            {fact(t('stockorder.cancelledDate'), doc.cancelledDate && dateText(doc.cancelledDate))}
          </tbody>
        </table>
      </section>
      <section data-testid="order-requisition">
        <h2>{t('ui.orderDocument.requisition')}</h2>
        <table>
          <thead>
            <tr>
              <th>№</th>
              <th>{t('stock.medicine')}</th>
              <th>{t('ui.orderDocument.ordered')}</th>
            </tr>
          </thead>
          <tbody>
            {doc.items.map((item, i) => (
              <tr key={i} data-testid="order-document-item">
                <td>{i + 1}</td>
                <td>{item.productName}</td>
                <td className="tb-number">{item.quantity}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <Signatures testId="order-requisition-sign" roles={[t('ui.orderDocument.orderedBy'), t('ui.orderDocument.authorizedBy')]} />
      </section>
      {sent && (
        <section data-testid="order-delivery">
          <h2>{t('ui.orderDocument.delivery')}</h2>
          <table>
            <thead>
              <tr>
                <th>№</th>
                <th>{t('stock.medicine')}</th>
                <th>{t('stock.batchNumber')}</th>
                <th>{t('stock.manufacturer')}</th>
                <th>{t('stock.expiryDate')}</th>
                <th>{t('ui.orderDocument.source')}</th>
                <th>{t('ui.orderDocument.shipped')}</th>
              </tr>
            </thead>
            <tbody>
              {doc.shipped.map((b, i) => (
                <tr key={i} data-testid="order-document-shipped">
                  <td>{i + 1}</td>
                  <td>{b.productName}</td>
                  <td>{b.batchNumber}</td>
                  <td>{b.manufacturer}</td>
                  <td>{dateText(b.expiryDate)}</td>
                  <td>{b.sourceName}</td>
                  <td className="tb-number">{b.quantity}</td>
                </tr>
              ))}
              <tr data-testid="order-document-shipped-total">
                <td colSpan={6}>{t('ui.orderDocument.total')}</td>
                <td className="tb-number">{doc.shipped.reduce((a, b) => a + b.quantity, 0)}</td>
              </tr>
            </tbody>
          </table>
          <Signatures testId="order-delivery-sign" roles={[t('ui.orderDocument.handedBy'), t('ui.orderDocument.receivedBy')]} />
        </section>
      )}
    </div>
  );
}
