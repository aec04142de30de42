import type { Em } from '../../server/db/orm.ts';
import type { Sysconfig } from '../../engine/generated/index.ts';
import type { AppContext } from '../../server/types.ts';
import { kysely } from '../../server/db/kysely.ts';
import { TableStore } from '../../server/tbl/store.ts';

/** Why the settings are read past any view: one row for the whole installation, in no workspace. */
export const SETTINGS = 'the system settings: one row for the installation, in no workspace';

/** The system configuration is one row of `sysconfig`; before the first save it is all defaults. */
export async function readConfig(em: Em, ctx: AppContext): Promise<Partial<Sysconfig> & { id?: string }> {
  const row = await kysely(em).selectFrom('sysconfig').select('id').orderBy('created_at').limit(1).executeTakeFirst();
  const doc = row ? await TableStore.unscoped(SETTINGS, ctx.registry.table('sysconfig'), em).read<Sysconfig>(row.id) : undefined;
  return doc ?? { ulaActive: false, allowRegPage: false };
}

// The settings' clearing rules (no target workspace without self-registration, no unit or
// profile without a workspace) are the schema's `x-visible` conditions: `validateDoc` drops hidden values.
