import type { ActionOn } from '../../server/types.ts';

/**
 * Validate a case (seed 001 §4; the UI asks 'Подтвердить валидацию случая?'): a case not yet
 * validated becomes validated ('Обосновано').
 * @example POST /api/tbl/tbcase/<id>/action/validate {} → {success: true}
 */
export const validateCase: ActionOn<'tbcase'> = {
  table: 'tbcase',
  name: 'validate',
  permission: 'CASE_VALIDATE',
  routes: [{ method: 'GET', path: '/api/cases/case/validate/:id' }],
  guard: ({ row }) => (row.validated === true ? 'tbcase.alreadyValidated' : undefined),
  apply: () => ({ patch: { validated: true } }),
};
