/**
 * A plain text field of a schema form (a string drawn as rjsf's text input): antd's `Input` holding
 * its own text (`useTypedText`), the field's `x-transform` applied as the user types (the caret
 * kept where it was) and its text trimmed when the field is left. What is typed goes to the form
 * when typing pauses, when the field is left, before a save and before an Escape.
 */
import type { ChangeEvent, FocusEvent } from 'react';
import { Input } from 'antd';
import { ariaDescribedByIds, type BaseInputTemplateProps } from '@rjsf/utils';
import { isTextTransform, transformText } from './textTransform.ts';
import { useTypedText, type TypedValues } from './typedValue.ts';

/**
 * Whether rjsf's own input is needed for these props (a password, an input type other than text, examples, a clear button, a custom change).
 * @example usesBaseInput({ type: 'password', … }) // true
 */
export function usesBaseInput(props: BaseInputTemplateProps): boolean {
  const { type, onChangeOverride, schema, options } = props;
  return (!!type && type !== 'text') || !!onChangeOverride || !!schema.examples || !!options.allowClearTextInputs || !!options.inputType;
}

export function TypedTextInput(props: BaseInputTemplateProps) {
  const { id, htmlName, value, disabled, readonly, required, placeholder, autofocus, options, schema, registry, onBlur, onFocus } = props;
  const ctx = registry.formContext as { typed?: TypedValues; readonlyAsDisabled?: boolean } | undefined;
  const typed = useTypedText(value, props.onChange, options.emptyValue, ctx?.typed);
  const kind = isTextTransform(schema['x-transform']) ? schema['x-transform'] : undefined;
  const change = ({ target }: ChangeEvent<HTMLInputElement>) => {
    if (kind) {
      // rewritten before rc-input reads it, so the caret stays where the user typed
      const next = transformText(target.value, kind, true);
      if (next !== target.value) {
        const { selectionStart, selectionEnd } = target;
        target.value = next;
        target.setSelectionRange(selectionStart, selectionEnd);
      }
    }
    typed.onChange(target.value);
  };
  const leave = ({ target }: FocusEvent<HTMLInputElement>) => {
    const done = kind ? transformText(target.value, kind) : target.value;
    if (done !== target.value) typed.replace(done);
    else typed.hand();
    onBlur(id, done);
  };
  return (
    <Input
      key={typed.key}
      defaultValue={typed.defaultValue}
      id={id}
      name={htmlName || id}
      type="text"
      autoComplete={options.autocomplete as string | undefined}
      disabled={disabled || ((ctx?.readonlyAsDisabled ?? true) && readonly)}
      autoFocus={autofocus}
      placeholder={placeholder}
      required={required}
      style={{ width: '100%' }}
      onChange={readonly ? undefined : change}
      onBlur={readonly ? undefined : leave}
      onFocus={readonly ? undefined : ({ target }) => onFocus(id, target.value)}
      aria-describedby={ariaDescribedByIds(id)}
    />
  );
}
