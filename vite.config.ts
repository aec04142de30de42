/**
 * Vite build of the browser app in `ui/`.
 *
 * - root `ui/`, output `dist/ui` (served by the server with SPA fallback);
 * - `/api` is proxied to the server on port 3000 during `vite` dev;
 * - code splitting comes from `React.lazy` + dynamic `import()` in `ui/routes/`.
 */
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

const here = (path: string) => fileURLToPath(new URL(path, import.meta.url));

export default defineConfig({
  root: here('./ui'),
  base: '/',
  plugins: [react()],
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
