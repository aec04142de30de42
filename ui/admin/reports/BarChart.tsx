/** Horizontal bars drawn with plain CSS: one row per label, the bar's length relative to the largest value. */
import { Typography } from 'antd';
import { CHART_PALETTE } from '../../theme/chartPalette.ts';

export interface Bar {
  key: string;
  label: string;
  value: number;
}

export function BarChart({ bars, color = CHART_PALETTE[0], testId }: { bars: Bar[]; color?: string; testId?: string }) {
  const max = Math.max(1, ...bars.map((b) => b.value));
  return (
    <div role="list" data-testid={testId} style={{ display: 'grid', gridTemplateColumns: 'minmax(100px, 35%) 1fr max-content', gap: '4px 8px', alignItems: 'center', marginTop: 12 }}>
      {bars.map((b) => (
        <div key={b.key} role="listitem" data-key={b.key} style={{ display: 'contents' }}>
          <Typography.Text ellipsis title={b.label}>
            {b.label}
          </Typography.Text>
          <div style={{ height: 14 }}>
            <div style={{ width: `${(b.value / max) * 100}%`, minWidth: 2, height: '100%', background: color, borderRadius: 2 }} />
          </div>
          <Typography.Text type="secondary">{b.value}</Typography.Text>
        </div>
      ))}
    </div>
  );
}
