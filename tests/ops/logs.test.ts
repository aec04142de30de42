// The server's log as an operator reads it: JSON lines on stdout from a server process,
// one per request; one request id in the answer's X-Request-Id, its log lines, the error log's row
// and the error the user sees; no password and no session token anywhere in the log; the level
// from TB_LOG_LEVEL.
import { Writable } from 'node:stream';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { clientHeader } from '../../engine/client-header.ts';
import { rootDir } from '../../server/config.ts';
import { createLogger, logLevel } from '../../server/log.ts';
import { dropTestDatabase } from '../helpers/pg.ts';
import { seededDatabase } from '../helpers/server.ts';
import { childEnv, spawnServer, type ServerProcess } from '../helpers/server-process.ts';

let databaseUrl: string;
let server: ServerProcess;

beforeAll(async () => {
  databaseUrl = await seededDatabase('logs');
  server = await spawnServer(process.execPath, ['--import', 'tsx', 'app/production.ts'], {
    cwd: rootDir,
    env: childEnv({ DATABASE_URL: databaseUrl, PORT: '0', HOST: '127.0.0.1', TB_SEED_DEMO: 'false', TB_TRUST_PROXY: 'true', TB_LOG_LEVEL: 'info' }),
  });
}, 180_000);

afterAll(async () => {
  await server?.stop('SIGTERM');
  if (databaseUrl) await dropTestDatabase(databaseUrl);
});

/** The log's lines so far, each parsed (a line that is not JSON fails the test). */
const lines = () =>
  server
    .output()
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => {
      try {
        return JSON.parse(l) as Record<string, any>;
      } catch {
        throw new Error(`not a JSON line: ${l}`);
      }
    });

const call = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${server.url}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', [clientHeader]: '1', ...headers }, body: JSON.stringify(body) });

describe('the log of a server process', () => {
  let cookie = '';

  it('writes one JSON line per request with its id, route, status and time, never the password or the session token', async () => {
    const r = await call('/api/auth/login', { login: 'ADMIN', password: 'Admin123' });
    expect(r.status).toBe(200);
    cookie = r.headers.get('set-cookie')!.split(';')[0];
    const id = r.headers.get('x-request-id')!;
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    await vi.waitFor(() => expect(lines().find((l) => l.reqId === id && l.msg === 'request')).toMatchObject({ method: 'POST', route: '/api/auth/login', status: 200, level: 30 }), { timeout: 15_000 });
    const session = await call('/api/sys/session', {}, { cookie });
    const sid = session.headers.get('x-request-id')!;
    await vi.waitFor(() => expect(lines().find((l) => l.reqId === sid)).toMatchObject({ route: '/api/sys/session', status: 200, userId: expect.any(String) }), { timeout: 15_000 });
    expect(server.output()).not.toContain('Admin123');
    expect(server.output()).not.toContain(cookie.split('=')[1]);
  });

  it('takes a trusted proxy\'s X-Request-Id (nginx\'s 32 hex digits, as a uuid)', async () => {
    const r = await call('/api/sys/session', {}, { cookie, 'x-request-id': '0f5e3c2a9b8d4e6f8a1b2c3d4e5f6a7b' });
    expect(r.headers.get('x-request-id')).toBe('0f5e3c2a-9b8d-4e6f-8a1b-2c3d4e5f6a7b');
    await vi.waitFor(() => expect(lines().some((l) => l.reqId === '0f5e3c2a-9b8d-4e6f-8a1b-2c3d4e5f6a7b')).toBe(true), { timeout: 15_000 });
  });

  it('names an unexpected error by the request id in the answer, the error log row and the log line, without the password sent', async () => {
    const db = new pg.Client({ connectionString: databaseUrl });
    await db.connect();
    try {
      // the database loses a column the user settings write: a failure no input causes
      await db.query('alter table sysuser rename column mobile to mobile_lost');
      const r = await call('/api/sys/usersettings', { name: 'Администратор системы', email: 'admin@example.org', password: 'Secret12' }, { cookie });
      await db.query('alter table sysuser rename column mobile_lost to mobile');
      expect(r.status).toBe(500);
      const body = await r.json();
      const id = r.headers.get('x-request-id')!;
      expect(body.errorId).toBe(id);
      expect(body.errors[0].msg).toContain(id);
      expect(JSON.stringify(body)).not.toMatch(/does not exist|at .*\.ts/);
      const row = await db.query('select url, stack_trace, request from errorlog where id = $1', [id]);
      expect(row.rows[0]).toMatchObject({ url: 'POST /api/sys/usersettings' });
      await vi.waitFor(() => expect(lines().find((l) => l.reqId === id && l.level === 50)).toMatchObject({ msg: 'server error', route: '/api/sys/usersettings', err: { message: expect.stringMatching(/"mobile".*does not exist/) } }), { timeout: 15_000 });
      // the request's own line is written once its answer has gone out, maybe after the error's
      await vi.waitFor(() => expect(lines().find((l) => l.reqId === id && l.msg === 'request')).toMatchObject({ status: 500 }), { timeout: 15_000 });
      expect(server.output()).not.toContain('Secret12');
    } finally {
      await db.query('alter table sysuser rename column mobile_lost to mobile').catch(() => {});
      await db.end();
    }
  });
});

describe('the log level', () => {
  it('comes from TB_LOG_LEVEL: at warn, a request line is not written and a warning is', () => {
    const written: string[] = [];
    const sink = new Writable({ write: (chunk, _enc, done) => void (written.push(String(chunk)), done()) });
    const log = createLogger(logLevel({ TB_LOG_LEVEL: 'warn' }), sink);
    log.info({ route: '/api/x' }, 'request');
    log.warn({ password: 'Secret12', nested: { token: 'abc' } }, 'something to look at');
    expect(logLevel({})).toBe('info');
    expect(written).toHaveLength(1);
    expect(JSON.parse(written[0])).toMatchObject({ level: 40, msg: 'something to look at', password: '******', nested: { token: '******' } });
  });
});
