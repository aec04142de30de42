/**
 * REP_MOVEMENTS 'Движение препаратов', in the reports hub: the units moved (+ in, − out) in a
 * period by the stock report variables chosen (medicine, movement type, month, unit, source), as a case
 * report's indicator table — the 'Итог' of a row is its net change. `POST /api/stock/report/movements`.
 */
import { api } from '../../api/index.ts';
import type { IndicatorData } from '../../reports/api.ts';
import { IndicatorTable } from '../../reports/IndicatorTable.tsx';
import { todayHere } from '../../i18n/dates.ts';
import { StockReportForm } from './StockReportForm.tsx';

export default function StockMovementsReport() {
  const today = todayHere();
  return (
    <StockReportForm
      form="stock_report_movements"
      values={{ scope: 'WORKSPACE', iniDate: `${today.slice(0, 7)}-01`, endDate: today, rowVariables: ['medicine'], columnVariables: ['movementType'] }}
      run={(doc) => api.post<{ indicator: IndicatorData }>('/api/stock/report/movements', doc)}
      render={(r) => <IndicatorTable data={r.indicator} />}
    />
  );
}
