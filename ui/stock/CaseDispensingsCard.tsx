/**
 * The case page's 'Выдача препаратов' card (issue 25): per prescribed medicine the units taken by the
 * recorded intake, dispensed and still due, and the case's dispensings, newest first. Drawn only for
 * holders of INVENTORY, and only once the case has a dispensing.
 */
import { Card, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { hasPermission, useSession } from '../session/index.ts';
import { useRemote } from '../places/useRemote.ts';
import { dateText } from '../i18n/dates.ts';
import { stockViewApi } from './api.ts';

export function CaseDispensingsCard({ caseId, version }: { caseId: string; version: number }) {
  const session = useSession();
  return hasPermission(session, 'INVENTORY') ? <Dispensings caseId={caseId} version={version} /> : null;
}

function Dispensings({ caseId, version }: { caseId: string; version: number }) {
  const { t } = useTranslation();
  const { data } = useRemote(() => stockViewApi.ofCase(caseId), [caseId, version]);
  if (!data?.dispensings.length) return null;
  return (
    <Card title={t('ui.stock.caseTitle')} data-testid="case-dispensings" size="small" style={{ marginBottom: 16 }}>
      <Table
        size="small"
        pagination={false}
        rowKey="productId"
        dataSource={data.due}
        onRow={(r) => ({ 'data-testid': `case-due-${r.productId}` }) as any}
        columns={[
          { key: 'medicine', title: t('stock.medicine'), dataIndex: 'productName' },
          { key: 'taken', title: t('stock.taken'), dataIndex: 'taken', align: 'right' },
          { key: 'dispensed', title: t('stock.dispensed'), dataIndex: 'dispensed', align: 'right' },
          { key: 'due', title: t('stock.due'), dataIndex: 'due', align: 'right' },
        ]}
      />
      {data.dispensings.length > 0 && (
        <Table
          style={{ marginTop: 12 }}
          size="small"
          pagination={false}
          rowKey="id"
          dataSource={data.dispensings}
          onRow={(r) => ({ 'data-testid': `case-dispensing-${r.batchNumber}` }) as any}
          columns={[
            { key: 'date', title: t('stock.date'), render: (_: unknown, r) => dateText(r.date) },
            { key: 'medicine', title: t('stock.medicine'), dataIndex: 'productName' },
            { key: 'batch', title: t('stock.batchNumber'), dataIndex: 'batchNumber' },
            { key: 'unit', title: t('stock.unit'), dataIndex: 'unitName' },
            { key: 'quantity', title: t('stock.quantity'), dataIndex: 'quantity', align: 'right' },
          ]}
        />
      )}
    </Card>
  );
}
