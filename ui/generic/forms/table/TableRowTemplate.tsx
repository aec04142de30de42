/**
 * rjsf `ArrayFieldItemTemplate` for a table field: the row's cells on one line, then its buttons
 * (move up, move down, delete; ids `<field>_<i>__moveUp|moveDown|remove`).
 */
import { getTemplate, getUiOptions, type ArrayFieldItemTemplateProps } from '@rjsf/utils';

export function TableRowTemplate(props: ArrayFieldItemTemplateProps) {
  const { children, buttonsProps, hasToolbar, index, registry, uiSchema, readonly } = props;
  const Buttons = getTemplate('ArrayFieldItemButtonsTemplate', registry, getUiOptions(uiSchema));
  return (
    <div className="tb-table-line tb-table-row" role="row" data-testid="table-row" data-index={index}>
      <div className="tb-table-row-fields">{children}</div>
      {readonly ? null : <div className="tb-table-actions" role="cell">{hasToolbar ? <Buttons {...buttonsProps} /> : null}</div>}
    </div>
  );
}
