/**
 * How a contact's evaluation and TPT course are named and coloured in the lists (the case's
 * contacts card, the unit's register, the contact's drawer): waiting for evaluation (orange: the
 * worklist asks for it), TB excluded (green), presumptive TB (red), not evaluated with its reason
 * (grey); the course's status, its outcome once ended.
 *
 * @example <EvaluationTag row={row} /> <TptTag tpt={row.tpt} />
 */
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { ContactRow } from './api.ts';

type Evaluation = Pick<ContactRow, 'examinated' | 'evaluationOutcome' | 'notEvaluatedReason'>;

/** The evaluation's state as one key: waiting, TB_EXCLUDED, PRESUMPTIVE_TB, examined (no outcome said), or not evaluated. */
export function evaluationState(c: Evaluation): 'waiting' | 'TB_EXCLUDED' | 'PRESUMPTIVE_TB' | 'examined' | 'notEvaluated' {
  if (!c.examinated) return c.notEvaluatedReason ? 'notEvaluated' : 'waiting';
  return c.evaluationOutcome === 'TB_EXCLUDED' || c.evaluationOutcome === 'PRESUMPTIVE_TB' ? c.evaluationOutcome : 'examined';
}

const EVALUATION_COLORS = { waiting: 'orange', TB_EXCLUDED: 'green', PRESUMPTIVE_TB: 'red', examined: 'blue', notEvaluated: 'default' } as const;

export function EvaluationTag({ row }: { row: Evaluation }) {
  const { t } = useTranslation();
  const state = evaluationState(row);
  const text =
    state === 'TB_EXCLUDED' || state === 'PRESUMPTIVE_TB'
      ? t(`evaluationOutcome.${state}`)
      : state === 'notEvaluated'
        ? `${t('ui.contacts.notEvaluated')}: ${t(`notEvaluatedReason.${row.notEvaluatedReason}`)}`
        : t(`ui.contacts.${state}`);
  return (
    <Tag color={EVALUATION_COLORS[state]} data-testid="contact-evaluation" data-state={state}>
      {text}
    </Tag>
  );
}

const TPT_COLORS: Record<string, string> = { NOT_STARTED: 'default', ON_TPT: 'green', INTERRUPTED: 'orange', ON_HOLD: 'gold', COMPLETED: 'blue' };

export function TptTag({ tpt }: { tpt: ContactRow['tpt'] }) {
  const { t } = useTranslation();
  if (!tpt) return null;
  const text = tpt.status === 'COMPLETED' && tpt.outcome ? t(`tptOutcome.${tpt.outcome}`) : t(`tptStatus.${tpt.status}`);
  return (
    <Tag color={tpt.status === 'COMPLETED' && tpt.outcome && tpt.outcome !== 'COMPLETED' ? 'red' : TPT_COLORS[tpt.status]} data-testid="contact-tpt" data-status={tpt.status}>
      {tpt.regimen ? `${tpt.regimen}: ` : ''}
      {text}
    </Tag>
  );
}
