import type { Hono } from 'hono';
import { diffDocs, isEmptyDiff } from '../../engine/diff.ts';
import { t } from '../../engine/i18n.ts';
import type { Em } from '../../server/db/orm.ts';
import { describeDiff, describeDoc } from '../../server/history/describe.ts';
import { recordCommand } from '../../server/history/record.ts';
import { jsonBody } from '../../server/http/body.ts';
import type { AppContext, Env, Session, Doc } from '../../server/types.ts';
import { ApiError } from '../../server/http/errors.ts';
import { requirePermission } from '../../server/http/middleware.ts';
import { applyDefaults, cleanInput, validateDoc } from '../../server/tbl/prepare.ts';
import { kysely } from '../../server/db/kysely.ts';
import { TableStore } from '../../server/tbl/store.ts';
import { readConfig, SETTINGS } from './config.ts';

/** The target workspace must exist; the unit and the profile must belong to it (not to the session's). */
async function checkTargets(em: Em, s: Session, doc: Doc): Promise<void> {
  const db = kysely(em);
  const errors: ApiError['errors'] = [];
  const missing = t(s.lang, 'msg.notFound');
  if (doc.workspace && !(await db.selectFrom('workspace').select('id').where('id', '=', doc.workspace).executeTakeFirst())) {
    errors.push({ field: 'workspace', msg: missing });
  }
  for (const [field, table] of [['unit', 'unit'], ['userProfile', 'userprofile']] as const) {
    if (!doc[field]) continue;
    const row = await db.selectFrom(table).select('workspace_id').where('id', '=', doc[field]).executeTakeFirst();
    if (!row) errors.push({ field, msg: missing });
    else if (row.workspace_id !== doc.workspace) errors.push({ field, msg: t(s.lang, 'sysconfig.notInWorkspace') });
  }
  if (errors.length) throw new ApiError(400, errors);
}

/** `GET/POST /api/admin/sysconfig` (spec 000 §7.3), permission SYSSETUP. */
export function sysconfigAdminRoutes(app: Hono<Env>, ctx: AppContext): void {
  const def = ctx.registry.table('sysconfig');

  app.get('/api/admin/sysconfig', requirePermission('SYSSETUP'), async (c) => c.json(await readConfig(ctx.orm.em.fork(), ctx)));

  app.post('/api/admin/sysconfig', requirePermission('SYSSETUP'), async (c) => {
    const s = c.get('session');
    const doc = cleanInput(def, await jsonBody(c));
    applyDefaults(def, doc, s);
    validateDoc(ctx, def, doc, s);
    // One settings document: the history names it by its title ('Настройки системы').
    const entityName = t(s.lang, def.schema.title ?? 'sysconfig.title');
    await ctx.orm.em.fork().transactional(async (em) => {
      await checkTargets(em, s, doc);
      const store = TableStore.unscoped(SETTINGS, def, em);
      const prev = await readConfig(em, ctx);
      if (!prev.id) {
        const id = crypto.randomUUID();
        await store.insert(id, doc);
        await recordCommand(em, s, { type: 'sysconfig', action: 'create', entityId: id, entityName, detail: await describeDoc(em, def, doc, s.lang) });
        return;
      }
      const diff = diffDocs(def, prev, doc);
      if (isEmptyDiff(diff)) return;
      await store.update(prev.id, doc);
      await recordCommand(em, s, { type: 'sysconfig', action: 'update', entityId: prev.id, entityName, detail: await describeDiff(em, def, diff, s.lang) });
    });
    ctx.identities.clear(); // `ulaActive` is part of every identity: seen at once by this process
    return c.json({ success: true });
  });
}
