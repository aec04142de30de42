/**
 * rjsf `ArrayFieldTemplate` for a table field (an array of objects): column headers from the
 * rows' field titles (required ones marked), one row a line ({@link TableRowTemplate},
 * {@link TableCellsTemplate}), a line saying the table is empty, and a labelled 'Добавить' button
 * (`id` `<field>__add`). The row-count rule is the field's own error, shown under the table by the
 * field template. `translateSchema` gives every array of objects these templates. An ARIA `table`
 * named by its title: the header a `row` of `columnheader`s, each line a `row` of `cell`s.
 *
 * @example uiSchema: { medicines: { 'ui:ArrayFieldTemplate': 'TableArrayTemplate', … } }
 */
import { PlusOutlined } from '@ant-design/icons';
import { Button, Typography } from 'antd';
import { buttonId, type ArrayFieldTemplateProps, type RJSFSchema } from '@rjsf/utils';
import { useTranslation } from 'react-i18next';
import { gridTemplate, tableColumns } from './tableColumns.ts';

export function TableArrayTemplate(props: ArrayFieldTemplateProps) {
  const { canAdd, disabled, readonly, fieldPathId, items, onAddClick, schema, uiSchema, title, required } = props;
  const { t } = useTranslation();
  const itemsUi = (uiSchema?.items ?? {}) as Record<string, unknown>;
  const columns = tableColumns(schema.items as RJSFSchema | undefined, itemsUi);
  const heading = (uiSchema?.['ui:title'] as string | undefined) ?? title;
  return (
    <fieldset className="tb-table" id={fieldPathId.$id} data-testid={`table-${fieldPathId.$id}`}>
      {heading ? (
        <div className="tb-table-title" id={`${fieldPathId.$id}__title`}>
          {required ? <span className="tb-required">*</span> : null}
          {heading}
        </div>
      ) : null}
      <div role="table" aria-labelledby={heading ? `${fieldPathId.$id}__title` : undefined}>
        <div className="tb-table-line tb-table-head" role="row">
          <div className="tb-table-cells" style={{ gridTemplateColumns: gridTemplate(columns) }}>
            {columns.map((c) => (
              <div key={c.key} role="columnheader" className="tb-table-header" data-testid={`column-${c.key}`}>
                {c.required ? <span className="tb-required">*</span> : null}
                {c.title}
              </div>
            ))}
          </div>
          {readonly ? null : <div className="tb-table-actions" role="cell" />}
        </div>
        {items}
      </div>
      {items.length ? null : (
        <Typography.Text type="secondary" className="tb-table-empty" data-testid="table-empty">
          {t('ui.table.empty')}
        </Typography.Text>
      )}
      {canAdd && !readonly ? (
        <Button
          id={buttonId(fieldPathId, 'add')}
          data-testid={`table-add-${fieldPathId.$id}`}
          className="tb-table-add"
          icon={<PlusOutlined />}
          disabled={disabled}
          onClick={onAddClick}
        >
          {t('ui.common.add')}
        </Button>
      ) : null}
    </fieldset>
  );
}
