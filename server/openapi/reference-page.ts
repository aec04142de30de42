import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Context } from 'hono';
import { clientHeader } from '../../engine/client-header.ts';
import { defineRoute, rule, type DeclaredRoute } from '../http/define-route.ts';
import type { Env } from '../types.ts';

/** Where the renderer's built files are: the `swagger-ui-dist` package (a runtime dependency: the release installs it). */
const swaggerDir = () => dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));

/**
 * Draws the document: no validator badge (it would ask a server outside), the session's cookie sent
 * as it is, and our client header on a request tried from the page (a change needs it).
 */
const initScript = `window.addEventListener('load', function () {
  window.ui = SwaggerUIBundle({
    url: '/api/openapi.json',
    dom_id: '#reference',
    deepLinking: true,
    validatorUrl: null,
    docExpansion: 'list',
    defaultModelsExpandDepth: 0,
    defaultModelExpandDepth: 3,
    filter: true,
    withCredentials: true,
    requestInterceptor: function (req) { req.headers[${JSON.stringify(clientHeader)}] = 'api-reference'; return req; }
  });
});
`;

const page = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>TB platform API — reference</title>
<link rel="stylesheet" href="/api/docs/swagger-ui.css">
</head>
<body>
<div id="reference"></div>
<script src="/api/docs/swagger-ui-bundle.js"></script>
<script src="/api/docs/reference.js"></script>
</body>
</html>
`;

interface Asset {
  type: string;
  body: Buffer;
  gzip: Buffer;
}

/** The page's files: the renderer's script and style from its package, our start script; read and gzipped once, on first ask. */
const sources: Record<string, { type: string; read: () => Buffer }> = {
  'swagger-ui-bundle.js': { type: 'text/javascript; charset=utf-8', read: () => readFileSync(join(swaggerDir(), 'swagger-ui-bundle.js')) },
  'swagger-ui.css': { type: 'text/css; charset=utf-8', read: () => readFileSync(join(swaggerDir(), 'swagger-ui.css')) },
  'reference.js': { type: 'text/javascript; charset=utf-8', read: () => Buffer.from(initScript) },
};
const assets = new Map<string, Asset>();

function asset(name: string): Asset {
  let a = assets.get(name);
  if (!a) {
    const body = sources[name].read();
    assets.set(name, (a = { type: sources[name].type, body, gzip: gzipSync(body) }));
  }
  return a;
}

/** A file answered gzipped when the browser takes it (the renderer's script is 1.4 MB, a fifth of it gzipped). */
function send(c: Context<Env>, a: Asset): Response {
  const gzip = /\bgzip\b/.test(c.req.header('accept-encoding') ?? '');
  const headers: Record<string, string> = { 'content-type': a.type, 'cache-control': 'public, max-age=3600', vary: 'Accept-Encoding' };
  if (gzip) headers['content-encoding'] = 'gzip';
  return c.body(new Uint8Array(gzip ? a.gzip : a.body), 200, headers);
}

/**
 * The API reference page (`GET /api/docs`): the OpenAPI document (`/api/openapi.json`) drawn by
 * Swagger UI, whose files this server answers itself (`GET /api/docs/swagger-ui-bundle.js`… from the
 * `swagger-ui-dist` package) — the page asks nothing of any other server, so it works offline.
 * Public, as the document: it holds no data.
 * @example referencePageRoutes().map((r) => r.path) // ['/api/docs', '/api/docs/swagger-ui-bundle.js', '/api/docs/swagger-ui.css', '/api/docs/reference.js']
 */
export function referencePageRoutes(): DeclaredRoute[] {
  return [
    defineRoute({
      method: 'GET', path: '/api/docs', rule: rule.public,
      summary: 'This reference: the OpenAPI document drawn as a page (HTML)',
      answer: { description: 'text/html' },
      handler: (c) => {
        c.header('cache-control', 'no-cache');
        return c.html(page);
      },
    }),
    ...Object.keys(sources).map((file) =>
      defineRoute({
        method: 'GET', path: `/api/docs/${file}`, rule: rule.public,
        summary: `The reference page's ${file.endsWith('.css') ? 'style' : 'script'}`,
        answer: { description: sources[file].type },
        handler: (c) => send(c, asset(file)),
      }),
    ),
  ];
}
