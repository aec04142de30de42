/**
 * The case page's 'Выдача препаратов' card: per prescribed medicine the units taken by
 * the recorded intake, dispensed and still due, and the case's dispensings, newest first; 'Выдать
 * препараты' (DISP_PAC) opens the dispensing's declared form (`schemas/forms/stock_casedispense.json`: the
 * unit, the date, and the medicines with their quantities — started with what is due today, which the
 * user changes, removes or adds to) and dispenses each as far as the unit's stock goes, first expiry
 * first out; a medicine not given in full is named in a warning above the tables. Drawn only for
 * holders of INVENTORY, once the case has a dispensing or a dose due.
 */
import { useState } from 'react';
import { Alert, Button, Card, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { api } from '../api/index.ts';
import { ActionFormDialog } from '../cases/workflow/ActionFormDialog.tsx';
import { hasPermission, useSession } from '../session/index.ts';
import { useData } from '../generic/data/useData.ts';
import { dateText, todayHere } from '../i18n/dates.ts';
import { stockViewApi, type CaseDispensed } from './api.ts';

export function CaseDispensingsCard({ caseId, unitId, version }: { caseId: string; unitId: string; version: number }) {
  const session = useSession();
  return hasPermission(session, 'INVENTORY') ? <Dispensings caseId={caseId} unitId={unitId} version={version} /> : null;
}

function Dispensings({ caseId, unitId, version }: { caseId: string; unitId: string; version: number }) {
  const { t } = useTranslation();
  const session = useSession();
  const [dispensing, setDispensing] = useState(false);
  const [done, setDone] = useState(0);
  const [notGiven, setNotGiven] = useState<CaseDispensed['notGiven']>([]);
  const { data } = useData(() => stockViewApi.ofCase(caseId), [caseId, version, done]);
  if (!data || (!data.dispensings.length && !data.due.some((d) => d.due > 0))) return null;
  const today = todayHere();
  return (
    <Card
      title={t('ui.stock.caseTitle')}
      data-testid="case-dispensings"
      size="small"
      style={{ marginBottom: 16 }}
      extra={hasPermission(session, 'DISP_PAC') && <Button size="small" data-testid="case-dispense" onClick={() => setDispensing(true)}>{t('ui.stock.dispense')}</Button>}
    >
      {notGiven.length > 0 && (
        <Alert
          data-testid="case-not-given"
          type="warning"
          showIcon
          closable
          style={{ marginBottom: 12 }}
          title={t('ui.stock.notGivenTitle')}
          description={notGiven.map((n) => <div key={n.productId}>{n.msg}</div>)}
          onClose={() => setNotGiven([])}
        />
      )}
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
      <ActionFormDialog
        open={dispensing}
        form="stock_casedispense"
        testId="case-dispense-dialog"
        title={t('ui.stock.dispenseTitle')}
        values={{ unitId, date: today, items: data.due.filter((d) => d.due > 0).map((d) => ({ productId: d.productId, quantity: d.due })) }}
        omit={['to']}
        save={async (doc) => setNotGiven((await api.post<CaseDispensed>(`/api/stock/case/${encodeURIComponent(caseId)}/dispense`, doc)).notGiven)}
        onClose={() => setDispensing(false)}
        onDone={() => {
          setDispensing(false);
          setDone((n) => n + 1);
        }}
      />
    </Card>
  );
}
