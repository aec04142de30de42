/**
 * One row of a catalogue as a card: title, subtitle and badges from the list descriptor.
 * Clicking expands it to show Edit and Delete (when editable), or the row read-only
 * ({@link RowView}) for a reader who may not edit.
 */
import type { ReactNode } from 'react';
import { Button, Card, Flex, Space, Tag, Typography } from 'antd';
import { DeleteOutlined, EditOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { Doc, ListDescriptor } from '../../api/index.ts';
import { formatValue } from '../forms/formatValue.ts';
import { RowView } from './RowView.tsx';

export interface CatalogueCardProps {
  /** The table, for the read-only view of an expanded card. */
  table?: string;
  item: Doc;
  list: ListDescriptor;
  properties: Record<string, Record<string, unknown>>;
  expanded: boolean;
  editable: boolean;
  opening?: boolean;
  onToggle: () => void;
  onEdit: () => void;
  onDelete: () => void;
  /** Extra actions beside Edit and Delete (a table's own menu). */
  actions?: ReactNode;
}

/** A field's value as the list shows it: a ref `unitId` joined by the query as `unit: {id, name}`. */
function listValue(item: Doc, field: string): unknown {
  const joined = field.endsWith('Id') ? item[field.slice(0, -2)] : undefined;
  return joined && typeof joined === 'object' ? joined : item[field];
}

export function CatalogueCard({ table, item, list, properties, expanded, editable, opening, onToggle, onEdit, onDelete, actions }: CatalogueCardProps) {
  const { t } = useTranslation();
  const show = (field?: string) => (field ? formatValue(listValue(item, field), properties[field], (k) => t(k)) : '');
  const title = show(list.title ?? 'name') || String(item.id ?? '');
  const subtitle = show(list.subtitle);
  const badges = (list.badges ?? []).filter((b) => item[b.field] === b.value);
  const inactive = item.active === false;

  return (
    <Card
      size="small"
      hoverable
      data-testid="catalogue-item"
      data-id={item.id}
      onClick={onToggle}
      // an inactive record is told by its dashed frame and grey ground, never by fading its text (contrast)
      style={inactive ? { background: '#fafafa', borderStyle: 'dashed' } : undefined}
      data-inactive={inactive || undefined}
    >
      <Flex justify="space-between" align="center" gap={8} wrap>
        <div>
          <Typography.Text strong data-testid="catalogue-item-title">
            {title}
          </Typography.Text>
          {subtitle ? (
            <div>
              <Typography.Text type="secondary" data-testid="catalogue-item-subtitle">
                {subtitle}
              </Typography.Text>
            </div>
          ) : null}
          {badges.length ? (
            <Space size={4} style={{ marginTop: 4 }}>
              {badges.map((b) => (
                <Tag key={b.field + String(b.value)} color={b.color}>
                  {t(b.label)}
                </Tag>
              ))}
            </Space>
          ) : null}
        </div>
        {expanded && editable ? (
          <Space onClick={(e) => e.stopPropagation()}>
            <Button data-testid="catalogue-edit" icon={<EditOutlined />} loading={opening} onClick={onEdit}>
              {t('ui.common.edit')}
            </Button>
            <Button data-testid="catalogue-delete" danger icon={<DeleteOutlined />} onClick={onDelete}>
              {t('ui.common.delete')}
            </Button>
            {actions}
          </Space>
        ) : null}
      </Flex>
      {expanded && !editable && table && item.id ? (
        <div onClick={(e) => e.stopPropagation()}>
          <RowView table={table} id={String(item.id)} />
        </div>
      ) : null}
    </Card>
  );
}
