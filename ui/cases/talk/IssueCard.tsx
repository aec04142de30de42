import { Button, Card, List, Space, Tag, Typography } from 'antd';
import { CheckOutlined, DeleteOutlined, UndoOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../admin/reports/format.ts';
import type { Issue, IssueAnswer } from './api.ts';
import { SaveState } from './SaveState.tsx';
import { TextBox } from './TextBox.tsx';
import type { OptimisticItem } from './useOptimisticList.ts';

export interface IssueCardProps {
  x: OptimisticItem<Issue>;
  answers: OptimisticItem<IssueAnswer>[];
  /** What the session may do: answer (ANSWER_ISSUE), close / reopen / delete (CLOSEDEL_ISSUE). */
  canAnswer: boolean;
  canManage: boolean;
  onClosed: (closed: boolean) => void;
  onDelete: () => void;
  onAnswer: (text: string) => void;
  onDeleteAnswer: (key: string) => void;
}

/** Who wrote a row, from which unit, when. */
function Byline({ user, unit, date }: { user?: string; unit?: string; date?: string }) {
  return (
    <Typography.Text type="secondary" data-testid="talk-byline">
      {[user, unit, formatDateTime(date)].filter(Boolean).join(' · ')}
    </Typography.Text>
  );
}

/**
 * One review issue: its title with its state (open / closed), description, author, unit and date,
 * its answers, and a box to answer while it is open. Close / reopen and delete, and every answer's
 * delete, only when allowed and only for what the server has stored (not while saving or after a
 * failed save).
 * @example <IssueCard x={x} answers={answersOf(x.key)} canAnswer canManage onClosed={…} … />
 */
export function IssueCard({ x, answers, canAnswer, canManage, onClosed, onDelete, onAnswer, onDeleteAnswer }: IssueCardProps) {
  const { t } = useTranslation();
  const issue = x.item;
  const stored = !x.state;
  const title = (
    <Space size="small" wrap>
      <span data-testid="issue-title">{issue.title}</span>
      <Tag data-testid="issue-status-tag" color={issue.closed ? 'default' : 'orange'}>
        {t(issue.closed ? 'ui.talk.closed' : 'ui.talk.open')}
      </Tag>
      <SaveState state={x.state} />
    </Space>
  );
  const extra = stored && canManage && (
    <Space size="small">
      {issue.closed ? (
        <Button data-testid="issue-reopen" size="small" icon={<UndoOutlined />} onClick={() => onClosed(false)}>
          {t('ui.talk.reopen')}
        </Button>
      ) : (
        <Button data-testid="issue-close" size="small" icon={<CheckOutlined />} onClick={() => onClosed(true)}>
          {t('ui.talk.close')}
        </Button>
      )}
      <Button data-testid="issue-delete" size="small" danger icon={<DeleteOutlined />} aria-label={t('global.delete')} onClick={onDelete} />
    </Space>
  );
  return (
    <Card
      size="small"
      title={title}
      extra={extra}
      data-testid="issue-card"
      data-id={x.key}
      data-closed={issue.closed ? 'true' : 'false'}
      data-state={x.state ?? 'saved'}
      style={{ marginBottom: 12 }}
    >
      <Typography.Paragraph data-testid="issue-description" style={{ whiteSpace: 'pre-wrap' }}>
        {issue.description}
      </Typography.Paragraph>
      <Byline user={issue.user?.name} unit={issue.unit?.name} date={issue.creationDate} />
      {answers.length > 0 && (
        <List
          size="small"
          header={<Typography.Text strong>{t('ui.talk.answers')}</Typography.Text>}
          dataSource={answers}
          rowKey="key"
          renderItem={(a) => (
            <List.Item
              data-testid="answer-item"
              data-state={a.state ?? 'saved'}
              actions={
                !a.state && canManage
                  ? [<Button key="delete" data-testid="answer-delete" size="small" type="text" danger icon={<DeleteOutlined />} aria-label={t('global.delete')} onClick={() => onDeleteAnswer(a.key)} />]
                  : []
              }
            >
              <div style={{ width: '100%' }}>
                <Byline user={a.item.user?.name} unit={a.item.unit?.name} date={a.item.followupDate} />
                <SaveState state={a.state} />
                <Typography.Paragraph data-testid="answer-text" style={{ whiteSpace: 'pre-wrap', marginBottom: 0 }}>
                  {a.item.text}
                </Typography.Paragraph>
              </div>
            </List.Item>
          )}
        />
      )}
      {stored && canAnswer && !issue.closed && <TextBox testId="answer" label={t('ui.talk.answer')} placeholder={t('ui.talk.answerPlaceholder')} onSubmit={onAnswer} />}
    </Card>
  );
}
