/**
 * `npm start` (from the sources, with the devDependencies): builds the UI when it is missing or older
 * than its sources, then starts the server on the embedded PGlite database under .data/ (or on
 * DATABASE_URL) and prints where and how to log in. A production install runs the build instead
 * (`npm run start:prod`, ./production.ts).
 */
import { exitOnOldNode } from './node-version.ts';

exitOnOldNode();
const { ensureUiBuilt } = await import('../server/ui-build.ts');
await ensureUiBuilt();
const { runServer } = await import('./run.ts');
await runServer();
