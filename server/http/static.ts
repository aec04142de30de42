import { existsSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import type { Hono } from 'hono';
import { uiDist } from '../config.ts';
import type { Env } from '../types.ts';

/** Serves the built React app from dist/ui; any other path gets index.html (client-side routes). */
export function serveUi(app: Hono<Env>): void {
  const root = relative(process.cwd(), uiDist) || '.';
  app.get('*', serveStatic({ root }));
  app.get('*', (c) => {
    const index = join(uiDist, 'index.html');
    if (!existsSync(index)) return c.text('UI not built: run `npm run build:ui`', 503);
    return c.html(readFileSync(index, 'utf8'));
  });
}
