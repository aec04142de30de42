/**
 * What an exported table counts, said at the top of every CSV and XLSX sheet of a report, a
 * dashboard number or a WHO form: the place, the period, the other filters, the WHO
 * definitions (2013 revision or 2021 update) of the workspace and when the file was made — a file
 * read away from the screen still says what its numbers are.
 */
import type { TFunction } from 'i18next';
import type { Filters, ReportInit } from './api.ts';
import { filterIndex, filterText } from './filterText.ts';
import type { Cell } from './tableRows.ts';

export interface ExportFacts {
  place: string;
  /** The period the numbers are of, in words ('' : none set, every date). */
  period: string;
  /** The other filters in words, each 'name: values' ('' : none). */
  filters: string;
  /** The workspace's WHO definitions (`WHO2021`, `WHO2013`). */
  definitions?: string;
  /** When the file was made, as the language writes it. */
  made: string;
}

type T = TFunction;

/**
 * The lines a file starts with, each a label and its value.
 * @example exportHeader({ place: 'Бишкек', period: '', filters: 'Пол: Мужской', definitions: 'WHO2021', made: '29.11.2026 10:00' }, t)
 *   // [['Место', 'Бишкек'], ['Период', 'за всё время'], ['Фильтры', 'Пол: Мужской'], ['Определения ВОЗ', 'ВОЗ, обновление 2021 г.'], ['Создано', '29.11.2026 10:00']]
 */
export function exportHeader(f: ExportFacts, t: T): Cell[][] {
  return [
    [t('ui.export.place'), f.place],
    [t('ui.export.period'), f.period || t('ui.export.anyPeriod')],
    [t('ui.export.filters'), f.filters || t('ui.export.noFilters')],
    [t('ui.export.definitions'), f.definitions ? t(`tbDefinitions.${f.definitions}`) : t('ui.export.unknown')],
    [t('ui.export.made'), f.made],
  ];
}

/**
 * The filters of an indicator split into its period (the period filters that set an end) and the rest.
 * @example periodAndFilters(init, { gender: ['MALE'], registrationDate: { ini: '2025-01', end: '2025-03' } }, 'ru')
 *   // { period: 'Дата регистрации: 01.2025 – 03.2025', filters: 'Пол: Мужской' }
 */
export function periodAndFilters(init: ReportInit | undefined, filters: Filters | undefined, lang: string): { period: string; filters: string } {
  const index = filterIndex(init);
  const set = Object.fromEntries(Object.entries(filters ?? {}).filter(([id, v]) => index.get(id)?.type !== 'period' || (v && typeof v === 'object' && ((v as { ini?: string }).ini || (v as { end?: string }).end))));
  const items = filterText(init, set, lang);
  const isPeriod = (id: string) => index.get(id)?.type === 'period';
  const words = (list: typeof items) => list.map((x) => `${x.name}: ${x.value}`).join('; ');
  return { period: words(items.filter((x) => isPeriod(x.id))), filters: words(items.filter((x) => !isPeriod(x.id))) };
}

/**
 * A file's rows: the header, an empty line, then the table.
 * @example withHeader(exportHeader(facts, t), tableRows(data)) // [['Место', …], …, [], ['Исход', 'Мужской', …], …]
 */
export const withHeader = (header: Cell[][], table: Cell[][]): Cell[][] => [...header, [], ...table];
