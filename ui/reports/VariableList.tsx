/**
 * The column or the row variables of an indicator: the chosen ones as removable
 * tags, and a grouped select adding one more — only variables that may stand on this side, never
 * one already in the list.
 */
import { Flex, Select, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ReportInit } from './api.ts';

export const MAX_VARIABLES = 3;

export function VariableList({ init, side, value, onChange, label }: { init: ReportInit; side: 'rows' | 'columns'; value: string[]; onChange: (v: string[]) => void; label: string }) {
  const { t } = useTranslation();
  const names = new Map(init.variables.flatMap((g) => g.variables.map((v) => [v.id, v.name] as const)));
  const options = init.variables
    .map((g) => ({ label: g.label, title: g.label, options: g.variables.filter((v) => v[side]).map((v) => ({ value: v.id, label: v.name, disabled: value.includes(v.id) })) }))
    .filter((g) => g.options.length);
  return (
    <Flex gap={6} align="center" wrap data-testid={`vars-${side}`} role="group" aria-label={label}>
      {value.map((id) => (
        <Tag
          key={id}
          color="green"
          data-testid="var-tag"
          data-id={id}
          closable
          closeIcon={<span aria-label={t('ui.reports.removeVariable', { name: names.get(id) ?? id })}>×</span>}
          onClose={(e) => {
            e.preventDefault();
            onChange(value.filter((x) => x !== id));
          }}
        >
          {names.get(id) ?? id}
        </Tag>
      ))}
      {value.length < MAX_VARIABLES ? (
        <Select
          data-testid="var-add"
          aria-label={`${label}: ${t('ui.reports.addVariable')}`}
          placeholder={t('ui.reports.addVariable')}
          style={{ minWidth: 220 }}
          showSearch={{ optionFilterProp: 'label' }}
          value={null}
          options={options}
          onChange={(id: string) => !value.includes(id) && onChange([...value, id])}
        />
      ) : null}
    </Flex>
  );
}
