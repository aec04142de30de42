/**
 * rjsf's textarea widget (antd theme) holding its own text (`useTypedText`): a key redraws the
 * textarea alone; what is typed goes to the form when typing pauses, when the field is left, before
 * a save and before an Escape.
 */
import { Input } from 'antd';
import { ariaDescribedByIds, type WidgetProps } from '@rjsf/utils';
import { useTypedText, type TypedValues } from './typedValue.ts';

/** @example <Form widgets={{ TextareaWidget: TypedTextarea, textarea: TypedTextarea }} … /> */
export function TypedTextarea(props: WidgetProps) {
  const { id, htmlName, value, disabled, readonly, placeholder, options, registry, onBlur, onFocus } = props;
  const ctx = registry.formContext as { typed?: TypedValues; readonlyAsDisabled?: boolean } | undefined;
  const typed = useTypedText(value, props.onChange, options.emptyValue, ctx?.typed);
  return (
    <Input.TextArea
      key={typed.key}
      defaultValue={typed.defaultValue}
      id={id}
      name={htmlName || id}
      disabled={disabled || ((ctx?.readonlyAsDisabled ?? true) && readonly)}
      placeholder={placeholder}
      rows={(options.rows as number | undefined) || 4}
      style={{ width: '100%' }}
      onChange={readonly ? undefined : ({ target }) => typed.onChange(target.value)}
      onBlur={
        readonly
          ? undefined
          : ({ target }) => {
              typed.hand();
              onBlur(id, target.value);
            }
      }
      onFocus={readonly ? undefined : ({ target }) => onFocus(id, target.value)}
      aria-describedby={ariaDescribedByIds(id)}
    />
  );
}
