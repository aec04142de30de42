/**
 * WHO's TB indicators of a place (the DAK's TB.IND.1–51) — the 'Индикаторы ВОЗ' tab of the
 * workspace, an area and a unit: a year and the whole of it or a quarter (`?year=&quarter=`), then
 * every declared indicator by the DAK's process (screening, diagnosis, treatment, TPT) as numerator /
 * denominator / % (a rate per population: the number, the place's population and the rate, or what
 * is missing for it), each number opening its rows ({@link RowsDialog}), the rows left out with why, a
 * breakdown by each disaggregation the indicator declares, and the indicators the data cannot support
 * saying what is missing (never a zero); 'Экспорт в XLSX' writes them all, with their breakdowns.
 *
 * @example <WhoIndicators place={{ scope: 'UNIT', id }} placeName="Бишкекский городской ПТД" />
 */
import { useState } from 'react';
import { Alert, Button, Card, InputNumber, Select, Space, Table, Tag, Typography } from 'antd';
import { FileExcelOutlined } from '@ant-design/icons';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { WaitIcon } from '../generic/WaitIcon.tsx';
import { dateTimeText } from '../i18n/dates.ts';
import type { PlaceRef } from '../places/api.ts';
import { useData } from '../generic/data/useData.ts';
import { download } from '../reports/download.ts';
import { XLSX_TYPE, xlsxOf } from '../reports/exportXlsx.ts';
import { dakApi, type BreakdownRow, type IndicatorPeriod, type IndicatorResult, type Part } from './api.ts';
import { indicatorSheets } from './exportXlsx.ts';
import { RowsDialog } from './RowsDialog.tsx';
import { COLORS } from '../theme/colors.ts';

const PROCESSES = ['B', 'C', 'D', 'E'] as const;

interface Drill {
  code: string;
  subject: 'case' | 'contact';
  part: Part;
  reason?: string;
  title: string;
}

/** '75,0 %', or a dash without a denominator. */
const percentText = (p: number | null, lang: string) => (p === null ? '—' : `${p.toLocaleString(lang, { minimumFractionDigits: 1, maximumFractionDigits: 1 })} %`);
/** '1,3' of '1,3 на 100 000': a rate per population, one decimal. */
const rateValue = (value: number, lang: string) => value.toLocaleString(lang, { minimumFractionDigits: 1, maximumFractionDigits: 1 });

