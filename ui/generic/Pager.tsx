/**
 * Page buttons: first, previous, a window of at most 5 page numbers, next, last.
 * Pages are 0-based in props and shown 1-based. Hidden when everything fits on one page.
 */
import { Button, Space } from 'antd';
import { DoubleLeftOutlined, DoubleRightOutlined, LeftOutlined, RightOutlined } from '@ant-design/icons';

export const PAGER_BUTTONS = 5;

export interface PagerProps {
  count: number;
  pageSize: number;
  page: number;
  onChange: (page: number) => void;
}

/** The page numbers (0-based) to show around `page`. */
export function pageWindow(page: number, pages: number, size = PAGER_BUTTONS): number[] {
  const first = Math.max(0, Math.min(page - Math.floor(size / 2), pages - size));
  const last = Math.min(pages, first + size);
  return Array.from({ length: last - first }, (_, i) => first + i);
}

export function Pager({ count, pageSize, page, onChange }: PagerProps) {
  if (!pageSize || count < pageSize) return null;
  const pages = Math.max(1, Math.ceil(count / pageSize));
  const go = (p: number) => p !== page && p >= 0 && p < pages && onChange(p);
  return (
    <Space data-testid="pager" wrap size={4} style={{ margin: '12px 0' }}>
      <Button size="small" icon={<DoubleLeftOutlined />} disabled={page === 0} onClick={() => go(0)} data-testid="pager-first" />
      <Button size="small" icon={<LeftOutlined />} disabled={page === 0} onClick={() => go(page - 1)} data-testid="pager-prev" />
      {pageWindow(page, pages).map((p) => (
        <Button
          key={p}
          size="small"
          type={p === page ? 'primary' : 'default'}
          onClick={() => go(p)}
          data-testid={`pager-page-${p + 1}`}
          aria-current={p === page ? 'page' : undefined}
        >
          {p + 1}
        </Button>
      ))}
      <Button size="small" icon={<RightOutlined />} disabled={page >= pages - 1} onClick={() => go(page + 1)} data-testid="pager-next" />
      <Button size="small" icon={<DoubleRightOutlined />} disabled={page >= pages - 1} onClick={() => go(pages - 1)} data-testid="pager-last" />
    </Space>
  );
}
