import { Hono } from 'hono';
import { compress } from 'hono/compress';
import { t } from '../engine/i18n.ts';
import { authRoutes } from './auth/routes.ts';
import type { AppContext, Env } from './types.ts';
import { limitBody } from './http/body-limit.ts';
import { refuseForgedRequests } from './http/csrf.ts';
import { logServerError } from './http/error-log.ts';
import { requestContext } from './http/request-context.ts';
import { healthRoutes } from './ops/health.ts';
import { limitLoad } from './ops/overload.ts';
import { metricsRoutes } from './metrics/routes.ts';
import { ApiError } from './http/errors.ts';
import { syncTokenRoutes } from './sync/token.ts';
import { detectLang, requireSession } from './http/middleware.ts';
import { securityHeaders } from './http/security-headers.ts';
import { serveUi } from './http/static.ts';
import { searchRoutes } from './sys/search.ts';
import { optionRoutes } from './sys/options.ts';
import { sessionRoutes } from './sys/session-routes.ts';
import { userRoutes } from './sys/user-routes.ts';
import { jobRoutes } from './jobs/routes.ts';
import { syncRoutes } from './sync/routes.ts';
import { sliceRoutes } from './sync/slice.ts';
import { rowsRoutes } from './sync/rows.ts';
import { clientSyncRoutes } from './sync/client/routes.ts';
import { clientInitRoutes } from './sync/client/init-routes.ts';
import { tableRoutes } from './tbl/routes.ts';
import { actionRoutes } from './actions/routes.ts';

/**
 * The Hono application: public auth and module routes, then everything under /api behind a session,
 * domain module routes before the generic table API (so `/api/tbl/userws/resetpwd` wins over `/:id`).
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
  authRoutes(app, ctx);
  healthRoutes(app, ctx);
  for (const m of ctx.modules.list) m.publicRoutes?.(app, ctx);
  // an offline client's first start: no user exists on it yet (server/sync/client/init-routes.ts)
  clientInitRoutes(app, ctx);
  app.use('/api/*', requireSession(ctx));
  sessionRoutes(app, ctx);
  userRoutes(app, ctx);
  jobRoutes(app, ctx);
  searchRoutes(app, ctx);
  optionRoutes(app, ctx);
  // an offline client's download (the feed from the start: megabytes of JSON) travels compressed
  app.use('/api/sync/*', compress());
  syncRoutes(app, ctx);
  sliceRoutes(app, ctx);
  rowsRoutes(app, ctx);
  syncTokenRoutes(app, ctx);
  clientSyncRoutes(app, ctx);
  for (const m of ctx.modules.list) m.routes?.(app, ctx);
  actionRoutes(app, ctx);
  tableRoutes(app, ctx);
  app.all('/api/*', (c) => c.json({ success: false, errors: [{ field: null, msg: t(c.get('lang'), 'msg.notFound') }] }, 404));
  metricsRoutes(app, ctx);
  serveUi(app);
  return app;
}
