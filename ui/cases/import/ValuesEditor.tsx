/**
 * The values of the file's coded columns the server could not match by code or name (`matched:
 * null`), each with a choice among the field's options; a choice goes into the mapping's `values`.
 * Values matched already are counted, not listed.
 */
import { Select, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ColumnValues, ImportMapping } from './api.ts';

export function ValuesEditor({ columns, mapping, onChange }: { columns: ColumnValues[]; mapping: ImportMapping; onChange: (m: ImportMapping) => void }) {
  const { t } = useTranslation();
  const rows = columns.flatMap((c) => c.values.filter((v) => v.matched === null || v.byUser).map((v) => ({ key: `${c.field}\u0000${v.text}`, column: c, value: v })));
  if (!rows.length) return null;
  const choose = (field: string, text: string, value: string | undefined) => {
    const forField = { ...mapping.values[field] };
    if (value) forField[text] = value;
    else delete forField[text];
    onChange({ ...mapping, values: { ...mapping.values, [field]: forField } });
  };
  return (
    <div data-testid="import-values">
      <Typography.Paragraph strong>{t('ui.import.unmatched')}</Typography.Paragraph>
      <Table
        size="small"
        pagination={false}
        dataSource={rows}
        onRow={(r) => ({ 'data-testid': 'import-value', 'data-field': r.column.field, 'data-text': r.value.text }) as never}
        columns={[
          { title: t('ui.import.column'), render: (_: unknown, r) => `${r.column.column} (${r.column.label})` },
          { title: t('ui.import.valueInFile'), render: (_: unknown, r) => t('ui.import.valueCount', { text: r.value.text, count: r.value.count }) },
          {
            title: t('ui.import.matchedTo'),
            render: (_: unknown, r) => (
              <Select
                aria-label={t('ui.import.valueMeans', { text: r.value.text })}
                showSearch
                allowClear
                optionFilterProp="label"
                style={{ minWidth: 240 }}
                value={mapping.values[r.column.field]?.[r.value.text]}
                onChange={(v) => choose(r.column.field, r.value.text, v)}
                options={r.column.options ?? []}
              />
            ),
          },
        ]}
      />
    </div>
  );
}
