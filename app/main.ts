/**
 * `npm start`: builds the UI when it is missing or older than its sources, then starts the server on
 * the embedded PGlite database under .data/ (or on DATABASE_URL) and prints where and how to log in.
 */
import { ensureUiBuilt } from '../server/ui-build.ts';
import { startServer } from './start.ts';
import { domainModules } from './domains.ts';

await ensureUiBuilt();
const server = await startServer();
const db = server.ctx.config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `embedded PGlite in ${server.ctx.config.dataDir}`;
console.log(`\nTB platform is running at ${server.url}  (database: ${db})`);
const demoLogin = domainModules.find((m) => m.demoLogin)?.demoLogin;
if (demoLogin) console.log(`Demo login: ${demoLogin.login} / password: ${demoLogin.password}\n`);
for (const sig of ['SIGINT', 'SIGTERM'] as const) {
  process.on(sig, async () => {
    await server.close();
    process.exit(0);
  });
}
