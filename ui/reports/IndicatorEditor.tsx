/**
 * One indicator in the report editor: its title, size (1–12, default 6),
 * chart type (default pie), the series it charts (the whole table, or one row or column of it:
 * `selection`), display mode (All / Chart only / Table only), its own filters, its
 * column and row variables, 'Обновить' (this indicator alone) and remove; its computed card below.
 * A trend (the row variables over the last eight quarters of a date declared by quarter:
 * no column variables, drawn as a line) and the rate per 100,000 population beside the numbers.
 */
import { Button, Card, Checkbox, Flex, InputNumber, Select, Typography } from 'antd';
import { HeldTextInput } from '../generic/HeldTextInput.tsx';
import { DeleteOutlined, ReloadOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { CHARTS, type ComputedIndicator, type DisplayMode, type IndicatorSchema, type ReportInit } from './api.ts';
import { headerName, type CellRef } from './chartSeries.ts';
import { FiltersEditor } from './FiltersEditor.tsx';
import { IndicatorCard } from './IndicatorCard.tsx';
import { VariableList } from './VariableList.tsx';

export const NEW_INDICATOR: IndicatorSchema = { title: '', size: 6, chart: 'pie', display: 0, filters: {}, columnVariables: [], rowVariables: [] };

export interface IndicatorEditorProps {
  index: number;
  init: ReportInit;
  value: ComputedIndicator;
  refreshing: boolean;
  onChange: (s: IndicatorSchema) => void;
  onRefresh: () => void;
  onRemove: () => void;
  onCell: (cell: CellRef) => void;
}

/** A labelled field of the editor (the label names the control for assistive technology). */
function Field({ id, label, children }: { id: string; label: string; children: React.ReactNode }) {
  return (
    <Flex vertical gap={2}>
      <label htmlFor={id}>
        <Typography.Text type="secondary">{label}</Typography.Text>
      </label>
      {children}
    </Flex>
  );
}

export function IndicatorEditor({ index, init, value, refreshing, onChange, onRefresh, onRemove, onCell }: IndicatorEditorProps) {
  const { t } = useTranslation();
  const s = value.schema;
  const set = (patch: Partial<IndicatorSchema>) => onChange({ ...s, ...patch });
  const id = (f: string) => `ind${index}-${f}`;
  // the chart may show one row or one column of the table (`selection`, `selIndex`)
  const series = [
    { value: '', label: t('ui.reports.seriesAll') },
    ...(value.data?.rows ?? []).map((h, i) => ({ value: `row:${i}`, label: `${t('ui.reports.seriesRow')}: ${headerName(h)}` })),
    ...(value.data?.columns ?? []).map((h, i) => ({ value: `column:${i}`, label: `${t('ui.reports.seriesColumn')}: ${headerName(h)}` })),
  ];
  // the dates a trend may run along: those declared with a variable by quarter (`<date>.quarter`)
  const trendDates = init.variables.flatMap((g) => g.variables).filter((v) => v.id.endsWith('.quarter')).map((v) => ({ value: v.id.slice(0, -'.quarter'.length), label: v.name }));
  const chosen = s.selection ? `${s.selection}:${s.selIndex ?? 0}` : '';
  if (!series.some((o) => o.value === chosen)) series.push({ value: chosen, label: `${t(s.selection === 'row' ? 'ui.reports.seriesRow' : 'ui.reports.seriesColumn')} ${(s.selIndex ?? 0) + 1}` });
  return (
    <Card
      size="small"
      data-testid="indicator-editor"
      data-index={index}
      title={s.title?.trim() || `${t('ui.reports.indicator')} ${index + 1}`}
      extra={
        <Flex gap={4}>
          <Button size="small" icon={<ReloadOutlined />} loading={refreshing} data-testid="indicator-refresh" onClick={onRefresh}>
            {t('ui.reports.refresh')}
          </Button>
          <Button size="small" danger icon={<DeleteOutlined />} aria-label={t('ui.reports.removeIndicator')} data-testid="indicator-remove" onClick={onRemove} />
        </Flex>
      }
    >
      <Flex vertical gap={10}>
        <Flex gap={12} wrap>
          <Field id={id('title')} label={t('ui.reports.indicatorTitle')}>
            <HeldTextInput id={id('title')} data-testid="indicator-title-input" maxLength={200} style={{ minWidth: 280 }} value={s.title ?? ''} onChange={(title) => set({ title })} />
          </Field>
          <Field id={id('size')} label={t('ui.reports.size')}>
            <InputNumber id={id('size')} data-testid="indicator-size" min={1} max={12} precision={0} controls={false} value={s.size} onChange={(v) => set({ size: Math.min(12, Math.max(1, Number(v) || 6)) })} />
          </Field>
          <Field id={id('chart')} label={t('ui.reports.chart')}>
            <Select id={id('chart')} data-testid="indicator-chart-type" style={{ minWidth: 200 }} value={s.chart} options={CHARTS.map((c) => ({ value: c, label: t(`ui.reports.charts.${c}`) }))} onChange={(chart) => set({ chart })} />
          </Field>
          <Field id={id('series')} label={t('ui.reports.series')}>
            <Select
              id={id('series')}
              data-testid="indicator-series"
              style={{ minWidth: 200 }}
              value={chosen}
              options={series}
              onChange={(v: string) => {
                const [selection, i] = v.split(':');
                set(v ? { selection: selection as 'row' | 'column', selIndex: Number(i) } : { selection: undefined, selIndex: undefined });
              }}
            />
          </Field>
          <Field id={id('display')} label={t('ui.reports.display')}>
            <Select id={id('display')} data-testid="indicator-display" style={{ minWidth: 180 }} value={s.display} options={([0, 1, 2] as DisplayMode[]).map((d) => ({ value: d, label: t(`ui.reports.displays.${d}`) }))} onChange={(display) => set({ display })} />
          </Field>
          <Field id={id('trend')} label={t('ui.reports.trend')}>
            <Select
              id={id('trend')}
              data-testid="indicator-trend"
              style={{ minWidth: 240 }}
              value={s.trend ?? ''}
              options={[{ value: '', label: t('ui.reports.noTrend') }, ...trendDates]}
              // a trend is a line over the quarters: a pie is no way to draw it
              onChange={(v: string) => set(v ? { trend: v, rate: undefined, chart: s.chart === 'pie' ? 'line' : s.chart, selection: undefined, selIndex: undefined } : { trend: undefined })}
            />
          </Field>
        </Flex>
        {s.trend ? null : (
          <Checkbox data-testid="indicator-rate" checked={!!s.rate} onChange={(e) => set({ rate: e.target.checked || undefined })}>
            {t('ui.reports.rate')}
          </Checkbox>
        )}
        <Typography.Text type="secondary">{t('ui.reports.ownFilters')}</Typography.Text>
        <FiltersEditor init={init} value={s.filters ?? {}} onChange={(filters) => set({ filters })} testId="indicator-filters" idPrefix={id('')} />
        {s.trend ? (
          <Typography.Text type="secondary" data-testid="indicator-trend-hint">{t('ui.reports.trendHint')}</Typography.Text>
        ) : (
          <>
            <Typography.Text type="secondary">{t('ui.reports.columnVariables')}</Typography.Text>
            <VariableList init={init} side="columns" label={t('ui.reports.columnVariables')} value={s.columnVariables} onChange={(columnVariables) => set({ columnVariables })} />
          </>
        )}
        <Typography.Text type="secondary">{t('ui.reports.rowVariables')}</Typography.Text>
        <VariableList init={init} side="rows" label={t('ui.reports.rowVariables')} value={s.rowVariables} onChange={(rowVariables) => set({ rowVariables })} />
        {value.data || value.errors || refreshing ? <IndicatorCard indicator={value} refreshing={refreshing} onCell={onCell} /> : null}
      </Flex>
    </Card>
  );
}
