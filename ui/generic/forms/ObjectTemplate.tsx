/**
 * rjsf's object template of the antd theme, with each field's column drawn again only when that
 * field's own props changed: a key redraws its field, not the antd `Col` (and its tokens) of every
 * field of the form. Same layout as `@rjsf/antd`'s template with the form's `colSpan` of 24.
 */
import { memo, useContext, type ReactElement } from 'react';
import { Col, ConfigProvider, Row } from 'antd';
import { buttonId, canExpand, deepEquals, getTemplate, getUiOptions, titleId, type ObjectFieldTemplateProps } from '@rjsf/utils';

/** A field's column; its content's props compared as rjsf compares a field's (functions aside). */
const FieldColumn = memo(
  function FieldColumn({ content }: { name: string; content: ReactElement }) {
    return <Col span={24}>{content}</Col>;
  },
  (a, b) => a.name === b.name && a.content.type === b.content.type && deepEquals(a.content.props, b.content.props),
);

/**
 * @example <Form templates={{ ObjectFieldTemplate: ObjectTemplate }} … />
 */
export function ObjectTemplate(props: ObjectFieldTemplateProps) {
  const { disabled, formData, fieldPathId, onAddProperty, optionalDataControl, properties, readonly, required, registry, schema, title, uiSchema } = props;
  const uiOptions = getUiOptions(uiSchema);
  const TitleFieldTemplate = getTemplate('TitleFieldTemplate', registry, uiOptions);
  const { AddButton } = registry.templates.ButtonTemplates;
  const { labelAlign = 'right', rowGutter = 24 } = registry.formContext as { labelAlign?: string; rowGutter?: number };
  const withControl = !readonly && !disabled;
  const labelCls = `${useContext(ConfigProvider.ConfigContext).getPrefixCls('form')}-item-label`;
  return (
    <fieldset id={fieldPathId.$id}>
      <Row gutter={rowGutter}>
        {title ? (
          <Col className={labelAlign === 'left' ? `${labelCls} ${labelCls}-left` : labelCls} span={24}>
            <TitleFieldTemplate id={titleId(fieldPathId)} title={title} required={required} schema={schema} uiSchema={uiSchema} registry={registry} optionalDataControl={withControl ? optionalDataControl : undefined} />
          </Col>
        ) : null}
        {!withControl ? <Col span={24}>{optionalDataControl}</Col> : null}
        {properties
          .filter((e) => !e.hidden)
          .map((e) => (
            <FieldColumn key={e.name} name={e.name} content={e.content} />
          ))}
      </Row>
      {canExpand(schema, uiSchema, formData) ? (
        <Col span={24}>
          <Row gutter={rowGutter} justify="end">
            <Col flex="120px">
              <AddButton id={buttonId(fieldPathId, 'add')} className="rjsf-object-property-expand" disabled={disabled || readonly} onClick={onAddProperty} uiSchema={uiSchema} registry={registry} />
            </Col>
          </Row>
        </Col>
      ) : null}
    </fieldset>
  );
}
