/**
 * The filters of a report or of one indicator: the chosen ones, each with its value
 * and a remove button, and 'Добавить фильтр' opening the filters in their labelled groups in a
 * popup 300 px high that scrolls; a filter already chosen is not offered again.
 */
import { useState } from 'react';
import { Button, Flex, Popover, Typography } from 'antd';
import { CloseOutlined, FilterOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { FilterControl, labelTarget } from '../filters/FilterControl.tsx';
import type { FilterValue, Filters, ReportInit } from './api.ts';
import { filterIndex } from './filterText.ts';

export const FILTER_POPUP_HEIGHT = 300;

/** `idPrefix`: where several editors share a page (the report's and each indicator's), their controls' ids kept apart. */
export function FiltersEditor({ init, value, onChange, testId, idPrefix = `${testId}-` }: { init: ReportInit; value: Filters; onChange: (f: Filters) => void; testId: string; idPrefix?: string }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const index = filterIndex(init);
  const add = (id: string) => {
    const def = index.get(id)!;
    onChange({ ...value, [id]: def.type === 'multiSelect' ? [] : def.type === 'period' ? {} : (def.resources.options[0]?.value ?? null) });
    setOpen(false);
  };
  // a cleared select keeps its place, empty (null: filters nothing), as a cleared multi-select keeps []
  const set = (id: string, v: FilterValue | undefined) => onChange({ ...value, [id]: v ?? null });
  const remove = (id: string) => onChange(Object.fromEntries(Object.entries(value).filter(([k]) => k !== id)));
  const popup = (
    <div data-testid="filter-popup" style={{ height: FILTER_POPUP_HEIGHT, overflowY: 'auto', width: 300 }}>
      {init.filters.map((g) => (
        <div key={g.id} role="group" aria-labelledby={`${testId}-group-${g.id}`}>
          <Typography.Text strong id={`${testId}-group-${g.id}`} style={{ display: 'block', padding: '6px 8px 2px' }} data-testid="filter-group">
            {g.label}
          </Typography.Text>
          {g.filters.map((f) => (
            <Button key={f.id} type="text" block style={{ justifyContent: 'flex-start' }} disabled={f.id in value} data-testid="filter-option" data-id={f.id} onClick={() => add(f.id)}>
              {f.name}
            </Button>
          ))}
        </div>
      ))}
    </div>
  );
  return (
    <Flex vertical gap={8} data-testid={testId}>
      {Object.entries(value).map(([id, v]) => {
        const def = index.get(id);
        if (!def) return null;
        return (
          <Flex key={id} gap={8} align="center" wrap data-testid="filter-field" data-id={id}>
            <label htmlFor={labelTarget(def, idPrefix)} style={{ minWidth: 160 }}>
              {def.name}
            </label>
            <FilterControl filter={def} value={v} onChange={(x) => set(id, x)} idPrefix={idPrefix} />
            <Button type="text" size="small" icon={<CloseOutlined />} aria-label={t('ui.reports.removeFilter', { name: def.name })} data-testid="filter-remove" onClick={() => remove(id)} />
          </Flex>
        );
      })}
      <div>
        <Popover open={open} onOpenChange={setOpen} trigger="click" placement="bottomLeft" content={popup}>
          <Button size="small" icon={<FilterOutlined />} data-testid="filter-add">
            {t('ui.reports.addFilter')}
          </Button>
        </Popover>
      </div>
    </Flex>
  );
}
