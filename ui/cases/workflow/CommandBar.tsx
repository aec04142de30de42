/**
 * The case's command bar: validate, suspect follow-up, close, reopen, transfer, tags
 * and delete — each shown only when the server lists the action as allowed for this user and case
 * now (`useCaseActions`: permission, state, unit); the transferring warning with its confirm / roll
 * back; and every workflow dialog. After each change the case is read again (`reload`).
 */
import { useState } from 'react';
import { Button, Modal, Space } from 'antd';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { errorsOf } from '../../api/index.ts';
import { useConfirm } from '../../generic/index.ts';
import { hasPermission, useSession } from '../../session/index.ts';
import type { CaseView } from '../case/types.ts';
import { caseCalls } from './calls.ts';
import CloseWarning from '../treatment/CloseWarning.tsx';
import { ActionFormDialog } from './ActionFormDialog.tsx';
import { SuspectFollowupDialog } from './SuspectFollowupDialog.tsx';
import { today } from './calls.ts';
import { TransferWarning } from './TransferWarning.tsx';
import { useCaseActions } from './useCaseActions.ts';
import { closeOutcomes } from '../../../cases/workflow/rules.ts';

/** What the command bar of the case page needs: the case, how to reload it, and the tag dialog's open state (the tags card opens it too). */
export interface CommandBarProps {
  tbcase: CaseView;
  reload: () => void;
  tagging: boolean;
  setTagging: (open: boolean) => void;
}

type Dialog = 'close' | 'transferOut' | 'transferIn' | 'suspect' | 'deleted' | undefined;

export function CommandBar({ tbcase, reload, tagging, setTagging }: CommandBarProps) {
  const { t } = useTranslation();
  const session = useSession();
  const navigate = useNavigate();
  const can = useCaseActions(tbcase.id, `${tbcase.version}:${tbcase.updatedAt}`);
  const [confirm, confirmDialog] = useConfirm();
  const [dialog, setDialog] = useState<Dialog>();
  const [failure, setFailure] = useState<string>();
  const id = tbcase.id;

  const done = () => {
    setDialog(undefined);
    setTagging(false);
    reload();
  };
  /** Runs a call after an optional confirmation; a refusal is shown, never silent. */
  const run = async (call: () => Promise<unknown>, question?: string) => {
    if (question && !(await confirm(question))) return;
    setFailure(undefined);
    try {
      await call();
      reload();
    } catch (e) {
      setFailure(errorsOf(e).map((x) => x.msg).join('; '));
    }
  };
  const remove = async () => {
    if (!(await confirm(t('ui.msg.confirmDelete')))) return;
    try {
      await caseCalls.remove(id);
      setDialog('deleted');
    } catch (e) {
      setFailure(errorsOf(e).map((x) => x.msg).join('; '));
    }
  };
  // confirming a transfer is for playOtherUnits or the owner (receiving) unit
  const canConfirm = hasPermission(session, 'CASE_TRANSFER') && (!!session.playOtherUnits || session.administrator || session.unitId === tbcase.ownerUnit?.id);
  const confirmTransfer = () => (tbcase.state === 'ONTREATMENT' ? setDialog('transferIn') : run(() => caseCalls.transferIn(id)));

  const button = (name: string, key: string, onClick: () => void, extra: object = {}) =>
    can(name) && (
      <Button key={key} data-testid={`case-cmd-${key}`} onClick={onClick} {...extra}>
        {t(`ui.casePage.cmd.${key}`)}
      </Button>
    );

  return (
    <div data-testid="case-commands" style={{ marginBottom: 12 }}>
      {tbcase.transferring && (
        <TransferWarning tbcase={tbcase} canConfirm={canConfirm} canUndo={can('undotransfer')} onConfirm={confirmTransfer} onUndo={() => run(() => caseCalls.undoTransfer(id))} />
      )}
      <Space wrap>
        {button('validate', 'validate', () => run(() => caseCalls.validate(id), t('tbcase.validateConfirm')), { type: 'primary' })}
        {button('suspectfollowup', 'suspectFollowup', () => setDialog('suspect'))}
        {button('close', 'close', () => setDialog('close'))}
        {button('reopen', 'reopen', () => run(() => caseCalls.reopen(id), t('tbcase.reopenConfirm')))}
        {button('transferout', 'transfer', () => setDialog('transferOut'))}
        {button('tag', 'tags', () => setTagging(true))}
        {button('delete', 'delete', remove, { danger: true })}
      </Space>
      {failure && (
        <div data-testid="case-cmd-error" style={{ color: '#cf1322', marginTop: 8 }}>
          {failure}
        </div>
      )}
      <ActionFormDialog
        open={dialog === 'close'}
        form="case_close"
        testId="close-dialog"
        title={t('ui.casePage.cmd.close')}
        values={{ outcomeDate: today() }}
        choices={{ outcome: closeOutcomes(tbcase) }}
        save={(doc) => caseCalls.close(id, { outcomeDate: String(doc.outcomeDate), outcome: String(doc.outcome), otherOutcome: (doc.otherOutcome as string | undefined) ?? null })}
        onClose={() => setDialog(undefined)}
        onDone={done}
        extra={(doc) => <CloseWarning caseId={id} outcome={doc.outcome as string | undefined} />}
      />
      <ActionFormDialog
        open={dialog === 'transferOut'}
        form="case_transferout"
        testId="transfer-dialog"
        title={t('ui.casePage.cmd.transfer')}
        values={{ moveDate: today() }}
        omit={tbcase.state === 'ONTREATMENT' ? [] : ['moveDate']}
        save={(doc) => caseCalls.transferOut(id, doc as { unitToId: string; moveDate?: string })}
        onClose={() => setDialog(undefined)}
        onDone={done}
      />
      <ActionFormDialog
        open={dialog === 'transferIn'}
        form="case_transferin"
        testId="transfer-dialog"
        title={t('ui.casePage.cmd.transferIn')}
        values={{ moveDate: today() }}
        save={(doc) => caseCalls.transferIn(id, doc as { moveDate?: string })}
        onClose={() => setDialog(undefined)}
        onDone={done}
      />
      <SuspectFollowupDialog open={dialog === 'suspect'} caseId={id} classification={tbcase.classification} onClose={() => setDialog(undefined)} onDone={done} />
      <ActionFormDialog
        open={tagging}
        form="case_tag"
        testId="tag-dialog"
        title={t('ui.casePage.tagDialog', { name: tbcase.patient?.fullName ?? '' })}
        values={{ tagIds: (tbcase.tags ?? []).filter((g) => g.type === 'MANUAL').map((g) => g.id) }}
        save={(doc) => {
          const newTags = ((doc.newTags as string[] | undefined) ?? []).map((x) => (x ?? '').trim()).filter(Boolean);
          return caseCalls.tags(id, (doc.tagIds as string[] | undefined) ?? [], newTags.length ? newTags : null);
        }}
        onClose={() => setTagging(false)}
        onDone={done}
      />
      <Modal
        open={dialog === 'deleted'}
        title={t('ui.common.delete')}
        closable={false}
        mask={{ closable: false }}
        footer={
          <Button data-testid="case-deleted-ok" type="primary" onClick={() => navigate(`/sys/unit/cases?id=${tbcase.ownerUnitId}`)}>
            OK
          </Button>
        }
      >
        <div data-testid="case-deleted">{t('ui.msg.deleted')}</div>
      </Modal>
      {confirmDialog}
    </div>
  );
}
