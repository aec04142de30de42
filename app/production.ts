/**
 * `npm run start:prod`: the server from the build (`npm run build` compiled it to dist/app/production.js
 * and the UI to dist/ui), on an install without devDependencies (`npm ci --omit=dev`). The Node
 * version is checked before the server is loaded. Settings: README.md, docs/production.md.
 */
import { exitOnOldNode } from './node-version.ts';

exitOnOldNode();
const { runServer } = await import('./run.ts');
await runServer();
