import { t } from '../../engine/i18n.ts';
import { fail } from '../../server/http/errors.ts';
import type { TableHooks } from '../../server/modules.ts';

/** Deleting a workspace removes everything in it: never the one the administrator is working in. */
export const workspaceHooks: TableHooks = {
  beforeDelete({ session, id }) {
    if (id === session.workspaceId) throw fail(400, t(session.lang, 'workspace.cannotDeleteCurrent'), 'id');
  },
};
