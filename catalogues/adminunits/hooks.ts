import { t } from '../../engine/i18n.ts';
import { fail } from '../../server/http/errors.ts';
import type { HooksOn } from '../../server/types.ts';
import { kysely } from '../../server/db/kysely.ts';
import { unitCounts, withChildren } from './tree-counts.ts';
import { areaPathKeys, maxAreaLevel } from '../../engine/area-path.ts';


/** A few names for a message, and how many more there are. */
export const someNames = (names: string[], max = 3) => names.slice(0, max).join(', ') + (names.length > max ? ` (+${names.length - max})` : '');

/**
 * An admin unit's place in the tree: its level (parent's + 1, at most 5), the path p0..p4 of unit
 * ids from the root down to itself, and a country-structure level that matches. Its units count
 * is computed on read. It cannot be deleted while it has children or units: say which.
 */
export const adminUnitHooks: HooksOn<'adminunit'> = {
  async beforeSave({ em, session, doc, prev, id }) {
    if (prev && (prev.parentId ?? null) !== (doc.parentId ?? null)) throw fail(400, t(session.lang, 'adminunit.parentFixed'), 'parentId');
    const db = kysely(em);
    const parent: Record<string, any> | undefined = doc.parentId
      ? await db.selectFrom('adminunit').select(['level', ...areaPathKeys.map((k) => `${k}_id as ${k}` as const)]).where('id', '=', doc.parentId).where('workspace_id', '=', session.workspaceId).executeTakeFirst()
      : undefined;
    const level = parent ? parent.level + 1 : 1;
    if (level > maxAreaLevel) throw fail(400, t(session.lang, 'adminunit.tooDeep'), 'parentId');
    const cs = await db.selectFrom('countrystructure').select('level').where('id', '=', doc.countryStructure).executeTakeFirst();
    if (cs && cs.level !== level) throw fail(400, t(session.lang, 'adminunit.wrongLevel', { level }), 'countryStructure');
    doc.level = level;
    areaPathKeys.forEach((p, i) => (doc[p] = i < level - 1 ? parent?.[p] : i === level - 1 ? id : undefined));
  },

  async afterRead({ em, session, docs }) {
    const counts = await unitCounts(em, session.workspaceId, docs.map((d) => d.id));
    for (const d of docs) d.unitsCount = counts.get(d.id) ?? 0;
  },

  /**
   * The tree's query parameters: `{parentId}` is a plain field, `{rootUnits: true}`
   * the top level; every node gets `hasChildren`, and `fetchCountryStructure` adds the level
   * definitions as `csList`.
   */
  filters: {
    rootUnits: { schema: { type: 'boolean' }, apply: (q, root: boolean) => (root ? q.where('t.parent_id', 'is', null) : q) },
    fetchCountryStructure: { schema: { type: 'boolean' } },
  },

  async afterQuery({ em, session, params, result }) {
    const parents = await withChildren(em, session.workspaceId, result.list.map((d) => d.id));
    for (const d of result.list) d.hasChildren = parents.has(d.id);
    if (!params.fetchCountryStructure) return;
    result.csList = await kysely(em)
      .selectFrom('countrystructure')
      .select(['id', 'name', 'level'])
      .where('workspace_id', '=', session.workspaceId)
      .orderBy('level')
      .orderBy('name')
      .execute();
  },

  async beforeDelete({ em, session, id }) {
    const db = kysely(em);
    const children = await db.selectFrom('adminunit').select('name').where('parent_id', '=', id).orderBy('name').execute();
    if (children.length) throw fail(400, t(session.lang, 'adminunit.hasChildren', { count: children.length, names: someNames(children.map((c) => c.name)) }));
    const units = await db.selectFrom('unit').select('name').where('address_admin_unit_id', '=', id).orderBy('name').execute();
    if (units.length) throw fail(400, t(session.lang, 'adminunit.usedByUnits', { names: someNames(units.map((u) => u.name)) }));
  },
};
