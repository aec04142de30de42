/** The filters a report or a drill-through runs under, as tags 'name: values' (none: 'Без фильтров'). */
import { Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { FilterText } from './filterText.ts';

export function FilterDisplay({ items, testId = 'filter-display' }: { items: FilterText[]; testId?: string }) {
  const { t } = useTranslation();
  return (
    <Space size={[4, 4]} wrap data-testid={testId}>
      <Typography.Text type="secondary">{t('ui.reports.filters')}:</Typography.Text>
      {items.length ? (
        items.map((f) => (
          <Tag key={f.id} data-testid="filter-item" data-id={f.id}>
            {f.name}: {f.value}
          </Tag>
        ))
      ) : (
        <Typography.Text type="secondary">{t('ui.reports.noFilters')}</Typography.Text>
      )}
    </Space>
  );
}
