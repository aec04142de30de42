/**
 * The detail of a command-history entry: its text, its items (a `+`/`-` title prefix marks a child
 * item added or removed, drawn as a green or red tag) and its diffs drawn as before → after.
 */
import { ArrowRightOutlined } from '@ant-design/icons';
import { Descriptions, Space, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { HistoryDetail as Detail } from './api.ts';
import { formatValue } from './format.ts';

function ItemTitle({ title }: { title: string }) {
  const { t } = useTranslation();
  const sign = title[0];
  if (sign !== '+' && sign !== '-') return <>{title}</>;
  return (
    <Space size={4}>
      <Tag color={sign === '+' ? 'green' : 'red'} data-testid={sign === '+' ? 'detail-added' : 'detail-removed'}>
        {t(sign === '+' ? 'report.added' : 'report.removed')}
      </Tag>
      {title.slice(1)}
    </Space>
  );
}

export function HistoryDetail({ detail }: { detail: Detail | null | undefined }) {
  const { t } = useTranslation();
  const d = detail ?? {};
  return (
    <div data-testid="history-detail">
      {d.text && <Typography.Paragraph>{d.text}</Typography.Paragraph>}
      {!!d.diffs?.length && (
        <Descriptions
          size="small"
          column={1}
          bordered
          data-testid="detail-diffs"
          items={d.diffs.map((x, i) => ({
            key: i,
            label: x.title,
            children: (
              <Space wrap>
                <Typography.Text delete type="secondary" title={t('report.before')}>
                  {formatValue(x.prevValue)}
                </Typography.Text>
                <ArrowRightOutlined />
                <Typography.Text strong title={t('report.after')}>
                  {formatValue(x.newValue)}
                </Typography.Text>
              </Space>
            ),
          }))}
        />
      )}
      {!!d.items?.length && (
        <Descriptions
          size="small"
          column={1}
          bordered
          style={{ marginTop: d.diffs?.length ? 8 : 0 }}
          data-testid="detail-items"
          items={d.items.map((x, i) => ({ key: i, label: <ItemTitle title={x.title} />, children: formatValue(x.value) }))}
        />
      )}
    </div>
  );
}
