import type { Hono } from 'hono';
import { jsonBody } from '../http/body.ts';
import type { AppContext, Env } from '../http/context.ts';
import { idParam, tableFor } from '../tbl/access.ts';
import { listActions, runAction } from './run.ts';

/**
 * The routes of declared row actions (./types.ts):
 * `GET /api/tbl/<table>/<id>/actions` → `[{name, enabled, reason?}]` (needs reading the table), and
 * `POST /api/tbl/<table>/<id>/action/<name>` body = the action's input → `{success}`.
 */
export function actionRoutes(app: Hono<Env>, ctx: AppContext): void {
  app.get('/api/tbl/:table/:id/actions', async (c) => {
    const def = tableFor(ctx, c, false);
    return c.json(await listActions(ctx, c.get('session'), def.name, idParam(c)));
  });

  app.post('/api/tbl/:table/:id/action/:name', async (c) => {
    const def = tableFor(ctx, c, false);
    const id = idParam(c);
    await runAction(ctx, c.get('session'), def.name, id, c.req.param('name'), await jsonBody(c));
    return c.json({ success: true });
  });
}
