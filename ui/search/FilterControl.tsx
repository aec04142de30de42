/**
 * One report filter's control, labelled by the filter's name: a multi-select of its options, a
 * select of one (yes / no), or a period of two months (from, to; both included). Shared by the
 * advanced search and the report editor.
 *
 * @example <FilterControl filter={f} value={values[f.id]} onChange={(v) => set(f.id, v)} />
 */
import { DatePicker, Select, Space } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { FilterValue, PeriodValue, ReportFilterDef } from './api.ts';

const MONTH = 'YYYY-MM';

/** The id of a filter's control (its label's `htmlFor`). */
export const controlId = (filterId: string, part = '') => `filter-${filterId.replace(/[^\w-]/g, '_')}${part}`;

export function FilterControl({ filter, value, onChange }: { filter: ReportFilterDef; value: FilterValue | undefined; onChange: (v: FilterValue | undefined) => void }) {
  const { t, i18n } = useTranslation();
  const options = filter.resources.options.map((o) => ({ value: o.value as any, label: o.label }));
  if (filter.type === 'period') {
    const p = (value ?? {}) as PeriodValue;
    const format = i18n.language === 'en' ? 'MM/YYYY' : 'MM.YYYY';
    const month = (part: 'ini' | 'end', label: string) => (
      <DatePicker
        picker="month"
        id={controlId(filter.id, `-${part}`)}
        aria-label={`${filter.name}: ${label}`}
        data-testid={`search-filter-${filter.id}-${part}`}
        format={format}
        placeholder={label}
        value={p[part] ? dayjs(`${p[part]}-01`) : null}
        // the end no earlier than the start, the start no later than the end
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
  return (
    <Select
      id={controlId(filter.id)}
      data-testid={`search-filter-${filter.id}-value`}
      mode={filter.type === 'multiSelect' ? 'multiple' : undefined}
      allowClear
      showSearch={{ optionFilterProp: 'label' }}
      style={{ minWidth: 260, maxWidth: '100%' }}
      placeholder={t('ui.search.choose')}
      options={options}
      value={value as any}
      onChange={(v) => onChange(v ?? undefined)}
    />
  );
}
