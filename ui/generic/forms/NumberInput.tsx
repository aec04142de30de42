/**
 * The input of a number field: plain text kept exactly as typed. antd's InputNumber rounds to its
 * step and clamps to `minimum`/`maximum` when the field is left (a dose of 15 became 10, 1.5
 * became 15); here an out-of-range or non-integer entry stays and the validator refuses it with a
 * message beside the field (`numberText.ts`).
 */
import type { FocusEvent } from 'react';
import { Input } from 'antd';
import type { BaseInputTemplateProps } from '@rjsf/utils';
import { ariaDescribedByIds } from '@rjsf/utils';
import { numberValue, shownText } from './numberText.ts';
import { useDeferredChange } from './deferredChange.ts';

/** Whether a field's schema holds a number (`integer`, `number`, or one of them or null). */
export function isNumberSchema(schema: { type?: unknown }): boolean {
  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  return types.includes('integer') || types.includes('number');
}

export function NumberInput(props: BaseInputTemplateProps) {
  const { id, htmlName, value, disabled, readonly, required, placeholder, autofocus, onChange, onBlur, onFocus, options, schema, rawErrors, registry } = props;
  // a key draws this field alone; rjsf takes the change in a transition (deferredChange.ts)
  const typing = useDeferredChange(onChange, registry.formContext, value === undefined || value === null ? '' : String(value));
  const readonlyAsDisabled = (registry.formContext as { readonlyAsDisabled?: boolean } | undefined)?.readonlyAsDisabled ?? true;
  const integer = (Array.isArray(schema.type) ? schema.type : [schema.type]).includes('integer');
  return (
    <Input
      id={id}
      name={htmlName || id}
      value={typing.pending ? typing.typed : shownText(typing.typed, value)}
      inputMode={integer ? 'numeric' : 'decimal'}
      autoComplete="off"
      disabled={disabled || (readonlyAsDisabled && readonly)}
      readOnly={readonly}
      required={required}
      autoFocus={autofocus}
      placeholder={placeholder}
      status={rawErrors?.length ? 'error' : undefined}
      style={{ width: '100%' }}
      aria-describedby={ariaDescribedByIds(id)}
      onChange={(e) => {
        const next = numberValue(e.target.value);
        typing.change(e.target.value, next === undefined ? options.emptyValue : next);
      }}
      onBlur={(e: FocusEvent<HTMLInputElement>) => {
        typing.handOver();
        onBlur(id, e.target.value);
      }}
      onFocus={(e: FocusEvent<HTMLInputElement>) => onFocus(id, e.target.value)}
    />
  );
}
