/**
 * A list with a record counter ("10 000+" past the server's cap, "≈ N" for an estimate), the empty-list warning and page buttons (when `pageSize` is set
 * and the count reaches it). Rendering of each item is the caller's.
 */
import type { ReactNode } from 'react';
import { Flex, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { EmptyListWarning } from './EmptyListWarning.tsx';
import { Pager } from './Pager.tsx';
import { WaitIcon } from './WaitIcon.tsx';
import { countText } from './countText.ts';

export interface PagedListProps<T> {
  items: T[];
  count: number;
  /** The server counted no further than its cap: the count reads "10 000+". */
  countCapped?: boolean;
  /** The server estimated the count: it reads "≈ N". */
  countEstimated?: boolean;
  page?: number;
  pageSize?: number;
  loading?: boolean;
  onPageChange?: (page: number) => void;
  renderItem: (item: T, index: number) => ReactNode;
  /** Shown above the items (an inline "new" form, say). */
  header?: ReactNode;
  /** Shown beside the counter (an add button, say). */
  extra?: ReactNode;
}

export function PagedList<T>({ items, count, countCapped, countEstimated, page = 0, pageSize, loading, onPageChange, renderItem, header, extra }: PagedListProps<T>) {
  const { t, i18n } = useTranslation();
  return (
    <div data-testid="paged-list">
      <Flex justify="space-between" align="center" style={{ marginBottom: 12 }}>
        <Typography.Text type="secondary" data-testid="list-count">
          {/* i18next interpolates the text as given (the key has no plural forms) */}
          {t('ui.common.count', { count: countText(count, { capped: countCapped, estimated: countEstimated }, i18n.language) as unknown as number })}
        </Typography.Text>
        {extra}
      </Flex>
      {header}
      {loading ? (
        <WaitIcon testId="list-loading" />
      ) : items.length === 0 && !header ? (
        <EmptyListWarning />
      ) : (
        <Flex vertical gap={8}>
          {items.map(renderItem)}
        </Flex>
      )}
      {pageSize && onPageChange ? <Pager count={count} pageSize={pageSize} page={page} onChange={onPageChange} /> : null}
    </div>
  );
}
