/**
 * rjsf `ObjectFieldTemplate` for one row of a table field: its fields side by side on the
 * columns of the table's header (no row title, no field labels: the header names them).
 */
import type { ObjectFieldTemplateProps } from '@rjsf/utils';
import { gridTemplate, tableColumns } from './tableColumns.ts';

export function TableCellsTemplate(props: ObjectFieldTemplateProps) {
  const { properties, schema, uiSchema } = props;
  const columns = tableColumns(schema, uiSchema as Record<string, unknown> | undefined);
  const byName = new Map(properties.map((p) => [p.name, p]));
  return (
    <div className="tb-table-cells" style={{ gridTemplateColumns: gridTemplate(columns) }}>
      {columns.map((c) => {
        const p = byName.get(c.key);
        return (
          <div key={c.key} role="cell" className="tb-table-cell" data-column={c.key}>
            {p && !p.hidden ? p.content : null}
          </div>
        );
      })}
    </div>
  );
}
