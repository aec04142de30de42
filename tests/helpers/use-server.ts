// The prologue every API test file shares: a server of its own (a fresh database with the demo
// workspace seeded: its areas, units and administrator), the administrator logged in before the
// file's tests, the server closed and its database dropped after them. `server` and `admin` are
// live bindings, set before the file's own `beforeAll` runs: read them in hooks and tests.
import { afterAll, beforeAll } from 'vitest';
import { startTestServer, type ApiClient, type TestServer, type TestServerOptions } from './server.ts';

/** This test file's server. */
export let server: TestServer;
/** The demo workspace's administrator (ADMIN), logged in. */
export let admin: ApiClient;

/**
 * Starts this file's server before its tests (a seeded one, or what `start` makes: a server with
 * extra schemas) and logs its administrator in; closes it after them. Call it once, at the top.
 * @example
 * useTestServer();
 * beforeAll(async () => { doctor = await createUser(server, admin, 'DOC', [{ permission: 'CASEMAN' }]); });
 * it('lists the units', async () => expect((await admin.post('/api/tbl/unit/query')).status).toBe(200));
 */
export function useTestServer(start: TestServerOptions | (() => Promise<TestServer>) = {}): void {
  beforeAll(async () => {
    server = typeof start === 'function' ? await start() : await startTestServer(start);
    admin = await server.login();
  }, 180_000);
  afterAll(() => server?.close());
}
