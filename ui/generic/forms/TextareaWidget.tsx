/**
 * rjsf's textarea widget (antd theme) whose key draws the textarea alone and hands the change to
 * rjsf in a transition, as the text inputs do (`deferredChange.ts`).
 *
 * @example <Form widgets={{ TextareaWidget }} … />  // a schema field with "ui:widget": "textarea"
 */
import { Widgets } from '@rjsf/antd';
import type { WidgetProps } from '@rjsf/utils';
import { useDeferredChange } from './deferredChange.ts';

const AntTextarea = Widgets.TextareaWidget;

export function TextareaWidget(props: WidgetProps) {
  const typing = useDeferredChange(props.onChange, props.registry.formContext, typeof props.value === 'string' ? props.value : '');
  // the antd widget hands the text, or the field's empty value for no text
  const change = (value: unknown) => typing.change(typeof value === 'string' ? value : '', value);
  const onBlur = (id: string, value: string) => {
    typing.handOver();
    props.onBlur(id, value);
  };
  return <AntTextarea {...props} value={typing.pending ? typing.typed : props.value} onChange={change} onBlur={onBlur} />;
}
