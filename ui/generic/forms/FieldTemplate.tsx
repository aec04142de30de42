/**
 * rjsf's field template of the antd theme (label, errors, help around a field: antd's `Form.Item`)
 * with the form's conditions applied and drawn again only when the frame itself changes.
 *
 * A key changes the field typed in and every object above it (their form data), so rjsf draws their
 * templates again; antd's `Form.Item` is costly to draw (its style hooks, its debounced errors): in
 * the case edit dialog three of them per key were nearly half the render time
 * (`npm run bench:typing -- --form 'case edit' --profile`). Here the `Form.Item` is drawn by a
 * memoised frame compared by what it shows (label, errors, help, description, required…), and the
 * field's content reaches the slot inside it through a context, so a key draws the content and
 * not the frames around it.
 */
import { createContext, memo, useContext, type ComponentType, type ReactNode } from 'react';
import { NoStyleItemContext } from 'antd/es/form/context.js';
import { Templates } from '@rjsf/antd';
import { ADDITIONAL_PROPERTY_FLAG, deepEquals, type FieldTemplateProps } from '@rjsf/utils';

const AntFieldTemplate = Templates.FieldTemplate as ComponentType<FieldTemplateProps>;

/** What `x-visible` says of the edited document (`engine/visibility.ts`), as dotted paths; in the form context. */
export interface Shown {
  hidden: string[];
  required: string[];
}

/** A field's content, handed past its memoised frame to the slot inside it. */
const FieldContent = createContext<ReactNode>(null);

function FieldSlot() {
  return <>{useContext(FieldContent)}</>;
}

/** The props the antd template and its `WrapIfAdditionalTemplate` draw (its elements come from the raw values). */
const FRAME_PROPS = ['id', 'classNames', 'style', 'label', 'displayLabel', 'required', 'hidden', 'readonly', 'disabled', 'rawErrors', 'rawHelp', 'rawDescription', 'schema', 'uiSchema', 'registry'] as const;

/**
 * antd's `Form.Item` around the slot. An object's or a list's `Form.Item` hands the items inside it
 * a new callback (its `NoStyleItemContext`, for `noStyle` items, which rjsf never draws) each time it
 * is drawn, which drew every `Form.Item` inside it again: inside them the context is null, as with
 * no item above.
 */
const FieldFrame = memo(
  function FieldFrame(props: FieldTemplateProps) {
    const container = props.schema.type === 'object' || props.schema.type === 'array';
    return (
      <AntFieldTemplate {...props}>
        {container ? (
          <NoStyleItemContext.Provider value={null}>
            <FieldSlot />
          </NoStyleItemContext.Provider>
        ) : (
          <FieldSlot />
        )}
      </AntFieldTemplate>
    );
  },
  (a, b) => FRAME_PROPS.every((k) => a[k] === b[k] || deepEquals(a[k], b[k])),
);

/**
 * A field hidden by its condition draws nothing (in a table row: an empty cell); one required while
 * shown is marked required. rjsf re-renders the fields when the form context's `shown` changes.
 *
 * @example <Form templates={{ FieldTemplate: ConditionalFieldTemplate }} formContext={{ shown }} … />
 */
export function ConditionalFieldTemplate(props: FieldTemplateProps) {
  const shown = (props.registry.formContext as { shown?: Shown }).shown;
  const key = props.fieldPathId.path.join('.');
  if (key && shown?.hidden.includes(key)) return null;
  const required = props.required || !!shown?.required.includes(key);
  // a property the user names (additionalProperties) is renamed and removed through the frame's handlers: drawn as is
  if (ADDITIONAL_PROPERTY_FLAG in props.schema) return <AntFieldTemplate {...props} required={required} />;
  return (
    <FieldContent.Provider value={props.children}>
      <FieldFrame {...props} required={required} />
    </FieldContent.Provider>
  );
}
