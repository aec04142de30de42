/**
 * rjsf widget for `format: date`: an antd DatePicker that shows and takes dates as the UI language
 * writes them (`20.11.2026` typed in Russian is understood: `ui/i18n/dates.ts`), keeps `YYYY-MM-DD`
 * in the document, and offers no day the schema's `x-notAfter` / `x-notBefore` refuse (a birth date
 * after today, a registration before the birth date typed above: `engine/date-bounds.ts`).
 */
import { ariaDescribedByIds, type WidgetProps } from '@rjsf/utils';
import { DatePicker } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { datePatterns } from '../../i18n/dates.ts';
import { ROW } from '../../../engine/options-params.ts';
import { rowsOf, type SchemaFormContext } from './optionsLoader.ts';

export function DateWidget(props: WidgetProps) {
  const { id, value, onChange, onBlur, onFocus, disabled, readonly, placeholder, options, registry, rawErrors } = props;
  const ctx = registry.formContext as SchemaFormContext | undefined;
  const place = typeof options.place === 'string' ? options.place : undefined;
  const { idPrefix, idSeparator } = registry.globalFormOptions;
  /** The days out of bounds, read when the calendar draws (the other dates as they are now). */
  const disabledDate = (d: Dayjs) => {
    if (!place || !ctx?.dateLimits) return false;
    const rows = place.includes(ROW) ? rowsOf({ path: '', at: place }, id, idPrefix, idSeparator) ?? [] : [];
    const { min, max } = ctx.dateLimits(place, rows);
    const day = d.format('YYYY-MM-DD');
    return (!!max && day > max) || (!!min && day < min);
  };
  return (
    <DatePicker
      id={id}
      data-testid={`date-${id}`}
      aria-describedby={ariaDescribedByIds(id)}
      aria-invalid={rawErrors?.length ? true : undefined}
      style={{ width: '100%' }}
      format={datePatterns()}
      value={typeof value === 'string' && value ? dayjs(value.slice(0, 10)) : null}
      disabled={disabled || readonly}
      placeholder={placeholder || datePatterns()[0].toLowerCase()}
      disabledDate={disabledDate}
      status={rawErrors?.length ? 'error' : undefined}
      onChange={(d) => onChange(d ? d.format('YYYY-MM-DD') : undefined)}
      onBlur={() => onBlur(id, value)}
      onFocus={() => onFocus(id, value)}
    />
  );
}
