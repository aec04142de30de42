/**
 * A unit's stock count (inventory): every batch the unit holds, by medicine and expiry, with
 * what the ledger says and a field for what is on the shelf (started at the ledger's figure), the
 * difference beside it; saved as `POST /api/tbl/stockcount` (the server recomputes each line and adjusts
 * the batches that differ on the count's date). The server's refusals show above the table, a line's
 * beside its field.
 *
 * @example <StockCountDialog unitId={id} medicines={stock.medicines} onClose={close} onSaved={reload} />
 */
import { useState } from 'react';
import { Alert, Button, DatePicker, InputNumber, Modal, Space, Table, Typography } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { MedicineStock } from '../../stock/batches.ts';
import { errorsOf, tableApi, type FieldError } from '../api/index.ts';
import { dateText, datePatterns, todayHere } from '../i18n/dates.ts';

interface Line {
  batchId: string;
  productName: string;
  batchNumber: string;
  expiryDate: string;
  onHand: number;
}

export function StockCountDialog({ unitId, medicines, onClose, onSaved }: { unitId: string; medicines: MedicineStock[]; onClose: () => void; onSaved: () => void }) {
  const { t } = useTranslation();
  const lines: Line[] = medicines.flatMap((m) => m.batches.map((b) => ({ batchId: b.id, productName: m.productName, batchNumber: b.batchNumber, expiryDate: b.expiryDate, onHand: b.quantity })));
  const [date, setDate] = useState(todayHere());
  const [counted, setCounted] = useState<Record<string, number | null>>(Object.fromEntries(lines.map((l) => [l.batchId, l.onHand])));
  const [errors, setErrors] = useState<FieldError[]>([]);
  const [saving, setSaving] = useState(false);
  const rowError = (i: number) => errors.find((e) => e.field?.startsWith(`items.${i}.`))?.msg;
  const general = errors.filter((e) => !e.field?.startsWith('items.'));

  const save = async () => {
    setSaving(true);
    try {
      await tableApi.create('stockcount', { unitId, date, items: lines.map((l) => ({ batchId: l.batchId, counted: counted[l.batchId] })) });
      onSaved();
    } catch (e) {
      setErrors(errorsOf(e));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal open title={t('stockcount.title')} footer={null} onCancel={onClose} width={900} destroyOnHidden mask={{ closable: false }}>
      <div data-testid="stock-count">
        <Space style={{ marginBottom: 12 }}>
          <Typography.Text>{t('stockcount.date')}</Typography.Text>
          <DatePicker
            id="stock-count-date"
            format={datePatterns()}
            value={dayjs(date)}
            allowClear={false}
            disabledDate={(d) => d.format('YYYY-MM-DD') > todayHere()}
            onChange={(d) => d && setDate(d.format('YYYY-MM-DD'))}
          />
        </Space>
        {general.length > 0 && <Alert data-testid="stock-count-errors" type="error" showIcon style={{ marginBottom: 12 }} title={general.map((e) => e.msg).join('; ')} />}
        <Table<Line>
          size="small"
          pagination={false}
          rowKey="batchId"
          dataSource={lines}
          onRow={(l) => ({ 'data-testid': `stock-count-${l.batchNumber}` }) as any}
          columns={[
            { key: 'medicine', title: t('stock.medicine'), dataIndex: 'productName' },
            { key: 'batch', title: t('stock.batchNumber'), dataIndex: 'batchNumber' },
            { key: 'expiry', title: t('stock.expiryDate'), render: (_: unknown, l) => dateText(l.expiryDate) },
            { key: 'onHand', title: t('stockcount.onHand'), dataIndex: 'onHand', align: 'right' },
            {
              key: 'counted',
              title: t('stockcount.counted'),
              render: (_: unknown, l, i) => (
                <div>
                  <InputNumber
                    aria-label={`${t('stockcount.counted')}: ${l.batchNumber}`}
                    data-testid={`stock-count-input-${l.batchNumber}`}
                    min={0}
                    precision={0}
                    value={counted[l.batchId]}
                    status={rowError(i) ? 'error' : undefined}
                    onChange={(v) => setCounted((c) => ({ ...c, [l.batchId]: v }))}
                  />
                  {rowError(i) && <div className="ant-form-item-explain-error">{rowError(i)}</div>}
                </div>
              ),
            },
            {
              key: 'difference',
              title: t('stockcount.difference'),
              align: 'right',
              render: (_: unknown, l) => {
                const d = (counted[l.batchId] ?? 0) - l.onHand;
                return <span data-testid={`stock-count-difference-${l.batchNumber}`}>{d > 0 ? `+${d}` : d}</span>;
              },
            },
          ]}
        />
        <Space style={{ marginTop: 12, justifyContent: 'flex-end', width: '100%' }}>
          <Button onClick={onClose}>{t('ui.common.cancel')}</Button>
          <Button type="primary" data-testid="stock-count-save" loading={saving} onClick={save}>
            {t('ui.common.save')}
          </Button>
        </Space>
      </div>
    </Modal>
  );
}
