import { t } from '../../engine/i18n.ts';
import { fail } from '../../server/http/errors.ts';
import { hasPermission } from '../../server/http/middleware.ts';
import type { TableHooks } from '../../server/modules.ts';

/**
 * Deleting a case (`DELETE /api/tbl/tbcase/<id>`, the table's write permission and the writer's
 * view): a validated case needs CASE_DEL_VAL too ('delete validated cases'); 403 otherwise.
 * @example caseDeletion.beforeDelete({ prev: { validated: true }, session: noDelVal, … }) // throws 403
 */
export const caseDeletion: TableHooks = {
  beforeDelete({ session: s, prev }) {
    if (prev.validated === true && !hasPermission(s, 'CASE_DEL_VAL')) throw fail(403, t(s.lang, 'tbcase.validatedNoDelete'));
  },
};
