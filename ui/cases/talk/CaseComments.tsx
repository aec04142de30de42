import { useState } from 'react';
import { Button, Input, List, Space, Typography } from 'antd';
import { DeleteOutlined, EditOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useConfirm } from '../../generic/index.ts';
import { hasPermission, useSession } from '../../session/index.ts';
import { formatDateTime } from '../../admin/reports/format.ts';
import { talkApi, type CaseComment, type CommentGroup } from './api.ts';
import { SaveState } from './SaveState.tsx';
import { TextBox } from './TextBox.tsx';
import { useOptimisticList, type OptimisticItem } from './useOptimisticList.ts';
import { useCaseReadOnly } from '../case/readOnly.ts';

export interface CaseCommentsProps {
  caseId: string;
  group: CommentGroup;
}

/**
 * The comments of one group of a case's data (DATA, PREV_TREATS, CONTACTS, ADV_REACTS, COMORBIDITIES),
 * each with its author and date, and a box to add one (CASE_COMMENTS; 'Добавить' disabled while the
 * text is blank). Saved optimistically (./useOptimisticList.ts): a new comment shows at once marked
 * 'saving', and 'Ошибка - изменения не сохранены в базе данных' if it failed. The author may edit
 * their comment; REM_COMMENTS removes any (after 'Подтвердить удаление?').
 * @example <CaseComments caseId={caseId} group="CONTACTS" />
 */
export default function CaseComments({ caseId, group }: CaseCommentsProps) {
  const { t } = useTranslation();
  const session = useSession();
  const [confirm, confirmDialog] = useConfirm();
  const list = useOptimisticList<CaseComment>(() => talkApi.comments(caseId, group), [caseId, group]);
  const readOnly = useCaseReadOnly();
  const canAdd = hasPermission(session, 'CASE_COMMENTS') && !readOnly;
  const canRemove = hasPermission(session, 'REM_COMMENTS') && !readOnly;
  if (!canAdd && !list.items.length) return null;

  const add = (comment: string) =>
    list.add({ caseId, group, comment, userId: session?.userId, user: { name: session?.userName }, date: new Date().toISOString() }, () =>
      talkApi.addComment({ caseId, group, comment }),
    );
  const mine = (c: CaseComment) => canAdd && (c.userId === session?.userId || !!session?.administrator);

  return (
    <div data-testid="case-comments" data-group={group} style={{ marginTop: 12 }}>
      <Typography.Text strong>{t('ui.talk.comments')}</Typography.Text>
      {list.items.length > 0 && (
        <List
          size="small"
          dataSource={list.items}
          rowKey="key"
          renderItem={(x) => (
            <CommentItem
              x={x}
              canEdit={!x.state && mine(x.item)}
              canRemove={!x.state && canRemove}
              onEdit={(comment) => list.change(x.key, { comment }, () => talkApi.editComment(x.key, comment))}
              onRemove={async () => {
                if (await confirm(t('ui.msg.confirmDelete'))) void list.remove(x.key, () => talkApi.removeComment(x.key));
              }}
            />
          )}
        />
      )}
      {canAdd && <TextBox testId="comment" label={t('global.add')} placeholder={t('ui.talk.commentPlaceholder')} onSubmit={add} />}
      {confirmDialog}
    </div>
  );
}

interface CommentItemProps {
  x: OptimisticItem<CaseComment>;
  canEdit: boolean;
  canRemove: boolean;
  onEdit: (comment: string) => void;
  onRemove: () => void;
}

/** One comment: author, date, text, its save state; edit and delete when allowed and stored. */
function CommentItem({ x, canEdit, canRemove, onEdit, onRemove }: CommentItemProps) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState<string | null>(null);
  const actions = [
    canEdit && <Button key="edit" data-testid="comment-edit" size="small" type="text" icon={<EditOutlined />} aria-label={t('global.edit')} onClick={() => setEditing(x.item.comment)} />,
    canRemove && <Button key="delete" data-testid="comment-delete" size="small" type="text" danger icon={<DeleteOutlined />} aria-label={t('global.delete')} onClick={onRemove} />,
  ].filter(Boolean);
  return (
    <List.Item data-testid="comment-item" data-id={x.key} data-state={x.state ?? 'saved'} actions={editing === null ? actions : []}>
      <div style={{ width: '100%' }}>
        <Space size="small" wrap>
          <Typography.Text strong data-testid="comment-user">{x.item.user?.name ?? ''}</Typography.Text>
          <Typography.Text type="secondary" data-testid="comment-date">{formatDateTime(x.item.date)}</Typography.Text>
          <SaveState state={x.state} />
        </Space>
        {editing === null ? (
          <Typography.Paragraph data-testid="comment-text" style={{ whiteSpace: 'pre-wrap', marginBottom: 0 }}>
            {x.item.comment}
          </Typography.Paragraph>
        ) : (
          <Space direction="vertical" style={{ width: '100%' }}>
            <Input.TextArea data-testid="comment-edit-input" value={editing} autoSize={{ minRows: 1, maxRows: 6 }} maxLength={4000} onChange={(e) => setEditing(e.target.value)} />
            <Space>
              <Button
                data-testid="comment-edit-save"
                type="primary"
                size="small"
                disabled={editing.trim() === ''}
                onClick={() => {
                  onEdit(editing.trim());
                  setEditing(null);
                }}
              >
                {t('global.save')}
              </Button>
              <Button data-testid="comment-edit-cancel" size="small" onClick={() => setEditing(null)}>
                {t('global.cancel')}
              </Button>
            </Space>
          </Space>
        )}
      </div>
    </List.Item>
  );
}
