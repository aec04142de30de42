/**
 * The rjsf `BaseInputTemplate` (antd theme) with the field's `x-transform` applied as the user
 * types and trimmed when the field is left (`textTransform.ts`); number fields are {@link NumberInput}. The input's own value is rewritten
 * before React sees the change, so the caret stays where the user typed. A key draws this field
 * alone and hands the change to rjsf in a transition (`deferredChange.ts`).
 */
import type { ChangeEvent } from 'react';
import { Templates } from '@rjsf/antd';
import type { BaseInputTemplateProps } from '@rjsf/utils';
import { isTextTransform, transformText } from './textTransform.ts';
import { isNumberSchema, NumberInput } from './NumberInput.tsx';
import { useDeferredChange } from './deferredChange.ts';

const BaseInput = Templates.BaseInputTemplate!;

export function TransformingInput(props: BaseInputTemplateProps) {
  // numbers are typed as text and never rewritten (NumberInput), whatever the field's range
  if (isNumberSchema(props.schema) && !props.onChangeOverride && props.type !== 'range') return <NumberInput {...props} />;
  if (props.onChangeOverride || props.type === 'password') return <BaseInput {...props} />;
  return <TextInput {...props} />;
}

/** The text as rjsf holds it. */
const textOf = (value: unknown) => (value === undefined || value === null ? '' : String(value));

function TextInput(props: BaseInputTemplateProps) {
  const kind = props.schema['x-transform'];
  const transform = isTextTransform(kind) ? kind : undefined;
  const empty = props.options.emptyValue;
  const typing = useDeferredChange(props.onChange, props.registry.formContext, textOf(props.value));
  const onChangeOverride = ({ target }: ChangeEvent<HTMLInputElement>) => {
    const next = transform ? transformText(target.value, transform, true) : target.value;
    if (next !== target.value) {
      const { selectionStart, selectionEnd } = target;
      target.value = next;
      target.setSelectionRange(selectionStart, selectionEnd);
    }
    typing.change(next, next === '' ? empty : next);
  };
  const onBlur = (id: string, value: unknown) => {
    typing.handOver();
    if (transform && typeof value === 'string' && transformText(value, transform) !== value) props.onChange(transformText(value, transform) || empty);
    props.onBlur(id, value);
  };
  const value = typing.pending ? typing.typed : props.value;
  return <BaseInput {...props} value={value} onChangeOverride={onChangeOverride} onBlur={onBlur} />;
}
