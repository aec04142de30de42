// A real server (Hono on a port, MikroORM on a fresh PostgreSQL database of the test run) with the
// demo workspace seeded, and a tiny cookie-keeping HTTP client to call it as a browser would.
import { clientHeader } from '../../engine/client-header.ts';
import { startServer, type RunningServer } from '../../app/start.ts';
import { configFromEnv, type JobSettings } from '../../server/config.ts';
import { createFromTemplate, createTestDatabase, dropTestDatabase } from './pg.ts';
import { loggedError } from './logged-error.ts';

export interface TestServer extends RunningServer {
  databaseUrl: string;
  /** Logs in and returns a client carrying that session's cookie. */
  login(login?: string, password?: string, workspaceId?: string): Promise<ApiClient>;
  anonymous(): ApiClient;
}

export interface ApiResponse<T = any> {
  status: number;
  body: T;
}

export class ApiClient {
  cookie = '';
  /** Extra headers sent with every call (e.g. the UI's `X-Time-Zone`). */
  headers: Record<string, string> = {};
  constructor(readonly baseUrl: string) {}

  async call<T = any>(method: string, path: string, body?: unknown): Promise<ApiResponse<T>> {
    const res = await fetch(this.baseUrl + path, {
      method,
      // like the UI's client, the clients' own header: a state change needs it (server/http/csrf.ts)
      headers: { 'content-type': 'application/json', [clientHeader]: '1', ...this.headers, ...(this.cookie ? { cookie: this.cookie } : {}) },
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    });
    const set = res.headers.get('set-cookie');
    if (set) this.cookie = set.split(';')[0];
    const text = await res.text();
    let parsed: any = text;
    try {
      parsed = JSON.parse(text);
    } catch {}
    return { status: res.status, body: parsed };
  }

  post<T = any>(path: string, body: unknown = {}) {
    return this.call<T>('POST', path, body);
  }
  get<T = any>(path: string) {
    return this.call<T>('GET', path);
  }
  delete<T = any>(path: string) {
    return this.call<T>('DELETE', path);
  }
}

/** How a test server differs from the default (seeded, same-origin, no proxy). */
export interface TestServerOptions {
  schemasDir?: string;
  /** `schemasDir` changes no table or column (say, a page size): start on a copy of the seeded template, as the usual server does. */
  sameTables?: boolean;
  migrationsDir?: string;
  clientMode?: boolean;
  seedDemo?: boolean;
  trustProxy?: boolean;
  /** The demo workspace as `npm start` makes it, with its generated register (`TB_DEMO_CASES`' default): on a database of its own, seeded anew. */
  fullDemo?: boolean;
  /** The database to start on (say, a {@link seededDatabase} with a scratch migration's diff taken on it), instead of a new one; dropped on close. */
  databaseUrl?: string;
  /** The job runner's lease and idle poll (server/jobs/runner.ts), when a test needs them short. */
  jobs?: JobSettings;
  /** The most PostgreSQL connections its pool opens (`TB_DB_POOL_MAX`; 10). */
  dbPoolMax?: number;
}

/** Migrates and seeds the template of the usual test server (the start's configuration does not change the rows). */
async function seedTemplate(databaseUrl: string): Promise<void> {
  const server = await startServer({ databaseUrl, port: 0, host: '127.0.0.1', seedDemo: true, demoCases: 0, outboxDir: `.tmp/outbox-${process.pid}` });
  await server.close();
}

/**
 * A new database, a copy of the run's migrated and seeded template (built by the first caller):
 * migrating and seeding take seconds, copying a fraction of one. Its URL.
 * @example const databaseUrl = await seededDatabase(); const server = await startTestServer({ databaseUrl, migrationsDir });
 */
export const seededDatabase = (label = 'srv') => createFromTemplate(label, 'seeded', seedTemplate);

/** Starts a seeded server on its own database; `close()` stops it and drops the database. */
export async function startTestServer(opts: TestServerOptions = {}): Promise<TestServer> {
  // the usual server (the product's schemas and migrations, the demo seeded) starts on a copy of the template
  const usual = (!opts.schemasDir || opts.sameTables === true) && !opts.migrationsDir && opts.seedDemo !== false && !opts.fullDemo;
  const databaseUrl = opts.databaseUrl ?? (usual ? await seededDatabase() : await createTestDatabase('srv'));
  const server = await startServer({ databaseUrl, port: 0, host: '127.0.0.1', seedDemo: opts.seedDemo ?? true, demoCases: opts.fullDemo ? configFromEnv({}).demoCases : 0, clientMode: opts.clientMode ?? false, trustProxy: opts.trustProxy ?? false, schemasDir: opts.schemasDir, migrationsDir: opts.migrationsDir, outboxDir: `.tmp/outbox-${process.pid}`, ...(opts.jobs ? { jobs: opts.jobs } : {}), ...(opts.dbPoolMax ? { dbPoolMax: opts.dbPoolMax } : {}) });
  return {
    ...server,
    databaseUrl,
    anonymous: () => new ApiClient(server.url),
    async login(login = 'ADMIN', password = 'Admin123', workspaceId?: string) {
      const client = new ApiClient(server.url);
      const r = await client.post('/api/auth/login', { login, password, workspaceId });
      if (r.status !== 200) throw new Error(`login ${login} failed: ${JSON.stringify(r.body)} ${await loggedError(server, r.body)}`);
      return client;
    },
    async close() {
      await server.close();
      await dropTestDatabase(databaseUrl);
    },
  };
}
