import { existsSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { serveStatic } from '@hono/node-server/serve-static';
import type { Hono } from 'hono';
import { uiDist } from '../config.ts';
import type { Env } from '../types.ts';

/** A built file under `assets/` is named by its content's hash: a new build gives new names. */
const hashedAsset = /[\\/]assets[\\/]/;

/**
 * Serves the built React app from dist/ui; any other path gets index.html (client-side routes).
 * Scripts and styles go gzipped when the browser accepts it (written so by the build, vite.config.ts);
 * the hashed files under `/assets/` are kept by the browser for a year without asking again, the
 * page itself (`index.html`, which names them) is asked for again each time, so a new version shows
 * at the next load.
 * @example serveUi(app) // GET /assets/index-3fa1.js → 200, Content-Encoding: gzip, Cache-Control: …, immutable
 */
export function serveUi(app: Hono<Env>): void {
  const root = relative(process.cwd(), uiDist) || '.';
  app.get(
    '*',
    serveStatic({
      root,
      precompressed: true,
      onFound: (path, c) => {
        c.header('Cache-Control', hashedAsset.test(path) ? 'public, max-age=31536000, immutable' : 'no-cache');
      },
    }),
  );
  app.get('*', (c) => {
    const index = join(uiDist, 'index.html');
    if (!existsSync(index)) return c.text('UI not built: run `npm run build:ui`', 503);
    c.header('Cache-Control', 'no-cache');
    return c.html(readFileSync(index, 'utf8'));
  });
}
