import { t } from '../../engine/i18n.ts';
import type { Registry } from '../../engine/registry.ts';
import type { Em } from '../../server/db/orm.ts';
import type { Session } from '../../server/types.ts';
import { hasPermission } from '../../server/http/middleware.ts';
import { TableStore } from '../../server/tbl/store.ts';
import { followupTables } from './list.ts';

/** A follow-up exam type as the tab's add menu and type filter offer it. */
export interface FollowupType {
  /** `x-table.followup`: `EXAM_MICROSCOPY`. */
  type: string;
  /** Where its exams are stored and its form served: `/api/tbl/<table>/form`, `/api/tbl/<table>`. */
  table: string;
  /** Its name in the session's language (the table's title): 'Микроскопия'. */
  name: string;
  /** The session may add, change and delete exams of this type on this case: `<permission>_EDT` and the case in its write view. */
  canChange: boolean;
}

/**
 * The follow-up types of a case the session may read, in schema-file order; undefined when the case
 * is not in the session's view. Read from the schemas (`x-table.followup`), none named in code.
 * @example await followupTypes(em, registry, session, caseId)
 *   // [{ type: 'MEDICAL_EXAMINATION', table: 'medexam', name: 'Медицинский осмотр', canChange: true }, …]
 */
export async function followupTypes(em: Em, registry: Registry, s: Session, caseId: string): Promise<FollowupType[] | undefined> {
  const tbcase = registry.table('tbcase');
  if (!(await TableStore.of(registry, tbcase, em, s, 'read').exists(caseId))) return undefined;
  const writable = await TableStore.of(registry, tbcase, em, s, 'write').exists(caseId);
  return followupTables(registry)
    .filter((def) => !def.meta.permission || hasPermission(s, def.meta.permission))
    .map((def) => ({
      type: def.meta.followup!,
      table: def.name,
      name: t(s.lang, def.schema.title ?? def.name),
      canChange: writable && (!def.meta.permission || hasPermission(s, `${def.meta.permission}_EDT`)),
    }));
}
