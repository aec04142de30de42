/**
 * antd's `Input` holding its own text while the user types, and handing it to `onChange` when
 * typing pauses or the field is left (`useTypedText`): a key redraws the input alone, not the
 * screen whose state keeps the text (the report editor: its filters and every indicator). A value
 * the screen sets is drawn when the user is not typing.
 *
 * @example <HeldTextInput value={s.title ?? ''} onChange={(title) => set({ title })} data-testid="indicator-title-input" />
 */
import { Input, type InputProps } from 'antd';
import { useTypedText } from './forms/typedValue.ts';

export type HeldTextInputProps = Omit<InputProps, 'value' | 'defaultValue' | 'onChange'> & { value: string; onChange: (text: string) => void };

export function HeldTextInput({ value, onChange, onBlur, ...rest }: HeldTextInputProps) {
  const typed = useTypedText(value, (text) => onChange(String(text ?? '')), '');
  return (
    <Input
      {...rest}
      key={typed.key}
      defaultValue={typed.defaultValue}
      onChange={(e) => typed.onChange(e.target.value)}
      onBlur={(e) => {
        typed.hand();
        onBlur?.(e);
      }}
    />
  );
}
