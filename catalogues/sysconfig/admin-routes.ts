import { jsonBody } from '../../server/http/body.ts';
import { defineRoute, rule, type DeclaredRoute } from '../../server/http/define-route.ts';
import { TableWriter } from '../../server/tbl/write.ts';
import type { AppContext } from '../../server/types.ts';
import { readConfig } from './config.ts';

/**
 * `GET/POST /api/admin/sysconfig`, permission SYSSETUP: the installation's one settings row, saved
 * by the table writer as a singleton (validation, the chosen workspace's unit and profile, version,
 * history). A save is the whole document.
 */
export function sysconfigAdminRoutes(ctx: AppContext): DeclaredRoute[] {
  return [
  defineRoute({ method: 'GET', path: '/api/admin/sysconfig', rule: rule.perm('SYSSETUP'), summary: 'The system settings (system administrator)', handler: async (c) => c.json(await readConfig(ctx.orm.em.fork(), ctx)) }),

  defineRoute({ method: 'POST', path: '/api/admin/sysconfig', rule: rule.perm('SYSSETUP'), summary: 'Saves the system settings (its version: 409 on a stale copy)', handler: async (c) => {
    // `ulaActive` is part of every identity: the writer clears this process's memo of them at the commit
    await new TableWriter(ctx, ctx.registry.table('sysconfig'), c.get('session')).saveSingleton(await jsonBody(c));
    return c.json({ success: true });
  } }),
  ];
}
