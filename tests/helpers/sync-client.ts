// An offline client beside a test server: the same product in client mode (`TB_CLIENT_MODE`) on a
// database of its own — a second database on the test run's PostgreSQL stands in for the client's
// embedded one (starting a second embedded PGlite per file would cost seconds more; the client's code
// does not know which it runs on) —, initialised from the server with a user's login.
import { startServer, type RunningServer } from '../../app/start.ts';
import { initialiseClient } from '../../server/sync/client/init.ts';
import { createFromTemplate, dropTestDatabase } from './pg.ts';
import { ApiClient } from './server.ts';

/** A running offline client: its server process, its database, a login to it, and a restart. */
export interface OfflineClient {
  server: RunningServer;
  databaseUrl: string;
  login(login: string, password: string): Promise<ApiClient>;
  /** Stops the client's server (as a restart would: the synchronisation running in it is gone) and starts it again on its database. */
  restart(): Promise<void>;
  close(): Promise<void>;
}

const start = (databaseUrl: string) =>
  startServer({ databaseUrl, port: 0, host: '127.0.0.1', seedDemo: false, demoCases: 0, clientMode: true, outboxDir: `.tmp/outbox-${process.pid}` });

/** The empty, migrated database of a client (the template's migrations run once per test run). */
const migrated = async (url: string) => (await start(url)).close();

/**
 * Starts an offline client on a fresh database and initialises it from `serverUrl` as `login` (unless
 * `initialise: false`: a first start, left to the initialisation page).
 * @example const client = await startOfflineClient(server.url, 'SYNCDOC', 'Passw0rd');
 */
export async function startOfflineClient(serverUrl: string, login: string, password: string, o: { initialise?: boolean } = {}): Promise<OfflineClient> {
  const databaseUrl = await createFromTemplate('cli', 'client', migrated);
  const self: OfflineClient = {
    server: await start(databaseUrl),
    databaseUrl,
    async login(user, pass) {
      const c = new ApiClient(self.server.url);
      const r = await c.post('/api/auth/login', { login: user, password: pass });
      if (r.status !== 200) throw new Error(`client login ${user} failed: ${JSON.stringify(r.body)}`);
      return c;
    },
    async restart() {
      await self.server.close();
      self.server = await start(databaseUrl);
    },
    async close() {
      await self.server.close();
      await dropTestDatabase(databaseUrl);
    },
  };
  if (o.initialise !== false) await initialiseClient(self.server.ctx, { serverUrl, login, password });
  return self;
}

/**
 * Runs a synchronisation through the client's API as its user would (password, then the status polled
 * until it is no longer running); answers the last status.
 * @example expect((await syncThroughApi(doctorOnClient, 'Passw0rd')).id).toBe('NOT_RUNNING');
 */
export async function syncThroughApi(user: ApiClient, password: string): Promise<any> {
  const started = await user.post('/api/offline/client/sync/synchronize', { password });
  if (started.status !== 200) throw new Error(`synchronize: ${started.status} ${JSON.stringify(started.body)}`);
  for (;;) {
    const s = (await user.get('/api/offline/client/sync/status')).body;
    if (s.id === 'NOT_RUNNING' || s.id === 'ERROR') return s;
    await new Promise((r) => setTimeout(r, 50));
  }
}
