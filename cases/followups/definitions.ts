import { kysely } from '../../server/db/kysely.ts';
import type { HooksOn } from '../../server/types.ts';
import { derivedFields, refreshDerived } from './derived.ts';

/**
 * A workspace switching its WHO definitions (`tbDefinitions`: the 2021 update or the 2013 revision,
 * `conversion.ts`) has the conversion and reversion dates of its cases recomputed by the new rule,
 * in the switch's transaction: every case with a row in a table those dates are derived from.
 */
export const definitionHooks: HooksOn<'workspace'> = {
  async afterSave({ em, ctx, session, id, doc, prev, isNew }) {
    const was = (prev as { tbDefinitions?: string } | undefined)?.tbDefinitions ?? 'WHO2021';
    if (isNew || !prev || was === (doc.tbDefinitions ?? 'WHO2021')) return;
    const fed = derivedFields(ctx.registry).filter((d) => d.kind !== 'latest');
    const db = kysely(em);
    for (const from of new Map(fed.map((d) => [d.from.name, d])).values()) {
      const parents = await db.selectFrom(from.from.name).select(from.parentField.column).distinct().where('workspace_id', '=', id).execute();
      await refreshDerived({ em, ctx, session: { ...session, workspaceId: id } }, from.from.name, parents.map((r) => r[from.parentField.column]));
    }
  },
};
