/**
 * The rjsf `BaseInputTemplate` (antd theme) with the field's `x-transform` applied as the user
 * types and trimmed when the field is left (`textTransform.ts`); number fields are {@link NumberInput}. The input's own value is rewritten
 * before React sees the change, so the caret stays where the user typed. What is typed goes to the
 * form when typing pauses or the field is left (`typedValue.ts`), so a key redraws this input only;
 * a plain text field is {@link TypedTextInput}, whose input holds its own text.
 */
import type { ChangeEvent } from 'react';
import { Templates } from '@rjsf/antd';
import type { BaseInputTemplateProps } from '@rjsf/utils';
import { isTextTransform, transformText } from './textTransform.ts';
import { isNumberSchema, NumberInput } from './NumberInput.tsx';
import { useTypedValue, type TypedValues } from './typedValue.ts';
import { TypedTextInput, usesBaseInput } from './TypedTextInput.tsx';

const BaseInput = Templates.BaseInputTemplate!;

export function TransformingInput(props: BaseInputTemplateProps) {
  // a plain text field holds its own text (a key redraws nothing above rc-input); numbers and the rest as below
  if (!isNumberSchema(props.schema) && !usesBaseInput(props)) return <TypedTextInput {...props} />;
  return <DeferredInput {...props} />;
}

/** rjsf's input (or {@link NumberInput}) with its value kept here while typed (`useTypedValue`). */
function DeferredInput(props: BaseInputTemplateProps) {
  const typed = useTypedValue(props.value, props.onChange, (props.registry.formContext as { typed?: TypedValues } | undefined)?.typed);
  const onBlur = (id: string, value: unknown) => {
    typed.hand();
    props.onBlur(id, value);
  };
  return <TypedInput {...props} value={typed.value} onChange={typed.onChange} onBlur={onBlur} />;
}

function TypedInput(props: BaseInputTemplateProps) {
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
  // the trimmed text is handed to the form with what was typed (the outer onBlur hands it)
  const onBlur = (id: string, value: unknown) => {
    if (typeof value === 'string' && transformText(value, kind) !== value) props.onChange(transformText(value, kind) || empty);
    props.onBlur(id, value);
  };
  return <BaseInput {...props} onChangeOverride={onChangeOverride} onBlur={onBlur} />;
}
