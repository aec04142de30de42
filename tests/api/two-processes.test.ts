// Two server processes on one database serve one user: sessions, logouts and lockouts live in
// PostgreSQL, not in a process.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../app/start.ts';
import { ApiClient, startTestServer, type TestServer } from '../helpers/server.ts';

let a: TestServer;
let b: RunningServer;
beforeAll(async () => {
  a = await startTestServer();
  b = await startServer({ databaseUrl: a.databaseUrl, port: 0, host: '127.0.0.1', seedDemo: true });
});
afterAll(async () => {
  await b?.close();
  await a?.close();
});

describe('two servers on one database', () => {
  it('accept a session opened on the other, and end it everywhere on logout', async () => {
    const onA = await a.login();
    const onB = new ApiClient(b.url);
    onB.cookie = onA.cookie;
    expect((await onB.post('/api/sys/session')).body.userLogin).toBe('ADMIN');
    const created = await onB.post('/api/tbl/source', { shortName: 'B', name: 'Создан на втором сервере' });
    expect((await onA.get(`/api/tbl/source/${created.body.result}`)).body.shortName).toBe('B');
    await onB.post('/api/auth/logout');
    expect((await onA.post('/api/sys/session')).status).toBe(401);
  });

  it('count failed logins across servers for the lockout', async () => {
    for (const server of [a.url, b.url, a.url, b.url, a.url]) {
      expect((await new ApiClient(server).post('/api/auth/login', { login: 'DOCTOR1', password: 'nope99' })).status).toBe(401);
    }
    expect((await new ApiClient(b.url).post('/api/auth/login', { login: 'DOCTOR1', password: 'Doctor123' })).status).toBe(429);
  });
});
