/**
 * The WHO quarterly forms of a place: the 'Формы ВОЗ' tab of the workspace, an area and a
 * unit. A year and quarter picker (in the address: `?year=&quarter=`, default the last whole quarter),
 * then every declared form for the place — TB 07, TB 08, the DR-TB forms — each laid out for one A4
 * page when printed ('Печать': the browser's print), every number opening its cases; 'Экспорт в
 * XLSX' writes them as one workbook, each sheet saying what it counts, with the cases left out
 * (`exportXlsx.ts`).
 */
import { Alert, Button, InputNumber, Select, Space } from 'antd';
import { FileExcelOutlined, PrinterOutlined } from '@ant-design/icons';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { WaitIcon } from '../generic/WaitIcon.tsx';
import { dateTimeText } from '../i18n/dates.ts';
import type { PlaceRef } from '../places/api.ts';
import { useData } from '../generic/data/useData.ts';
import { whoApi, type Period } from './api.ts';
import { CellCasesDialog, type Cell } from './CellCasesDialog.tsx';
import { WhoFormCard } from './WhoFormCard.tsx';
import { lastQuarter } from './lastQuarter.ts';
import { whoFileName, whoSheets } from './exportXlsx.ts';
import { download } from '../reports/download.ts';
import { XLSX_TYPE, xlsxOf } from '../reports/exportXlsx.ts';
import '../print/a4.css';
import './print.css';

export function WhoForms({ place, placeName }: { place: PlaceRef; placeName: string }) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const fallback = lastQuarter();
  const year = Number(params.get('year')) || fallback.year;
  const quarter = [1, 2, 3, 4].includes(Number(params.get('quarter'))) ? Number(params.get('quarter')) : fallback.quarter;
  const period: Period = { year, quarter };
  const [cell, setCell] = useState<Cell | null>(null);
  const { data, error } = useData(async (signal) => {
    const { forms } = await whoApi.forms();
    return Promise.all(forms.map(async (f) => (await whoApi.report(place, f.id, period, signal)).result));
  }, [place.scope, place.id, year, quarter]);
  const setPeriod = (p: Partial<Period>) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(p)) next.set(k, String(v));
    setParams(next, { replace: true });
  };
  return (
    <div className="who-forms print-a4" data-testid="who-forms">
      <Space className="who-no-print" wrap style={{ marginBottom: 12 }}>
        <span>{t('ui.who.year')}</span>
        <InputNumber data-testid="who-year" min={1990} max={2200} value={year} onChange={(v) => v && setPeriod({ year: v })} aria-label={t('ui.who.year')} />
        <span>{t('ui.who.quarter')}</span>
        <Select
          data-testid="who-quarter"
          aria-label={t('ui.who.quarter')}
          value={quarter}
          style={{ width: 90 }}
          onChange={(v) => setPeriod({ quarter: v })}
          options={[1, 2, 3, 4].map((q) => ({ value: q, label: t('ui.who.quarterN', { quarter: q }) }))}
        />
        <Button data-testid="who-print" icon={<PrinterOutlined />} onClick={() => window.print()}>
          {t('ui.who.print')}
        </Button>
        <Button
          data-testid="who-xlsx"
          icon={<FileExcelOutlined />}
          disabled={!data}
          onClick={async () => data && download(new Blob([await xlsxOf(whoSheets(data, { place: placeName, made: dateTimeText(Date.now(), false) }, t))], { type: XLSX_TYPE }), whoFileName(period))}
        >
          {t('ui.who.export')}
        </Button>
      </Space>
      {error ? <Alert data-testid="alert-error" type="error" showIcon title={error} /> : null}
      {!data && !error ? <WaitIcon /> : null}
      {data?.map((r) => <WhoFormCard key={r.form.id} result={r} placeName={placeName} onCell={setCell} />)}
      {cell ? <CellCasesDialog place={place} period={period} cell={cell} onClose={() => setCell(null)} /> : null}
    </div>
  );
}
