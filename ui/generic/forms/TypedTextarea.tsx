/**
 * rjsf's textarea widget (antd theme) whose text goes to the form when typing pauses or the field is
 * left (`typedValue.ts`): a key redraws the textarea only.
 */
import { Widgets } from '@rjsf/antd';
import type { WidgetProps } from '@rjsf/utils';
import { useTypedValue, type TypedValues } from './typedValue.ts';

const Textarea = Widgets.TextareaWidget;

/** @example <Form widgets={{ TextareaWidget: TypedTextarea, textarea: TypedTextarea }} … /> */
export function TypedTextarea(props: WidgetProps) {
  const typed = useTypedValue(props.value, props.onChange, (props.registry.formContext as { typed?: TypedValues } | undefined)?.typed);
  const onBlur = (id: string, value: unknown) => {
    typed.hand();
    props.onBlur(id, value);
  };
  return <Textarea {...props} value={typed.value} onChange={typed.onChange} onBlur={onBlur} />;
}
