/**
 * A select of the whole numbers from a field's `minimum` to its `maximum` (the workspace's stock
 * and expiry-alert months, 1 to 12). Named `intSelect` in a layout (`"ui:widget": "intSelect"`);
 * `translateSchema` puts this component in its place.
 */
import { Select } from 'antd';
import type { WidgetProps } from '@rjsf/utils';
import { useTranslation } from 'react-i18next';

/** The widget name a schema's layout uses. */
export const INT_SELECT = 'intSelect';
/** More than this many values is no longer a short list: the field keeps its number input. */
const MAX_OPTIONS = 100;

export function integerRange(schema: { minimum?: unknown; maximum?: unknown }): number[] {
  const min = typeof schema.minimum === 'number' ? Math.ceil(schema.minimum) : 0;
  const max = typeof schema.maximum === 'number' ? Math.floor(schema.maximum) : min;
  return max >= min && max - min < MAX_OPTIONS ? Array.from({ length: max - min + 1 }, (_, i) => min + i) : [];
}

export function IntegerSelect(props: WidgetProps) {
  const { id, value, required, disabled, readonly, schema, onChange, onBlur, onFocus, placeholder, rawErrors } = props;
  const { t } = useTranslation();
  return (
    <Select
      id={id}
      data-testid={`select-${id}`}
      value={typeof value === 'number' ? value : undefined}
      options={integerRange(schema).map((n) => ({ value: n, label: String(n) }))}
      virtual={false}
      allowClear={!required}
      disabled={disabled || readonly}
      placeholder={placeholder || t('ui.form.select')}
      status={rawErrors?.length ? 'error' : undefined}
      style={{ width: '100%' }}
      onChange={(v) => onChange(v ?? undefined)}
      onBlur={() => onBlur(id, value)}
      onFocus={() => onFocus(id, value)}
    />
  );
}
