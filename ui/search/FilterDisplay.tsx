/** The filters a search ran with, above its results (`addFilterDisplay`): each filter's name and its chosen values, as the server words them. */
import { Descriptions } from 'antd';
import type { SearchResult } from '../reports/api.ts';

export function FilterDisplay({ items }: { items: NonNullable<SearchResult['filterDisplay']> }) {
  if (!items.length) return null;
  return (
    <Descriptions
      data-testid="search-filter-display"
      size="small"
      column={1}
      bordered
      style={{ marginBottom: 12 }}
      items={items.map((x) => ({ key: x.id, label: <span data-testid="search-display-name">{x.name}</span>, children: <span data-testid="search-display-value">{x.value}</span> }))}
    />
  );
}
