/**
 * Starts the platform from the environment's settings, says where it runs and how to sign in, and
 * stops it on SIGINT/SIGTERM: what `npm start` and `npm run start:prod` share.
 */
import { startServer } from './start.ts';
import { domainModules } from './domains.ts';

/**
 * Starts the server and keeps it running until a signal stops it.
 * @example await runServer();
 */
export async function runServer(): Promise<void> {
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
}
