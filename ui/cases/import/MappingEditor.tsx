/**
 * The mapping of a file's sheets and columns to fields: each sheet's role (the cases, an exam, or not
 * imported), each column's field, and a value for each field every case needs that no column gives
 * (the diagnosis type, the classification, the unit…). Changes go to `onChange`; the server checks it.
 */
import { Input, Select, Space, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { FieldsView, ImportJob, ImportMapping, SheetMapping } from './api.ts';

const NONE = '';

export function MappingEditor({ job, fields, mapping, onChange }: { job: ImportJob; fields: FieldsView; mapping: ImportMapping; onChange: (m: ImportMapping) => void }) {
  const { t } = useTranslation();
  const roleOf = (role: string | null) => fields.roles.find((r) => r.role === role);
  const sheetOf = (name: string): SheetMapping => mapping.sheets.find((s) => s.name === name) ?? { name, role: null, columns: {} };
  const setSheet = (s: SheetMapping) => onChange({ ...mapping, sheets: [...job.sheets.map((x) => (x.name === s.name ? s : sheetOf(x.name)))] });
  const caseSheet = mapping.sheets.find((s) => s.role === 'case');
  const caseFields = roleOf('case')?.fields ?? [];
  const unmapped = fields.required.filter((id) => !caseSheet || !Object.values(caseSheet.columns).includes(id));
  const setFixed = (id: string, value: string | undefined) => {
    const fixed = { ...mapping.fixed };
    if (value === undefined || value === '') delete fixed[id];
    else fixed[id] = value;
    onChange({ ...mapping, fixed });
  };

  return (
    <Space direction="vertical" size="large" style={{ width: '100%' }} data-testid="import-mapping">
      {job.sheets.map((sheet) => {
        const m = sheetOf(sheet.name);
        const role = roleOf(m.role);
        return (
          <div key={sheet.name} data-testid="import-sheet" data-sheet={sheet.name}>
            <Space wrap>
              <Typography.Text strong>{t('ui.import.sheet', { name: sheet.name, rows: sheet.rows })}</Typography.Text>
              <Select
                aria-label={t('ui.import.sheetRole', { name: sheet.name })}
                style={{ minWidth: 260 }}
                value={m.role ?? NONE}
                onChange={(v) => setSheet({ name: sheet.name, role: v || null, columns: v === m.role ? m.columns : {} })}
                options={[{ value: NONE, label: t('ui.import.notImported') }, ...fields.roles.map((r) => ({ value: r.role, label: r.label }))]}
              />
            </Space>
            {role && (
              <Table
                size="small"
                pagination={false}
                rowKey="header"
                style={{ marginTop: 8 }}
                onRow={(r) => ({ 'data-testid': 'import-column', 'data-column': r.header }) as never}
                dataSource={sheet.headers.map((header) => ({ header }))}
                columns={[
                  { title: t('ui.import.column'), dataIndex: 'header', width: '40%' },
                  {
                    title: t('ui.import.field'),
                    render: (_: unknown, r: { header: string }) => (
                      <Select
                        aria-label={t('ui.import.columnField', { column: r.header })}
                        showSearch
                        optionFilterProp="label"
                        style={{ width: '100%' }}
                        value={m.columns[r.header] ?? NONE}
                        onChange={(v) => {
                          const columns = { ...m.columns };
                          if (v) columns[r.header] = v;
                          else delete columns[r.header];
                          setSheet({ ...m, columns });
                        }}
                        options={[{ value: NONE, label: t('ui.import.notImported') }, ...role.fields.map((f) => ({ value: f.id, label: f.label }))]}
                      />
                    ),
                  },
                ]}
              />
            )}
          </div>
        );
      })}
      {caseSheet && unmapped.length > 0 && (
        <div data-testid="import-fixed">
          <Typography.Text strong>{t('ui.import.fixed')}</Typography.Text>
          <Table
            size="small"
            pagination={false}
            rowKey="id"
            onRow={(f) => ({ 'data-testid': 'import-fixed-row', 'data-field': f.id }) as never}
            dataSource={unmapped.map((id) => caseFields.find((f) => f.id === id)).filter((f) => !!f)}
            columns={[
              { title: t('ui.import.field'), dataIndex: 'label', width: '40%' },
              {
                title: t('ui.import.value'),
                render: (_: unknown, f: FieldsView['roles'][number]['fields'][number]) =>
                  f.options ? (
                    <Select
                      aria-label={f.label}
                      showSearch
                      optionFilterProp="label"
                      allowClear
                      style={{ width: '100%' }}
                      value={mapping.fixed[f.id] === undefined ? undefined : String(mapping.fixed[f.id])}
                      onChange={(v) => setFixed(f.id, v)}
                      options={f.options}
                    />
                  ) : (
                    <Input aria-label={f.label} value={String(mapping.fixed[f.id] ?? '')} onChange={(e) => setFixed(f.id, e.target.value)} />
                  ),
              },
            ]}
          />
        </div>
      )}
    </Space>
  );
}
