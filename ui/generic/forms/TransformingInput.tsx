/**
 * The rjsf `BaseInputTemplate` (antd theme) with the field's `x-transform` applied as the user
 * types and trimmed when the field is left (`textTransform.ts`); number fields are {@link NumberInput}. The input's own value is rewritten
 * before React sees the change, so the caret stays where the user typed. A text reaches the form in
 * a transition ({@link useDeferredChange}): typing does not wait for the whole form to redraw.
 */
import type { ChangeEvent, KeyboardEvent } from 'react';
import { Templates } from '@rjsf/antd';
import type { BaseInputTemplateProps } from '@rjsf/utils';
import { isTextTransform, transformText } from './textTransform.ts';
import { isNumberSchema, NumberInput } from './NumberInput.tsx';
import { useDeferredChange } from './deferredChange.ts';

const BaseInput = Templates.BaseInputTemplate!;

export function TransformingInput(props: BaseInputTemplateProps) {
  // numbers are typed as text and never rewritten (NumberInput), whatever the field's range
  if (isNumberSchema(props.schema) && !props.onChangeOverride && props.type !== 'range') return <NumberInput {...props} />;
  if (props.onChangeOverride || props.type === 'password' || props.type === 'range') return <BaseInput {...props} />;
  return <TextInput {...props} />;
}

function TextInput(props: BaseInputTemplateProps) {
  const kind = props.schema['x-transform'];
  const transform = isTextTransform(kind) ? kind : undefined;
  const empty = props.options.emptyValue;
  const text = useDeferredChange(props.value, props.onChange);
  const onChangeOverride = ({ target }: ChangeEvent<HTMLInputElement>) => {
    const next = transform ? transformText(target.value, transform, true) : target.value;
    if (next !== target.value) {
      const { selectionStart, selectionEnd } = target;
      target.value = next;
      target.setSelectionRange(selectionStart, selectionEnd);
    }
    text.change(next === '' ? empty : next);
  };
  const onBlur = (id: string, value: unknown) => {
    text.flush();
    if (transform && typeof value === 'string' && transformText(value, transform) !== value) props.onChange(transformText(value, transform) || empty);
    props.onBlur(id, value);
  };
  // Enter submits the form: the form must hold the last key first
  const onKeyDownCapture = (e: KeyboardEvent) => e.key === 'Enter' && text.flush();
  return (
    <span onKeyDownCapture={onKeyDownCapture} style={{ display: 'contents' }}>
      <BaseInput {...props} value={text.shown} onChangeOverride={onChangeOverride} onBlur={onBlur} />
    </span>
  );
}
