/**
 * WHO's TB indicators as one XLSX workbook: a first sheet of every indicator — code, name,
 * numerator, denominator, %, the rows left out and why, or what is missing for one the data cannot
 * support; a rate's population as its denominator and the rate in the % column —, then a sheet per disaggregation with each indicator's numbers per key; each sheet says
 * what it counts (place, period, the date made: `../reports/exportFacts.ts`). Written by the reports'
 * exceljs helper (`../reports/exportXlsx.ts`, loaded on export).
 */
import type { TFunction } from 'i18next';
import { exportHeader } from '../reports/exportFacts.ts';
import type { SheetInput } from '../reports/exportXlsx.ts';
import type { Cell } from '../reports/tableRows.ts';
import type { BreakdownRow, IndicatorPeriod, IndicatorResult } from './api.ts';

export interface IndicatorExport {
  place: string;
  period: IndicatorPeriod;
  made: string;
  /** Reads every indicator's breakdown by one disaggregation (one request a disaggregation). */
  breakdowns: (dimension: string) => Promise<Record<string, BreakdownRow[]>>;
}

const DIMENSIONS = ['sex', 'age', 'ageTpt', 'area', 'regimen', 'history', 'hiv'];

/**
 * The sheets: the indicators, then one per disaggregation some indicator declares.
 * @example (await indicatorSheets(list, { place: 'Бишкек', period: { year: 2024 }, made: '29.11.2026 10:00', breakdowns }, t))[0].rows[1]
 *   // ['TB.IND.1', 'Доля прошедших скрининг…', '', '', '', 'Нет данных: Систематический скрининг…']
 */
export async function indicatorSheets(list: IndicatorResult[], x: IndicatorExport, t: TFunction): Promise<SheetInput[]> {
  const period = x.period.quarter ? t('ui.who.quarterOf', { quarter: x.period.quarter, year: x.period.year }) : String(x.period.year);
  const header = exportHeader({ place: x.place, period, filters: '', made: x.made }, t);
  const rows: Cell[][] = [[t('ui.dak.code'), t('ui.dak.indicator'), t('ui.dak.numerator'), t('ui.dak.denominator'), '%', t('ui.dak.excluded')]];
  for (const r of list) {
    const left = r.reasons.filter((x) => x.count).map((x) => `${x.label}: ${x.count}`);
    const why = r.unsupported ? `${t('ui.dak.noData')}: ${r.unsupported}` : r.needs ? t('ui.dak.needs', { name: r.needs }) : [...(r.rate?.missing ? [r.rate.missing] : []), ...left].join('; ');
    // a rate: the place's population as its denominator, the rate per `per` people in the % column
    if (r.rate) rows.push([r.code, r.name, r.numerator ?? '', r.rate.population ?? '', r.rate.value ?? '', why]);
    else rows.push([r.code, r.name, r.numerator ?? '', r.count ? '' : r.denominator ?? '', r.percent ?? '', why]);
  }
  const sheets: SheetInput[] = [{ title: t('ui.dak.title'), sheet: t('ui.dak.sheet'), totals: false, header, rows }];
  const counted = list.filter((r) => !r.unsupported && !r.needs);
  for (const dim of DIMENSIONS) {
    const of = counted.filter((r) => r.disaggregate.includes(dim as never));
    if (!of.length) continue;
    const lines: Cell[][] = [[t('ui.dak.code'), t(`ui.dak.dim.${dim}`), t('ui.dak.numerator'), t('ui.dak.denominator'), '%']];
    const all = await x.breakdowns(dim);
    for (const r of of) for (const b of all[r.code] ?? []) lines.push([r.code, b.label, b.numerator, b.denominator ?? '', b.percent ?? '']);
    sheets.push({ title: `${t('ui.dak.title')}: ${t(`ui.dak.dim.${dim}`)}`, sheet: t(`ui.dak.dim.${dim}`), totals: false, header, rows: lines });
  }
  return sheets;
}
