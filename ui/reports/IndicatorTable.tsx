/**
 * An indicator's table (seed 000 §3 Indicator data): a column per row variable, a column per key
 * combination of the column variables, the 'Итог' column, and the 'Итог' row. A number above zero
 * is a button naming its cell (`onCell`: the drill-through to its cases); a side left out of the
 * cell is that side's 'Итог'. Reusable wherever an indicator is shown (reports, dashboards, forms).
 */
import { Button, Table } from 'antd';
import type { IndicatorData } from './api.ts';
import { headerName, type CellRef } from './chartSeries.ts';

interface Line {
  key: string;
  /** The row's index; undefined for the 'Итог' row. */
  row?: number;
  labels: string[];
  values: number[];
  total: number;
}

export interface IndicatorTableProps {
  data: IndicatorData;
  onCell?: (cell: CellRef) => void;
}

export function IndicatorTable({ data, onCell }: IndicatorTableProps) {
  const lines: Line[] = [
    ...data.rows.map((h, i) => ({ key: `r${i}`, row: i, labels: h.labels, values: data.values[i], total: data.rowTotals[i] })),
    { key: 'total', labels: data.rowVariables.map((_, i) => (i === 0 ? data.totalLabel : '')), values: data.columnTotals, total: data.total },
  ];
  const number = (n: number, cell: CellRef) => {
    const attrs = { 'data-testid': 'indicator-cell', 'data-row': cell.row ?? 'total', 'data-column': cell.column ?? 'total', 'data-value': n };
    return onCell && n > 0 ? (
      <Button type="link" size="small" style={{ padding: 0, height: 'auto' }} onClick={() => onCell(cell)} {...attrs}>
        {n}
      </Button>
    ) : (
      <span {...attrs}>{n}</span>
    );
  };
  const columns = [
    ...data.rowVariables.map((v, i) => ({
      key: `v${i}`,
      title: v.name,
      render: (l: Line) => (l.row === undefined ? <strong>{l.labels[i]}</strong> : l.labels[i]),
    })),
    ...data.columns.map((h, c) => ({ key: `c${c}`, title: headerName(h), align: 'right' as const, render: (l: Line) => number(l.values[c], { row: l.row, column: c }) })),
    { key: 'total', title: data.totalLabel, align: 'right' as const, render: (l: Line) => <strong>{number(l.total, { row: l.row })}</strong> },
  ];
  return (
    <Table<Line>
      data-testid="indicator-table"
      size="small"
      bordered
      pagination={false}
      scroll={{ x: 'max-content' }}
      rowKey="key"
      dataSource={lines}
      columns={columns}
      onRow={(l) => ({ 'data-testid': l.row === undefined ? 'indicator-total-row' : 'indicator-row' }) as never}
    />
  );
}
