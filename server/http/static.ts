import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import type { Hono } from 'hono';
import { rootDir, uiDist } from '../config.ts';
import type { Env } from './context.ts';

/** Serves the built React app from dist/ui; any other path gets index.html (client-side routes). */
export function serveUi(app: Hono<Env>): void {
  const root = join('dist', 'ui');
  app.use('/assets/*', serveStatic({ root, rewriteRequestPath: (p) => p }));
  app.get('*', serveStatic({ root }));
  app.get('*', (c) => {
    const index = join(uiDist, 'index.html');
    if (!existsSync(index)) return c.text('UI not built: run `npm run build:ui`', 503);
    return c.html(readFileSync(index, 'utf8'));
  });
  void rootDir;
}
