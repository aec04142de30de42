/**
 * The rjsf `BaseInputTemplate` (antd theme) with the field's `x-transform` applied as the user
 * types and trimmed when the field is left (`textTransform.ts`); number fields are {@link NumberInput}. The input's own value is rewritten
 * before React sees the change, so the caret stays where the user typed.
 */
import type { ChangeEvent } from 'react';
import { Templates } from '@rjsf/antd';
import type { BaseInputTemplateProps } from '@rjsf/utils';
import { isTextTransform, transformText } from './textTransform.ts';
import { isNumberSchema, NumberInput } from './NumberInput.tsx';

const BaseInput = Templates.BaseInputTemplate!;

export function TransformingInput(props: BaseInputTemplateProps) {
  // numbers are typed as text and never rewritten (NumberInput), whatever the field's range
  if (isNumberSchema(props.schema) && !props.onChangeOverride && props.type !== 'range') return <NumberInput {...props} />;
  const kind = props.schema['x-transform'];
  if (!isTextTransform(kind) || props.onChangeOverride || props.type === 'password') return <BaseInput {...props} />;
  const empty = props.options.emptyValue;
  const onChangeOverride = ({ target }: ChangeEvent<HTMLInputElement>) => {
    const next = transformText(target.value, kind, true);
    if (next !== target.value) {
      const { selectionStart, selectionEnd } = target;
      target.value = next;
      target.setSelectionRange(selectionStart, selectionEnd);
    }
    props.onChange(next === '' ? empty : next);
  };
  const onBlur = (id: string, value: unknown) => {
    if (typeof value === 'string' && transformText(value, kind) !== value) props.onChange(transformText(value, kind) || empty);
    props.onBlur(id, value);
  };
  return <BaseInput {...props} onChangeOverride={onChangeOverride} onBlur={onBlur} />;
}
