import { useState } from 'react';
import { Alert, Button, Spin } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { useConfirm } from '../../../generic/index.ts';
import { hasPermission, useSession } from '../../../session/index.ts';
import { talkApi, type Issue, type IssueAnswer } from '../../talk/api.ts';
import { IssueCard } from '../../talk/IssueCard.tsx';
import { NewIssueDialog } from '../../talk/NewIssueDialog.tsx';
import { useOptimisticList } from '../../talk/useOptimisticList.ts';
import { issuesStatus } from '../../talk/status.ts';
import type { CaseTabProps } from '../types.ts';
import { useCaseReadOnly } from '../readOnly.ts';

/**
 * The review issues tab 'Замечания': a status banner ('Более нет вопросов', a
 * congratulation when every issue is closed, 'Найдены открытые вопросы. Проверьте внизу'), the New
 * issue button (NEW_ISSUE) and the issue cards with their answers (ANSWER_ISSUE), closed, reopened
 * and deleted with CLOSEDEL_ISSUE. Every change is shown at once and saved optimistically
 * (../../talk/useOptimisticList.ts).
 */
export default function IssuesTab({ caseId }: CaseTabProps) {
  const { t } = useTranslation();
  const session = useSession();
  const [adding, setAdding] = useState(false);
  const [confirm, confirmDialog] = useConfirm();
  const issues = useOptimisticList<Issue>(() => talkApi.issues(caseId), [caseId]);
  const answers = useOptimisticList<IssueAnswer>(() => talkApi.answers(caseId), [caseId]);
  const readOnly = useCaseReadOnly();
  const canAnswer = hasPermission(session, 'ANSWER_ISSUE') && !readOnly;
  const canManage = hasPermission(session, 'CLOSEDEL_ISSUE') && !readOnly;
  const me = { userId: session?.userId, user: { name: session?.userName }, unit: { name: session?.unitName } };

  const addIssue = ({ title, description }: { title: string; description: string }) => {
    setAdding(false);
    void issues.add({ caseId, title, description, closed: false, ...me, creationDate: new Date().toISOString() }, () => talkApi.addIssue({ caseId, title, description }));
  };
  const deleteIssue = async (key: string) => {
    if (!(await confirm(t('ui.msg.confirmDelete')))) return;
    if (await issues.remove(key, () => talkApi.removeIssue(key))) void answers.reload();
  };
  const deleteAnswer = async (key: string) => {
    if (await confirm(t('ui.msg.confirmDelete'))) void answers.remove(key, () => talkApi.removeAnswer(key));
  };

  if (issues.loading && !issues.items.length) return <Spin data-testid="issues-loading" />;
  const status = issuesStatus(issues.items);
  return (
    <div data-testid="issues-tab">
      <Alert
        data-testid="issues-status"
        data-status={status}
        type={status === 'open' ? 'warning' : status === 'allClosed' ? 'success' : 'info'}
        showIcon
        message={t(`ui.talk.status.${status}`)}
        style={{ marginBottom: 16 }}
      />
      {hasPermission(session, 'NEW_ISSUE') && !readOnly && (
        <Button data-testid="issues-new" type="primary" icon={<PlusOutlined />} onClick={() => setAdding(true)} style={{ marginBottom: 16 }}>
          {t('ui.talk.newIssue')}
        </Button>
      )}
      {issues.items.map((x) => (
        <IssueCard
          key={x.key}
          x={x}
          answers={answers.items.filter((a) => a.item.issueId === x.key)}
          canAnswer={canAnswer}
          canManage={canManage}
          onClosed={(closed) => void issues.change(x.key, { closed }, () => talkApi.setClosed(x.key, closed))}
          onDelete={() => void deleteIssue(x.key)}
          onAnswer={(text) => void answers.add({ issueId: x.key, text, ...me, followupDate: new Date().toISOString() }, () => talkApi.addAnswer({ issueId: x.key, text }))}
          onDeleteAnswer={(key) => void deleteAnswer(key)}
        />
      ))}
      <NewIssueDialog open={adding} onSubmit={addIssue} onCancel={() => setAdding(false)} />
      {confirmDialog}
    </div>
  );
}
