/**
 * rjsf widget for `format: date`: an antd DatePicker that shows and takes dates as the UI language
 * writes them (`20.11.2026` typed in Russian is understood: `ui/i18n/dates.ts`), keeps `YYYY-MM-DD`
 * in the document, and offers no day the schema's `x-notAfter` / `x-notBefore` refuse (a birth date
 * after today, a registration before the birth date typed above: `engine/date-bounds.ts`). A day the
 * calendar does not offer that is typed into the box is taken as typed (antd would put the old value
 * back, or clear it) and the field says why, as the server words it ('Дата рождения: не может быть
 * позже сегодняшнего дня'); the save is refused beside it.
 */
import { useEffect, useReducer, useRef } from 'react';
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
  // another field's change may move this one's bounds (a birth date put right): its message is drawn again
  const [, redraw] = useReducer((n: number) => n + 1, 0);
  useEffect(() => ctx?.subscribe?.(redraw), [ctx]);
  // what was typed into the box last: a day the calendar does not offer is taken as typed, and said why
  const typed = useRef<string | null>(null);
  const rows = () => (place?.includes(ROW) ? rowsOf({ path: '', at: place }, id, idPrefix, idSeparator) ?? [] : []);
  /** The days out of bounds, read when the calendar draws (the other dates as they are now). */
  const disabledDate = (d: Dayjs) => {
    if (!place || !ctx?.dateLimits) return false;
    const { min, max } = ctx.dateLimits(place, rows());
    const day = d.format('YYYY-MM-DD');
    return (!!max && day > max) || (!!min && day < min);
  };
  /** A typed day the picker would silently put back: into the document, so the field says why. */
  const takeTyped = () => {
    const text = typed.current;
    typed.current = null;
    if (!text) return;
    const d = dayjs(text.trim(), datePatterns(), true);
    if (d.isValid() && disabledDate(d) && d.format('YYYY-MM-DD') !== value) onChange(d.format('YYYY-MM-DD'));
  };
  const message = place && typeof value === 'string' && value ? ctx?.dateMessage?.(place, rows(), value) : undefined;
  const shownElsewhere = !!message && !!rawErrors?.some((e) => message.endsWith(e) || e.endsWith(message));
  return (
    <div onInput={(e) => (typed.current = (e.target as HTMLInputElement).value)}>
      <DatePicker
        id={id}
        data-testid={`date-${id}`}
        aria-describedby={message && !shownElsewhere ? `${id}__bound` : ariaDescribedByIds(id)}
        aria-invalid={rawErrors?.length || message ? true : undefined}
        style={{ width: '100%' }}
        format={datePatterns()}
        value={typeof value === 'string' && value ? dayjs(value.slice(0, 10)) : null}
        disabled={disabled || readonly}
        placeholder={placeholder || datePatterns()[0].toLowerCase()}
        disabledDate={disabledDate}
        status={rawErrors?.length || message ? 'error' : undefined}
        onChange={(d) => {
          typed.current = null;
          onChange(d ? d.format('YYYY-MM-DD') : undefined);
        }}
        onKeyDown={(e) => {
          if (e.key === 'Enter') takeTyped();
        }}
        onBlur={() => {
          takeTyped();
          onBlur(id, value);
        }}
        onFocus={() => onFocus(id, value)}
      />
      {message && !shownElsewhere ? (
        <div id={`${id}__bound`} className="ant-form-item-explain-error" role="alert" data-testid={`date-bound-${id}`}>
          {message}
        </div>
      ) : null}
    </div>
  );
}
