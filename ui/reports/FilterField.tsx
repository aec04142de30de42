/**
 * The value control of one report filter (seed 001 §3 Filters): a multi-select (exactly the chosen
 * values), a select (one value), or a period as a month-year range ('YYYY-MM', both ends optional).
 */
import { DatePicker, Select, Space } from 'antd';
import dayjs from 'dayjs';
import { useTranslation } from 'react-i18next';
import type { FilterDef, FilterValue, Key } from './api.ts';

const MONTH = 'YYYY-MM';

export function FilterField({ def, value, onChange }: { def: FilterDef; value: FilterValue | undefined; onChange: (v: FilterValue) => void }) {
  const { t, i18n } = useTranslation();
  // option values may be booleans: the select keys them by their JSON text
  const options = def.resources.options.map((o) => ({ value: JSON.stringify(o.value), label: o.label }));
  const common = { 'aria-label': def.name, showSearch: { optionFilterProp: 'label' }, style: { minWidth: 220 }, 'data-testid': 'filter-value' } as const;
  if (def.type === 'period') {
    const p = (value ?? {}) as { ini?: string; end?: string };
    const fmt = i18n.language === 'ru' ? 'MM.YYYY' : 'MM/YYYY';
    const month = (end: 'ini' | 'end', label: string) => (
      <DatePicker
        picker="month"
        format={fmt}
        aria-label={`${def.name}: ${label}`}
        placeholder={label}
        data-testid={`filter-period-${end}`}
        value={p[end] ? dayjs(`${p[end]}-01`) : null}
        onChange={(d) => onChange({ ...p, [end]: d ? d.format(MONTH) : undefined })}
      />
    );
    return (
      <Space wrap>
        {month('ini', t('ui.reports.periodFrom'))}
        {month('end', t('ui.reports.periodTo'))}
      </Space>
    );
  }
  if (def.type === 'select') {
    return <Select {...common} allowClear options={options} value={value === undefined ? undefined : JSON.stringify(value)} onChange={(v) => onChange(v === undefined ? (undefined as never) : (JSON.parse(v) as Key))} />;
  }
  const list = (Array.isArray(value) ? value : []).map((v) => JSON.stringify(v));
  return <Select {...common} mode="multiple" allowClear options={options} value={list} onChange={(v: string[]) => onChange(v.map((x) => JSON.parse(x) as Key))} />;
}
