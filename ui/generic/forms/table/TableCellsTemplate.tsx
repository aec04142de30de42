/**
 * rjsf `ObjectFieldTemplate` for one row of a table field: its fields side by side on the
 * columns of the table's header (no row title, no field labels: the header names them; each
 * field's control is labelled by its column's title, out of sight, for a screen reader).
 */
import type { ObjectFieldTemplateProps } from '@rjsf/utils';
import { gridTemplate, tableColumns } from './tableColumns.ts';

export function TableCellsTemplate(props: ObjectFieldTemplateProps) {
  const { properties, schema, uiSchema, fieldPathId, registry } = props;
  const { idSeparator = '_' } = registry.globalFormOptions;
  const columns = tableColumns(schema, uiSchema as Record<string, unknown> | undefined);
  const byName = new Map(properties.map((p) => [p.name, p]));
  return (
    <div className="tb-table-cells" style={{ gridTemplateColumns: gridTemplate(columns) }}>
      {columns.map((c) => {
        const p = byName.get(c.key);
        return (
          <div key={c.key} role="cell" className="tb-table-cell" data-column={c.key}>
            {p && !p.hidden ? (
              <>
                <label htmlFor={`${fieldPathId.$id}${idSeparator}${c.key}`} className="tb-visually-hidden">
                  {c.title}
                </label>
                {p.content}
              </>
            ) : null}
          </div>
        );
      })}
    </div>
  );
}