export function WhoIndicators({ place, placeName }: { place: PlaceRef; placeName: string }) {
  const { t, i18n } = useTranslation();
  const [params, setParams] = useSearchParams();
  const year = Number(params.get('year')) || new Date().getFullYear() - 1;
  const quarter = [1, 2, 3, 4].includes(Number(params.get('quarter'))) ? Number(params.get('quarter')) : undefined;
  const period: IndicatorPeriod = { year, quarter };
  const [drill, setDrill] = useState<Drill | null>(null);
  const [exporting, setExporting] = useState(false);
  const { data, error } = useData((signal) => dakApi.list(place, period, signal), [place.scope, place.id, year, quarter]);
  const setPeriod = (p: { year?: number; quarter?: number | null }) => {
    const next = new URLSearchParams(params);
    if (p.year) next.set('year', String(p.year));
    if (p.quarter === null) next.delete('quarter');
    else if (p.quarter) next.set('quarter', String(p.quarter));
    setParams(next, { replace: true });
  };
  const exportAll = async () => {
    if (!data) return;
    setExporting(true);
    try {
      const sheets = await indicatorSheets(data.indicators, { place: placeName, period, made: dateTimeText(Date.now(), false), breakdowns: (dim) => dakApi.breakdowns(place, period, dim) }, t);
      download(new Blob([await xlsxOf(sheets)], { type: XLSX_TYPE }), `indicators-${year}${quarter ? `-q${quarter}` : ''}.xlsx`);
    } finally {
      setExporting(false);
    }
  };
  const number = (r: IndicatorResult, part: Part, value: number | null, label: string | null) =>
    value === null ? (
      '—'
    ) : (
      <Typography.Link data-testid={`dak-${part}`} onClick={() => setDrill({ code: r.code, subject: r.subject, part, title: `${r.code}: ${label ?? ''}` })}>
        {value.toLocaleString(i18n.language)}
      </Typography.Link>
    );

  const columns = [
    { key: 'code', title: t('ui.dak.code'), width: 110, render: (_: unknown, r: IndicatorResult) => <Typography.Text code>{r.code}</Typography.Text> },
    {
      key: 'name',
      title: t('ui.dak.indicator'),
      render: (_: unknown, r: IndicatorResult) => (
        <div>
          <div>{r.name}</div>
          {r.unsupported ? <Typography.Text style={{ color: COLORS.orange }} data-testid="dak-unsupported">{t('ui.dak.noData')}: {r.unsupported}</Typography.Text> : null}
          {r.needs ? <Typography.Text type="secondary" data-testid="dak-needs">{t('ui.dak.needs', { name: r.needs })}</Typography.Text> : null}
          {r.note ? <div><Typography.Text type="secondary" style={{ fontSize: 12 }}>{r.note}</Typography.Text></div> : null}
        </div>
      ),
    },
    { key: 'num', title: t('ui.dak.numerator'), align: 'right' as const, render: (_: unknown, r: IndicatorResult) => number(r, 'numerator', r.numerator, r.numeratorLabel) },
    {
      key: 'den',
      title: t('ui.dak.denominator'),
      align: 'right' as const,
      render: (_: unknown, r: IndicatorResult) =>
        r.rate ? (
          <span data-testid="dak-population" title={t('ui.dak.population')}>{r.rate.population === null ? '—' : `${t('ui.dak.population')}: ${r.rate.population.toLocaleString(i18n.language)}`}</span>
        ) : r.count ? '—' : number(r, 'denominator', r.denominator, r.denominatorLabel),
    },
    {
      key: 'pct',
      title: '%',
      align: 'right' as const,
      render: (_: unknown, r: IndicatorResult) =>
        r.rate ? (
          r.rate.value === null ? (
            <Typography.Text style={{ color: COLORS.orange }} data-testid="dak-rate-missing">{r.rate.missing}</Typography.Text>
          ) : (
            <span data-testid="dak-rate">{t('ui.dak.rate', { value: rateValue(r.rate.value, i18n.language), per: r.rate.per.toLocaleString(i18n.language) })}</span>
          )
        ) : (
          <span data-testid="dak-percent">{percentText(r.percent, i18n.language)}</span>
        ),
    },
    {
      key: 'excluded',
      title: t('ui.dak.excluded'),
      render: (_: unknown, r: IndicatorResult) =>
        r.excluded ? (
          <Space direction="vertical" size={0}>
            {r.reasons.filter((x) => x.count).map((x) => (
              <Typography.Link key={x.id} data-testid="dak-excluded" onClick={() => setDrill({ code: r.code, subject: r.subject, part: 'excluded', reason: x.id, title: `${r.code}: ${x.label}` })}>
                {x.label}: {x.count}
              </Typography.Link>
            ))}
          </Space>
        ) : null,
    },
  ];

  return (
    <div data-testid="who-indicators">
      <Space wrap style={{ marginBottom: 12 }}>
        <span>{t('ui.who.year')}</span>
        <InputNumber data-testid="dak-year" min={1990} max={2200} value={year} onChange={(v) => v && setPeriod({ year: v })} aria-label={t('ui.who.year')} />
        <Select
          data-testid="dak-quarter"
          aria-label={t('ui.who.quarter')}
          value={quarter ?? 0}
          style={{ width: 140 }}
          onChange={(v) => setPeriod({ quarter: v || null })}
          options={[{ value: 0, label: t('ui.dak.wholeYear') }, ...[1, 2, 3, 4].map((q) => ({ value: q, label: t('ui.who.quarterN', { quarter: q }) }))]}
        />
        <Button data-testid="dak-xlsx" icon={<FileExcelOutlined />} disabled={!data} loading={exporting} onClick={() => void exportAll()}>
          {t('ui.who.export')}
        </Button>
      </Space>
      {error ? <Alert data-testid="alert-error" type="error" showIcon title={error} /> : null}
      {!data && !error ? <WaitIcon /> : null}
      {data
        ? PROCESSES.map((p) => (
            <Card key={p} size="small" title={t(`ui.dak.process.${p}`)} style={{ marginBottom: 12 }} data-testid={`dak-process-${p}`}>
              <Table<IndicatorResult>
                size="small"
                rowKey="code"
                pagination={false}
                dataSource={data.indicators.filter((r) => r.process === p)}
                columns={columns}
                onRow={(r) => ({ 'data-testid': 'dak-row', 'data-code': r.code }) as any}
                expandable={{
                  rowExpandable: (r) => !r.unsupported && !r.needs && r.disaggregate.length > 0,
                  expandedRowRender: (r) => <Breakdowns place={place} period={period} result={r} />,
                }}
              />
            </Card>
          ))
        : null}
      {drill ? <RowsDialog place={place} period={period} {...drill} onClose={() => setDrill(null)} /> : null}
    </div>
  );
}

/** An indicator's numbers by one of its disaggregations, chosen. */
function Breakdowns({ place, period, result }: { place: PlaceRef; period: IndicatorPeriod; result: IndicatorResult }) {
  const { t, i18n } = useTranslation();
  const [dim, setDim] = useState(result.disaggregate[0]);
  const { data, error } = useData((signal) => dakApi.breakdown(place, period, result.code, dim, signal), [result.code, dim, period.year, period.quarter]);
  return (
    <div data-testid="dak-breakdown" data-code={result.code}>
      <Space wrap style={{ marginBottom: 8 }}>
        {result.disaggregate.map((d) => (
          <Tag.CheckableTag key={d} checked={d === dim} onChange={() => setDim(d)} data-testid={`dak-dim-${d}`}>
            {t(`ui.dak.dim.${d}`)}
          </Tag.CheckableTag>
        ))}
      </Space>
      {error ? <Alert type="error" showIcon title={error} /> : null}
      <Table<BreakdownRow>
        size="small"
        rowKey={(r) => String(r.key)}
        loading={!data && !error}
        pagination={false}
        dataSource={data ?? []}
        columns={[
          { key: 'label', title: t(`ui.dak.dim.${dim}`), dataIndex: 'label' },
          { key: 'num', title: t('ui.dak.numerator'), align: 'right', render: (_: unknown, r: BreakdownRow) => r.numerator },
          { key: 'den', title: t('ui.dak.denominator'), align: 'right', render: (_: unknown, r: BreakdownRow) => r.denominator ?? '—' },
          { key: 'pct', title: '%', align: 'right', render: (_: unknown, r: BreakdownRow) => percentText(r.percent, i18n.language) },
        ]}
        onRow={(r) => ({ 'data-testid': 'dak-breakdown-row', 'data-key': r.key ?? '' }) as any}
      />
    </div>
  );
}
