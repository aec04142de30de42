import type { Tbcase } from '../../engine/generated/index.ts';
import type { ActionOn } from '../../server/types.ts';
import { hasPermission } from '../../server/http/middleware.ts';

/**
 * The permission deleting this case needs (permissions.json has no CASEMAN_EDT): a validated case
 * CASE_DEL_VAL; one not yet validated, the permission that notifies it — NEWSUSP for a suspect,
 * NEWCASE for a confirmed case (who may register it may take it back before validation).
 * @example deletePermission({validated: false, diagnosisType: 'SUSPECT'}) // 'NEWSUSP'
 */
export const deletePermission = (row: Pick<Tbcase, 'validated' | 'diagnosisType'>): string => (row.validated ? 'CASE_DEL_VAL' : row.diagnosisType === 'SUSPECT' ? 'NEWSUSP' : 'NEWCASE');

/**
 * Delete a case (the UI asks 'Подтвердить удаление?', then says 'Успешно удалено'): the
 * row with its sub-records (exams, tags, comments… cascade), a tombstone for the offline client and
 * the history entry `tbcase.delete`; a patient left with no case goes too (`orphan-patient.ts`). Needs reading cases and {@link deletePermission} of the row.
 * @example DELETE /api/tbl/case/<id>   (or POST /api/tbl/tbcase/<id>/action/delete {})
 */
export const deleteCase: ActionOn<'tbcase'> = {
  table: 'tbcase',
  name: 'delete',
  permission: 'CASEMAN',
  routes: [{ method: 'DELETE', path: '/api/tbl/case/:id' }],
  guard({ row, session }) {
    const need = deletePermission(row);
    if (hasPermission(session, need)) return undefined;
    return { msg: need === 'CASE_DEL_VAL' ? 'tbcase.cannotDeleteValidated' : 'tbcase.cannotDelete', status: 403 };
  },
  apply: () => ({ delete: true }),
};
