/**
 * REP_ORDER_LEADTIME 'Сроки выполнения заказов', in the reports hub: the orders received in a
 * period with the days each step took (placed → authorised → sent → received) and their averages in
 * the last row. `POST /api/stock/report/leadtime`.
 */
import { Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/index.ts';
import { dateText, todayHere } from '../../i18n/dates.ts';
import type { LeadtimeOrder, LeadtimeReport } from '../../../stock/report/leadtime.ts';
import { StockReportForm } from './StockReportForm.tsx';

export default function OrderLeadtimeReport() {
  const { t } = useTranslation();
  const today = todayHere();
  const days = (k: keyof LeadtimeOrder['days']) => ({ key: k, title: t(`stockReport.${k}Days`), align: 'right' as const, render: (_: unknown, o: LeadtimeOrder) => o.days[k] });
  return (
    <StockReportForm
      form="stock_report_leadtime"
      values={{ scope: 'WORKSPACE', iniDate: `${today.slice(0, 4)}-01-01`, endDate: today }}
      run={(doc) => api.post<LeadtimeReport>('/api/stock/report/leadtime', doc)}
      render={(r) => (
        <Table
          size="small"
          pagination={false}
          rowKey="id"
          dataSource={r.orders}
          onRow={(o) => ({ 'data-testid': `leadtime-order-${o.id}` }) as any}
          columns={[
            { key: 'date', title: t('stockReport.ordered'), render: (_: unknown, o) => dateText(o.date) },
            { key: 'unit', title: t('ui.stock.orderedBy'), dataIndex: 'unitName' },
            { key: 'supplier', title: t('ui.stock.supplier'), dataIndex: 'supplierName' },
            { key: 'received', title: t('stockorder.receivedDate'), render: (_: unknown, o) => dateText(o.receivedDate) },
            days('authorize'),
            days('send'),
            days('receive'),
            days('total'),
          ]}
          summary={() =>
            r.average && (
              <Table.Summary.Row data-testid="leadtime-average">
                <Table.Summary.Cell index={0} colSpan={4}>{t('stockReport.average')} ({r.count})</Table.Summary.Cell>
                {(['authorize', 'send', 'receive', 'total'] as const).map((k, i) => (
                  <Table.Summary.Cell key={k} index={4 + i} align="right">{r.average![k]}</Table.Summary.Cell>
                ))}
              </Table.Summary.Row>
            )
          }
        />
      )}
    />
  );
}
