import { t } from '../../engine/i18n.ts';
import { fail } from '../../server/http/errors.ts';
import type { HooksOn } from '../../server/types.ts';
import { kysely } from '../../server/db/kysely.ts';

/** The display name of a range: `0-4`, or `65+` when it runs to the schema's maximum age. */
export function rangeName(iniAge: number, endAge: number, maxAge: number): string {
  return endAge >= maxAge ? `${iniAge}+` : `${iniAge}-${endAge}`;
}

/** Age ranges of a workspace partition ages for reports: each is ordered and none overlaps another. */
export const ageRangeHooks: HooksOn<'agerange'> = {
  async beforeSave({ em, session, def, doc, id }) {
    if (doc.iniAge > doc.endAge) throw fail(400, t(session.lang, 'agerange.endBeforeIni'), 'endAge');
    const other = await kysely(em)
      .selectFrom('agerange')
      .select('name')
      .where('workspace_id', '=', session.workspaceId)
      .where('id', '<>', id)
      .where('ini_age', '<=', doc.endAge)
      .where('end_age', '>=', doc.iniAge)
      .orderBy('ini_age')
      .executeTakeFirst();
    if (other) throw fail(400, t(session.lang, 'agerange.overlaps', { name: other.name }), 'iniAge');
    doc.name = rangeName(doc.iniAge, doc.endAge, Number(def.schema.properties?.endAge?.maximum ?? 150));
  },
};
