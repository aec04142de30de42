import { Hono } from 'hono';
import { compress } from 'hono/compress';
import { t } from '../engine/i18n.ts';
import type { AppContext, Env } from './types.ts';
import { limitBody } from './http/body-limit.ts';
import { refuseForgedRequests } from './http/csrf.ts';
import { logServerError } from './http/error-log.ts';
import { requestContext } from './http/request-context.ts';
import { limitLoad } from './ops/overload.ts';
import { metricsRoutes } from './metrics/routes.ts';
import { ApiError } from './http/errors.ts';
import { detectLang, requireSession } from './http/middleware.ts';
import { securityHeaders } from './http/security-headers.ts';
import { serveUi } from './http/static.ts';
import { mountRoutes } from './http/mount-routes.ts';
import { routePhases } from './api-routes.ts';

/**
 * The Hono application: the public routes, then everything under /api behind a session, domain
 * module routes before the generic action and table API (so `/api/tbl/userws/resetpwd` wins over
 * `/:id`). Routes are declared (`defineRoute`) and listed by phase in `api-routes.ts`.
 */
export function createApp(ctx: AppContext): Hono<Env> {
  const app = new Hono<Env>();
  app.use('*', requestContext(ctx));
  app.use('*', detectLang);
  app.use('*', securityHeaders(ctx.config));
  app.use('/api/*', limitLoad(ctx));
  app.use('/api/*', limitBody(ctx.config.maxBodyBytes));
  app.use('/api/*', refuseForgedRequests(ctx.config));
  app.onError((err, c) => {
    if (err instanceof ApiError) {
      const lang = c.get('lang') ?? 'ru';
      const errors = err.errors.map((e) => ({ field: e.field, msg: e.msg.startsWith('msg.') ? t(lang, e.msg) : e.msg }));
      return c.json({ success: false, errors, ...(err.result ? { result: err.result } : {}) }, err.status);
    }
    return logServerError(ctx, c, err);
  });
  const routes = routePhases(ctx); // the declared routes (api-routes.ts), mounted in this order
  mountRoutes(app, ctx, routes.public);
  for (const m of ctx.modules.list) m.publicRoutes?.(app, ctx);
  app.use('/api/*', requireSession(ctx));
  mountRoutes(app, ctx, routes.session);
  // an offline client's download (the feed from the start: megabytes of JSON) travels compressed
  app.use('/api/sync/*', compress());
  mountRoutes(app, ctx, routes.sync);
  ctx.modules.list.forEach((m, i) => {
    m.routes?.(app, ctx); // a module's routes not yet declared (server/http/route-permissions.ts lists them)
    mountRoutes(app, ctx, routes.modules[i]);
  });
  mountRoutes(app, ctx, routes.generic);
  app.all('/api/*', (c) => c.json({ success: false, errors: [{ field: null, msg: t(c.get('lang'), 'msg.notFound') }] }, 404));
  metricsRoutes(app, ctx);
  serveUi(app);
  return app;
}
