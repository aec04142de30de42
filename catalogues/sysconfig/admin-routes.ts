import type { Hono } from 'hono';
import { jsonBody } from '../../server/http/body.ts';
import { requirePermission } from '../../server/http/middleware.ts';
import { TableWriter } from '../../server/tbl/write.ts';
import type { AppContext, Env } from '../../server/types.ts';
import { readConfig } from './config.ts';

/**
 * `GET/POST /api/admin/sysconfig`, permission SYSSETUP: the installation's one settings row, saved
 * by the table writer as a singleton (validation, the chosen workspace's unit and profile, version,
 * history). A save is the whole document.
 */
export function sysconfigAdminRoutes(app: Hono<Env>, ctx: AppContext): void {
  app.get('/api/admin/sysconfig', requirePermission('SYSSETUP'), async (c) => c.json(await readConfig(ctx.orm.em.fork(), ctx)));

  app.post('/api/admin/sysconfig', requirePermission('SYSSETUP'), async (c) => {
    // `ulaActive` is part of every identity: the writer clears this process's memo of them at the commit
    await new TableWriter(ctx, ctx.registry.table('sysconfig'), c.get('session')).saveSingleton(await jsonBody(c));
    return c.json({ success: true });
  });
}
