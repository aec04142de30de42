/**
 * The select of an `enum` field: its options only — no blank first option — with the placeholder
 * 'Выберите...' while nothing is chosen, and a clear button only when the field is optional.
 * `translateSchema` gives it to every enum field drawn as a select.
 */
import { Select } from 'antd';
import { ariaDescribedByIds, type WidgetProps } from '@rjsf/utils';
import { useTranslation } from 'react-i18next';

export function EnumSelect(props: WidgetProps) {
  const { id, value, required, disabled, readonly, options, onChange, onBlur, onFocus, placeholder, rawErrors } = props;
  const { t } = useTranslation();
  const list = (options.enumOptions ?? []) as { value: unknown; label: string }[];
  const disabledValues: unknown[] = Array.isArray(options.enumDisabled) ? options.enumDisabled : [];
  const index = list.findIndex((o) => o.value === value);
  return (
    <Select
      id={id}
      aria-describedby={ariaDescribedByIds(id)}
      aria-invalid={rawErrors?.length ? true : undefined}
      value={index >= 0 ? String(index) : undefined}
      options={list.map((o, i) => ({ value: String(i), label: o.label, disabled: disabledValues.includes(o.value) }))}
      allowClear={!required}
      disabled={disabled || readonly}
      placeholder={placeholder || t('ui.form.select')}
      showSearch={{ optionFilterProp: 'label' }}
      status={rawErrors?.length ? 'error' : undefined}
      style={{ width: '100%' }}
      onChange={(i) => onChange(i === undefined || i === null ? options.emptyValue : list[Number(i)]?.value)}
      onBlur={() => onBlur(id, value)}
      onFocus={() => onFocus(id, value)}
    />
  );
}
