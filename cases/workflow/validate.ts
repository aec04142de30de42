import type { ActionOn } from '../../server/types.ts';
import { validateRefusal } from './rules.ts';
import { validationModeOf } from './validation-mode.ts';

/**
 * Validate a case (the UI asks 'Подтвердить валидацию случая?'): a case not yet
 * validated becomes validated ('Обосновано') — only where the workspace uses validation for the
 * case's classification (`caseValidationTB|DRTB|NTM` not 'Не используется': rules.ts).
 * @example POST /api/tbl/tbcase/<id>/action/validate {} → {success: true}
 */
export const validateCase: ActionOn<'tbcase'> = {
  table: 'tbcase',
  name: 'validate',
  permission: 'CASE_VALIDATE',
  routes: [{ method: 'GET', path: '/api/cases/case/validate/:id' }],
  guard: async ({ em, session, row }) => validateRefusal(row, await validationModeOf(em, session.workspaceId, row.classification)),
  apply: () => ({ patch: { validated: true } }),
};
