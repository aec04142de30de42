import { t } from '../../engine/i18n.ts';
import type { CaseSuspectfollowup } from '../../engine/generated/index.ts';
import type { ActionOn } from '../../server/types.ts';
import { ApiError } from '../../server/http/errors.ts';

/**
 * Suspect follow-up: a presumptive case that is not closed is either confirmed — TB or
 * DRTB, from its diagnosis date — or closed as not TB (outcome NOT_TB, dated the follow-up day).
 * Confirming needs NEWCASE (it is the notification of a confirmed case).
 * @example POST /api/tbl/tbcase/<id>/action/suspectfollowup {outcome: 'DRTB', date: '2025-03-02'}
 */
export const suspectFollowup: ActionOn<'tbcase', CaseSuspectfollowup> = {
  table: 'tbcase',
  name: 'suspectfollowup',
  permission: 'NEWCASE',
  routes: [{ method: 'POST', path: '/api/cases/case/suspectfollowup', idField: 'tbcaseId', inputField: 'doc' }],
  form: 'case_suspectfollowup',
  guard({ row }) {
    if (row.diagnosisType !== 'SUSPECT') return 'tbcase.notSuspect';
    if (row.state === 'CLOSED') return 'tbcase.alreadyClosed';
    return undefined;
  },
  apply({ session: s, row, input }) {
    if (row.registrationDate && input.date < row.registrationDate) throw new ApiError(400, [{ field: 'date', msg: t(s.lang, 'tbcase.beforeRegistration') }]);
    if (input.outcome === 'NOT_TB') return { patch: { state: 'CLOSED', outcome: 'NOT_TB', outcomeDate: input.date } };
    return { patch: { diagnosisType: 'CONFIRMED', classification: input.outcome, diagnosisDate: input.date } };
  },
};
