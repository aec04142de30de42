/**
 * The chosen report filters, each a labelled control with a remove button, and a select that adds
 * another, its filters grouped as declared ('Filters are grouped, each group having
 * a label'; the list is 300 px high and scrolls). Keyboard: the add select opens with Enter or the
 * arrow keys and types to search; each control is a tab stop with its label; Delete-buttons are named.
 *
 * @example <FilterPanel groups={groups} chosen={ids} values={values} onChange={(ids, values) => …} />
 */
import { Button, Flex, Select, Typography } from 'antd';
import { CloseOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { FilterControl, labelTarget } from '../filters/FilterControl.tsx';
import type { FilterGroup, Filters, FilterValue } from '../filters/types.ts';

export interface FilterPanelProps {
  groups: FilterGroup[];
  /** The filters shown, in the order they were added. */
  chosen: string[];
  values: Filters;
  onChange: (chosen: string[], values: Filters) => void;
}

export function FilterPanel({ groups, chosen, values, onChange }: FilterPanelProps) {
  const { t } = useTranslation();
  const byId = new Map(groups.flatMap((g) => g.filters.map((f) => [f.id, f] as const)));
  const set = (id: string, v: FilterValue | undefined) => {
    const next = { ...values };
    if (v === undefined) delete next[id];
    else next[id] = v;
    onChange(chosen, next);
  };
  const remove = (id: string) => {
    const next = { ...values };
    delete next[id];
    onChange(chosen.filter((x) => x !== id), next);
  };
  return (
    <Flex vertical gap={12} data-testid="search-filters">
      {chosen.map((id) => {
        const f = byId.get(id);
        if (!f) return null;
        return (
          <Flex key={id} gap={8} align="center" wrap data-testid="search-filter" data-id={id}>
            <label htmlFor={labelTarget(f)} style={{ minWidth: 200, fontWeight: 500 }}>
              {f.name}
            </label>
            <FilterControl filter={f} value={values[id]} onChange={(v) => set(id, v)} />
            <Button type="text" icon={<CloseOutlined />} aria-label={t('ui.search.remove', { name: f.name })} data-testid="search-filter-remove" onClick={() => remove(id)} />
          </Flex>
        );
      })}
      {chosen.length ? null : <Typography.Text type="secondary" data-testid="search-no-filters">{t('ui.search.noFilters')}</Typography.Text>}
      <Flex gap={8} align="center">
        <label htmlFor="search-add-filter" style={{ minWidth: 200, fontWeight: 500 }}>
          {t('ui.search.addFilter')}
        </label>
        <Select
          id="search-add-filter"
          data-testid="search-add-filter"
          showSearch={{ optionFilterProp: 'label' }}
          style={{ minWidth: 260 }}
          listHeight={300}
          placeholder={t('ui.search.choose')}
          value={null}
          options={groups.map((g) => ({
            label: <span data-testid="search-filter-group">{g.label}</span>,
            title: g.label,
            options: g.filters.filter((f) => !chosen.includes(f.id)).map((f) => ({ value: f.id, label: f.name })),
          })).filter((g) => g.options.length)}
          onChange={(id: string) => id && onChange([...chosen, id], values)}
        />
      </Flex>
    </Flex>
  );
}
