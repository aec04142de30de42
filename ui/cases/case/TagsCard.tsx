import { Button, Card, Space, Tag, Typography } from 'antd';
import { EditOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { CaseTag } from './types.ts';

/**
 * The tags card 'Отметки': the case's tags (manual blue, automatic green), or 'Нет
 * закладок в этом случае'; the edit button (only with CASE_TAG) opens the tag dialog.
 * @example <TagsCard tags={tbcase.tags} onEdit={canTag ? () => setTagging(true) : undefined} />
 */
export function TagsCard({ tags, onEdit }: { tags: CaseTag[]; onEdit?: () => void }) {
  const { t } = useTranslation();
  return (
    <Card
      size="small"
      data-testid="case-tags"
      title={t('ui.casePage.tags')}
      extra={onEdit && <Button data-testid="case-tags-edit" size="small" icon={<EditOutlined />} onClick={onEdit} aria-label={t('ui.casePage.editTags')} />}
      style={{ marginBottom: 16 }}
    >
      {tags.length ? (
        <Space wrap>
          {tags.map((g) => (
            <Tag key={g.id} data-testid="case-tag" data-type={g.type} color={g.type === 'AUTO' ? 'green' : 'blue'}>
              {g.name}
            </Tag>
          ))}
        </Space>
      ) : (
        <Typography.Text data-testid="case-tags-empty" type="secondary">
          {t('ui.casePage.noTags')}
        </Typography.Text>
      )}
    </Card>
  );
}
