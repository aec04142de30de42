import { t } from '../../engine/i18n.ts';
import { fail } from '../../server/http/errors.ts';
import type { HooksOn, TableHooks } from '../../server/types.ts';
import { kysely } from '../../server/db/kysely.ts';
import { someNames } from '../adminunits/hooks.ts';

const usersOf = (em: Parameters<NonNullable<TableHooks['beforeDelete']>>[0]['em'], id: string) =>
  kysely(em).selectFrom('adminunit').select('name').where('country_structure_id', '=', id).orderBy('name').limit(4).execute();

/**
 * A country-structure level names the admin units at that depth of the tree: while units use it,
 * it can neither move to another level (the tree would lie) nor go away — and the message says who.
 */
export const countryStructureHooks: HooksOn<'countrystructure'> = {
  async beforeSave({ em, session, doc, prev, id }) {
    if (!prev || prev.level === doc.level) return;
    const users = await usersOf(em, id);
    if (users.length) throw fail(400, t(session.lang, 'countrystructure.levelInUse', { names: someNames(users.map((u) => u.name)) }), 'level');
  },
  async beforeDelete({ em, session, id }) {
    const users = await usersOf(em, id);
    if (users.length) throw fail(400, t(session.lang, 'countrystructure.usedByAdminUnits', { names: someNames(users.map((u) => u.name)) }));
  },
};
