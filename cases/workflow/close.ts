import type { CaseClose } from '../../engine/generated/index.ts';
import type { ActionOn } from '../../server/types.ts';
import { ApiError } from '../../server/http/errors.ts';
import { t } from '../../engine/i18n.ts';
import { closeOutcomes } from './rules.ts';

/**
 * Close a case that is not closed: state CLOSED with its outcome and date (`otherOutcome` kept only
 * for OTHER, where it is required — the form's and the case schema's `x-visible` say so). The outcome
 * must fit the case (rules.ts `closeOutcomes`: cured or completed only after a treatment started).
 * @example POST /api/tbl/tbcase/<id>/action/close {outcome: 'CURED', outcomeDate: '2025-01-31'}
 */
export const closeCase: ActionOn<'tbcase', CaseClose> = {
  table: 'tbcase',
  name: 'close',
  permission: 'CASE_CLOSE',
  routes: [{ method: 'POST', path: '/api/cases/case/close', idField: 'tbcaseId' }],
  form: 'case_close', // schemas/forms/case_close.json: outcomeDate, outcome, otherOutcome (x-visible: OTHER)
  guard: ({ row }) => (row.state === 'CLOSED' ? 'tbcase.alreadyClosed' : undefined),
  apply({ session: s, row, input }) {
    if (!(closeOutcomes(row) as string[]).includes(input.outcome)) throw new ApiError(400, [{ field: 'outcome', msg: t(s.lang, 'tbcase.outcomeNotAllowed') }]);
    const other = input.outcome === 'OTHER' ? input.otherOutcome?.trim() : undefined;
    if (input.outcome === 'OTHER' && !other) throw new ApiError(400, [{ field: 'otherOutcome', msg: `${t(s.lang, 'tbcase.otherOutcome')}: ${t(s.lang, 'msg.required')}` }]);
    return { patch: { state: 'CLOSED', outcome: input.outcome, outcomeDate: input.outcomeDate, otherOutcome: other } };
  },
};

/**
 * Reopen a closed case (the UI asks 'Подтвердить возобновление случая?'): back on treatment when it
 * had started, else not on treatment; the outcome is cleared (the history keeps it).
 * @example POST /api/tbl/tbcase/<id>/action/reopen {}
 */
export const reopenCase: ActionOn<'tbcase'> = {
  table: 'tbcase',
  name: 'reopen',
  permission: 'CASE_REOPEN',
  routes: [{ method: 'GET', path: '/api/cases/case/reopen/:id' }],
  guard: ({ row }) => (row.state !== 'CLOSED' ? 'tbcase.notClosed' : undefined),
  apply: ({ row }) => ({
    patch: { state: row.iniTreatmentDate ? 'ONTREATMENT' : 'NOT_ONTREATMENT', outcome: undefined, outcomeDate: undefined, otherOutcome: undefined },
  }),
};
