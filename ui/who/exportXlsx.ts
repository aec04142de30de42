/**
 * The WHO forms of a quarter as one XLSX workbook: a sheet per table of each form (its code and the
 * table's title, the sheet's name cut at a word), what it counts (place, the form's period, the
 * setting it was counted by, the WHO definitions, the date made: `../reports/exportFacts.ts`), the
 * column labels, then each row's label and numbers — a withheld number an empty cell; and a last
 * sheet of the cases left out of the forms or of some cells, with the reason and what they miss
 * (a case the reader may not open only counted). Written by the reports' exceljs helper
 * (`../reports/exportXlsx.ts`, loaded on export).
 */
import type { TFunction } from 'i18next';
import { dateText } from '../i18n/dates.ts';
import { exportHeader } from '../reports/exportFacts.ts';
import type { SheetInput } from '../reports/exportXlsx.ts';
import type { Cell } from '../reports/tableRows.ts';
import type { FormResult } from './api.ts';

type T = TFunction;

/** What every sheet shares: the place's name and when the file is made. */
export interface WhoExport {
  place: string;
  made: string;
}

/** The last day of a population's period (its `to` is the day after). */
const lastDay = (to: string) => {
  const d = new Date(`${to}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() - 1);
  return d.toISOString().slice(0, 10);
};

/** The lines saying what a form counts. */
function formHeader(r: FormResult, x: WhoExport, t: T): Cell[][] {
  const period = `${t('ui.who.quarterOf', { quarter: r.quarter.quarter, year: r.quarter.year })}; ${t('ui.who.cases')}: ${dateText(r.period.from)} – ${dateText(lastDay(r.period.to))}`;
  const filters = r.settings.transferOutcome ? `${t('ui.who.transfers')}: ${t(`transferOutcome.${r.settings.transferOutcome}`)}` : '';
  return exportHeader({ place: x.place, period, filters, definitions: r.settings.tbDefinitions, made: x.made }, t);
}

/** The sheet of the cases left out, form by form, each with its reason and what it is left out of. */
function excludedSheet(results: FormResult[], x: WhoExport, t: T): SheetInput {
  const rows: Cell[][] = [[t('ui.who.form'), t('tbcase.caseNumber'), t('tbcase.patient'), t('tbcase.notificationUnit'), t('tbcase.registrationDate'), t('ui.who.reason'), t('ui.who.leftOutOf')]];
  for (const r of results) {
    for (const c of r.excluded.list) rows.push([r.form.code, c.caseNumber ?? '', c.patientName, c.unitName ?? '', dateText(c.registrationDate), c.reasonLabel, c.leftOutOf ?? '']);
    const more = r.excluded.count - r.excluded.hidden - r.excluded.list.length;
    if (more > 0) rows.push([r.form.code, '', '', '', '', t('ui.who.moreCases', { count: more }), '']);
    if (r.excluded.hidden > 0) rows.push([r.form.code, '', '', '', '', t('ui.who.hiddenCases', { count: r.excluded.hidden }), '']);
  }
  const first = results[0];
  const period = first ? t('ui.who.quarterOf', { quarter: first.quarter.quarter, year: first.quarter.year }) : '';
  const definitions = first?.settings.tbDefinitions;
  return { title: t('ui.who.excludedTitle'), sheet: t('ui.who.excludedSheet'), totals: false, header: exportHeader({ place: x.place, period, filters: '', definitions, made: x.made }, t), rows };
}

/**
 * The sheets of the forms, in their order, then the cases left out.
 * @example whoSheets([tb07], { place: 'Ленинский район', made: '29.11.2026 10:00' }, t)[0]
 *   // { title: 'ТБ 07. Раздел 1. …', header: [['Место', 'Ленинский район'], …], rows: [['', 'Лёгочный, …', …], ['Новые случаи', 4, 1, 1, 6], …] }
 */
export function whoSheets(results: FormResult[], x: WhoExport, t: T): SheetInput[] {
  return [
    ...results.flatMap((r) =>
      r.tables.map((tb) => ({
        title: `${r.form.code}. ${tb.title}`,
        header: formHeader(r, x, t),
        rows: [['', ...tb.columns.map((c) => c.label)], ...tb.rows.map((row, i) => [row.label, ...tb.values[i].map((v) => v ?? '')])],
      })),
    ),
    excludedSheet(results, x, t),
  ];
}

/**
 * The workbook's file name.
 * @example whoFileName({ year: 2025, quarter: 1 }) // 'who-forms-2025-Q1.xlsx'
 */
export const whoFileName = (p: { year: number; quarter: number }) => `who-forms-${p.year}-Q${p.quarter}.xlsx`;
