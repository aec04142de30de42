// The tag sandbox on the embedded PGlite that `npm start` uses: the role and the views work there
// too; only the statement timeout does not (see catalogues/tags/sandbox.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type RunningServer } from '../../server/start.ts';
import { ApiClient } from '../helpers/server.ts';

let server: RunningServer;
let admin: ApiClient;
beforeAll(async () => {
  server = await startServer({ dataDir: 'memory://', port: 0, host: '127.0.0.1', seedDemo: true, outboxDir: `.tmp/outbox-${process.pid}` });
  admin = new ApiClient(server.url);
  await admin.post('/api/auth/login', { login: 'ADMIN', password: 'Admin123' });
});
afterAll(() => server?.close());

describe('tag conditions on PGlite', () => {
  it('accepts a good condition and refuses hostile ones', async () => {
    expect((await admin.post('/api/tbl/tag', { name: 'ЛУ-ТБ', sqlCondition: "tbcase.classification = 'DRTB'" })).status).toBe(200);
    for (const sqlCondition of ['(select count(*) from public.tbcase) > 0', 'pg_sleep(10) is null', 'exists (select 1 from "public"."sysuser")', 'tbcase.nothing = 1']) {
      const r = await admin.post('/api/tbl/tag', { name: 'Враждебная', sqlCondition });
      expect(r.status, sqlCondition).toBe(400);
      expect(r.body.errors[0].field).toBe('sqlCondition');
    }
  });

  it('runs the condition as the sandbox role', async () => {
    const { inSandbox } = await import('../../catalogues/tags/sandbox.ts');
    const { sql } = await import('kysely');
    const ws = (await admin.post('/api/sys/session')).body.workspaceId;
    const who = await server.ctx.orm.em.fork().transactional((em) => inSandbox(em, server.ctx, ws, async (db) => (await sql<{ u: string }>`select current_user as u`.execute(db)).rows[0].u));
    expect(who).toBe('tb_tag_sandbox');
    await expect(server.ctx.orm.em.fork().transactional((em) => inSandbox(em, server.ctx, ws, (db) => sql`select * from public.sysuser`.execute(db)))).rejects.toThrow(/permission denied/);
  });
});
