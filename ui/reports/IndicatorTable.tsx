/**
 * An indicator's table: a column per row variable, a column per key
 * combination of the column variables, the 'Итог' column, and the 'Итог' row. A number above zero
 * is a button naming its cell (`onCell`: the drill-through to its cases); a side left out of the
 * cell is that side's 'Итог'. Reusable wherever an indicator is shown (reports, dashboards, forms).
 * The rate per 100,000 population under each number when the data carries `rates`
 * ('—' where the area's population of the year is not known), and the treatment success share
 * beside the outcome counts (`success`): a last column of each row's share, or a last row of each
 * column's.
 */
import { Button, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import type { IndicatorData } from './api.ts';
import { headerName, type CellRef } from './chartSeries.ts';

interface Line {
  key: string;
  /** The row's index; undefined for the 'Итог' row and the success row. */
  row?: number;
  /** The success row: shares in per cent, not counts. */
  success?: boolean;
  labels: string[];
  values: (number | null)[];
  total: number | null;
  /** Rates per 100,000 of the values and of the total. */
  rates?: (number | null)[];
  rate?: number | null;
}

export interface IndicatorTableProps {
  data: IndicatorData;
  onCell?: (cell: CellRef) => void;
}

export function IndicatorTable({ data, onCell }: IndicatorTableProps) {
  const { i18n } = useTranslation();
  const decimal = (n: number | null | undefined) => (n == null ? '—' : n.toLocaleString(i18n.language, { maximumFractionDigits: 1 }));
  const { rates, success } = data;
  const pad = (first: string) => data.rowVariables.map((_, i) => (i === 0 ? first : ''));
  const lines: Line[] = [
    ...data.rows.map((h, i) => ({ key: `r${i}`, row: i, labels: h.labels, values: data.values[i], total: data.rowTotals[i], rates: rates?.values[i], rate: rates?.rowTotals[i] })),
    { key: 'total', labels: pad(data.totalLabel), values: data.columnTotals, total: data.total, rates: rates?.columnTotals, rate: rates?.total },
    ...(success?.side === 'row' ? [{ key: 'success', success: true, labels: pad(success.label), values: success.rates, total: success.total }] : []),
  ];
  /** A count (a button opening its cases), its rate under it when asked; or a share of the success row. */
  const number = (l: Line, n: number | null, rate: number | null | undefined, cell: CellRef) => {
    if (l.success) return <span data-testid="indicator-success" data-column={cell.column ?? 'total'} data-value={n ?? ''}>{decimal(n)}</span>;
    const attrs = { 'data-testid': 'indicator-cell', 'data-row': cell.row ?? 'total', 'data-column': cell.column ?? 'total', 'data-value': n ?? 0 };
    const count = onCell && n ? (
      <Button type="link" size="small" style={{ padding: 0, height: 'auto' }} onClick={() => onCell(cell)} {...attrs}>
        {n}
      </Button>
    ) : (
      <span {...attrs}>{n}</span>
    );
    if (!rates) return count;
    return (
      <>
        {count}
        <div data-testid="indicator-rate" data-row={cell.row ?? 'total'} data-column={cell.column ?? 'total'} data-value={rate ?? ''} title={rates.label} style={{ fontSize: 12, color: '#595959' }}>
          {decimal(rate)}
        </div>
      </>
    );
  };
  const columns = [
    ...data.rowVariables.map((v, i) => ({
      key: `v${i}`,
      title: v.name,
      render: (l: Line) => (l.row === undefined ? <strong>{l.labels[i]}</strong> : l.labels[i]),
    })),
    ...data.columns.map((h, c) => ({ key: `c${c}`, title: headerName(h), align: 'right' as const, render: (l: Line) => number(l, l.values[c], l.rates?.[c], { row: l.row, column: c }) })),
    { key: 'total', title: data.totalLabel, align: 'right' as const, render: (l: Line) => <strong>{number(l, l.total, l.rate, { row: l.row })}</strong> },
    ...(success?.side === 'column'
      ? [{
          key: 'success',
          title: success.label,
          align: 'right' as const,
          render: (l: Line) => {
            const n = l.row === undefined ? success.total : success.rates[l.row];
            return <span data-testid="indicator-success" data-row={l.row ?? 'total'} data-value={n ?? ''}>{decimal(n)}</span>;
          },
        }]
      : []),
  ];
  return (
    <Table<Line>
      data-testid="indicator-table"
      size="small"
      bordered
      pagination={false}
      rowKey="key"
      dataSource={lines}
      columns={columns}
      onRow={(l) => ({ 'data-testid': l.success ? 'indicator-success-row' : l.row === undefined ? 'indicator-total-row' : 'indicator-row' }) as never}
    />
  );
}
