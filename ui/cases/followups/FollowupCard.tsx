/**
 * One follow-up exam as a read-only card: its type, date and month of treatment, the fields the
 * server names for it (`item.view`: labels, enum texts, references by name, hidden fields left
 * out), and Edit / Delete for a user who may change its type.
 *
 * @example <FollowupCard item={item} canChange onEdit={() => edit(item)} onDelete={() => remove(item)} />
 */
import { Button, Card, Descriptions, Flex, Space, Tag, Typography } from 'antd';
import { DeleteOutlined, EditOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { dateText } from '../treatment/format.ts';
import type { FollowupItem } from './api.ts';

export interface FollowupCardProps {
  item: FollowupItem;
  canChange: boolean;
  /** Mark it as the newest of its type (when the case has several of that type). */
  showLatest?: boolean;
  onEdit: () => void;
  onDelete: () => void;
}

export function FollowupCard({ item, canChange, showLatest, onEdit, onDelete }: FollowupCardProps) {
  const { t } = useTranslation();
  const title = (
    <Flex gap={8} align="center" wrap>
      <Typography.Text strong data-testid="followup-name">
        {item.name}
      </Typography.Text>
      <Typography.Text data-testid="followup-date">{dateText(item.data.date)}</Typography.Text>
      <Tag color={item.monthOfTreatment === 0 ? 'orange' : 'green'} data-testid="followup-month">
        {item.month}
      </Tag>
      {showLatest && item.latest ? <Tag data-testid="followup-latest">{t('ui.followups.latest')}</Tag> : null}
    </Flex>
  );
  const actions = canChange ? (
    <Space>
      <Button size="small" data-testid="followup-edit" icon={<EditOutlined />} onClick={onEdit}>
        {t('ui.common.edit')}
      </Button>
      <Button size="small" danger data-testid="followup-delete" icon={<DeleteOutlined />} onClick={onDelete}>
        {t('ui.common.delete')}
      </Button>
    </Space>
  ) : null;
  return (
    <Card size="small" title={title} extra={actions} data-testid="followup-card" data-type={item.type} data-id={item.data.id}>
      {item.view.length ? (
        <Descriptions column={{ xs: 1, md: 2 }} size="small">
          {item.view.map((v, i) => (
            <Descriptions.Item key={i} label={v.title}>
              <span style={{ whiteSpace: 'pre-line' }}>{v.value === null || v.value === undefined ? '' : String(v.value)}</span>
            </Descriptions.Item>
          ))}
        </Descriptions>
      ) : null}
    </Card>
  );
}
