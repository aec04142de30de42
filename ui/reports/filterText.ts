/**
 * Chosen filters as the user reads them: each filter's name and its values' labels (from
 * `report/init`), a period as months 'MM.YYYY – MM.YYYY'.
 */
import type { FilterDef, Filters, ReportInit } from './api.ts';

export interface FilterText {
  id: string;
  name: string;
  value: string;
}

const month = (m: string | undefined, lang: string) => {
  if (!m) return '…';
  const [y, mm] = m.split('-');
  return lang === 'ru' ? `${mm}.${y}` : `${mm}/${y}`;
};

/** Every filter of the init, by id. */
export const filterIndex = (init: ReportInit | undefined): Map<string, FilterDef> => new Map((init?.filters ?? []).flatMap((g) => g.filters.map((f) => [f.id, f] as const)));

/**
 * @example filterText(init, { gender: ['MALE'], registrationDate: { ini: '2025-01' } }, 'ru') // [{ id: 'gender', name: 'Пол', value: 'Мужской' }, { id: 'registrationDate', name: 'Дата регистрации', value: '01.2025 – …' }]
 */
export function filterText(init: ReportInit | undefined, filters: Filters | undefined, lang: string): FilterText[] {
  const index = filterIndex(init);
  return Object.entries(filters ?? {}).flatMap(([id, v]) => {
    const f = index.get(id);
    if (!f) return [];
    if (f.type === 'period') {
      const p = (v ?? {}) as { ini?: string; end?: string };
      return [{ id, name: f.name, value: `${month(p.ini, lang)} – ${month(p.end, lang)}` }];
    }
    const values = Array.isArray(v) ? v : [v];
    if (!values.length) return [];
    const label = (x: unknown) => f.resources.options.find((o) => o.value === x)?.label ?? String(x);
    return [{ id, name: f.name, value: values.map(label).join(', ') }];
  });
}
