/**
 * Vite build of the browser app in `ui/`.
 *
 * - root `ui/`, output `dist/ui` (served by the server with SPA fallback);
 * - `/api` is proxied to the server on port 3000 during `vite` dev;
 * - code splitting comes from `React.lazy` + dynamic `import()` in `ui/routes/`;
 * - each script and style sheet is also written gzipped beside itself (`.gz`), which the server
 *   sends to browsers that accept it (server/http/static.ts): a third of the bytes on a clinic's
 *   slow line, and no compression work per request.
 */
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { compression } from 'vite-plugin-compression2';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

export default defineConfig({
  root: here('./ui'),
  base: '/',
  plugins: [react(), compression({ algorithms: ['gzip'], include: /\.(js|css|html|svg|json)$/, threshold: 1024 })],
  build: {
    outDir: here('./dist/ui'),
    emptyOutDir: true,
    // exceljs (≈ 930 kB, loaded only when a user exports a table) is the largest chunk
    chunkSizeWarningLimit: 1000,
  },
  server: {
    port: 5173,
    proxy: { '/api': { target: 'http://localhost:3000', changeOrigin: false } },
  },
});
