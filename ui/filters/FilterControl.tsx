/**
 * One report filter's value control, for the report editor and the advanced
 * search alike: a multi-select of its options (exactly the chosen values), a select of one (yes /
 * no), or a period of two months (from, to; both included, the end no earlier than the start).
 * Its id (`controlId`) is what a `<label htmlFor>` names; `idPrefix` keeps ids apart where one
 * filter shows in several places (the report's filters and each indicator's).
 *
 * @example <label htmlFor={controlId(f.id)}>{f.name}</label><FilterControl filter={f} value={values[f.id]} onChange={(v) => set(f.id, v)} />
 */
import { DatePicker, Select, Space } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { FilterDef, FilterValue, Key, PeriodValue } from './types.ts';

const MONTH = 'YYYY-MM';

/**
 * The id of a filter's control (a period's: of its first month, `part` '-ini').
 * @example controlId('registrationDate', '-ini') // 'filter-registrationDate-ini'
 */
export const controlId = (filterId: string, part = '', idPrefix = '') => `${idPrefix}filter-${filterId.replace(/[^\w-]/g, '_')}${part}`;

/** The id a filter's label points at: the control, or a period's first month. */
export const labelTarget = (f: FilterDef, idPrefix = '') => controlId(f.id, f.type === 'period' ? '-ini' : '', idPrefix);

// option values may be booleans, which a select does not key by: it keys them by their JSON text
const keyOf = (v: Key) => JSON.stringify(v);
const valueOf = (k: string) => JSON.parse(k) as Key;

export function FilterControl({ filter, value, onChange, idPrefix = '' }: { filter: FilterDef; value: FilterValue | undefined; onChange: (v: FilterValue | undefined) => void; idPrefix?: string }) {
  const { t, i18n } = useTranslation();
  if (filter.type === 'period') {
    const p = (value ?? {}) as PeriodValue;
    const format = i18n.language === 'en' ? 'MM/YYYY' : 'MM.YYYY';
    const month = (part: 'ini' | 'end', label: string) => (
      <DatePicker
        picker="month"
        id={controlId(filter.id, `-${part}`, idPrefix)}
        aria-label={`${filter.name}: ${label}`}
        data-testid={`filter-period-${part}`}
        format={format}
        placeholder={label}
        value={p[part] ? dayjs(`${p[part]}-01`) : null}
        disabledDate={(d) => (part === 'end' && p.ini ? d.isBefore(dayjs(`${p.ini}-01`), 'month') : part === 'ini' && p.end ? d.isAfter(dayjs(`${p.end}-01`), 'month') : false)}
        onChange={(d) => onChange({ ...p, [part]: d ? d.format(MONTH) : undefined })}
      />
    );
    return (
      <Space wrap>
        {month('ini', t('ui.search.from'))}
        {month('end', t('ui.search.to'))}
      </Space>
    );
  }
  const options = filter.resources.options.map((o) => ({ value: keyOf(o.value), label: o.label }));
  const common = {
    id: controlId(filter.id, '', idPrefix),
    'data-testid': 'filter-value',
    'data-id': filter.id,
    allowClear: true,
    showSearch: { optionFilterProp: 'label' },
    style: { minWidth: 260, maxWidth: '100%' },
    placeholder: t('ui.search.choose'),
    options,
  } as const;
  if (filter.type === 'select') return <Select {...common} value={value === undefined || value === null ? undefined : keyOf(value as Key)} onChange={(k?: string) => onChange(k === undefined ? undefined : valueOf(k))} />;
  const list = (Array.isArray(value) ? value : []).map(keyOf);
  return <Select {...common} mode="multiple" value={list} onChange={(ks: string[]) => onChange(ks.map(valueOf))} />;
}
