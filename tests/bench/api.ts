/**
 * `npm run bench:api`: requests/s of an authenticated `POST /api/tbl/source/query` (50 rows) on the
 * real server, against the same list SQL served by plain `pg` on `node:http`, and their ratio.
 * Both run on the same throwaway PostgreSQL, one after the other, with the load in a worker thread.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import pg from 'pg';
import { startPostgres } from '../setup/postgres.ts';
import { startServer } from '../../server/start.ts';
import { kysely } from '../../server/tbl/store.ts';
import { runLoad } from './load.ts';

const seconds = Number(process.env.BENCH_SECONDS ?? 8);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 16);

const postgres = await startPostgres();
const admin = new pg.Client({ connectionString: postgres.url });
await admin.connect();
await admin.query('create database bench');
await admin.end();
const databaseUrl = postgres.url.replace(/\/[^/]*$/, '/bench');

const server = await startServer({ databaseUrl, port: 0, host: '127.0.0.1', seedDemo: true });
const em = server.ctx.orm.em.fork();
const ws = (await kysely(em).selectFrom('workspace').select('id').executeTakeFirstOrThrow()).id as string;
await kysely(em).insertInto('source').values(Array.from({ length: 60 }, (_, i) => ({ id: crypto.randomUUID(), workspace_id: ws, short_name: `B${i}`, name: `Источник ${String(i).padStart(2, '0')}`, active: true }))).execute();

const login = await fetch(`${server.url}/api/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ login: 'ADMIN', password: 'Admin123' }) });
const cookie = login.headers.get('set-cookie')!.split(';')[0];
const body = JSON.stringify({ page: 1, pageSize: 50 });
const check = await (await fetch(`${server.url}/api/tbl/source/query`, { method: 'POST', headers: { 'content-type': 'application/json', cookie }, body })).json();
if (check.list.length !== 50) throw new Error(`expected 50 rows, got ${check.list.length}`);

// The same SQL the endpoint runs for the list, on a plain pg pool behind node:http.
const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
const listSql = `select t.id, t.short_name, t.name, t.custom_id, t.active, count(*) over() as __count
  from source as t where t.workspace_id = $1 order by t.name asc, t.id asc limit $2 offset $3`;
const plain = createServer(async (req, res) => {
  let raw = '';
  for await (const chunk of req) raw += chunk;
  const { page, pageSize } = JSON.parse(raw);
  const r = await pool.query(listSql, [ws, pageSize, (page - 1) * pageSize]);
  const list = r.rows.map(({ __count, short_name, custom_id, ...rest }) => ({ ...rest, shortName: short_name, customId: custom_id ?? undefined }));
  res.setHeader('content-type', 'application/json');
  res.end(JSON.stringify({ count: Number(r.rows[0]?.__count ?? 0), list }));
});
await new Promise<void>((r) => plain.listen(0, '127.0.0.1', r));
const plainUrl = `http://127.0.0.1:${(plain.address() as AddressInfo).port}/`;

const warm = { body, connections, seconds: 2 };
await runLoad({ ...warm, url: `${server.url}/api/tbl/source/query`, cookie });
await runLoad({ ...warm, url: plainUrl });
const ours = await runLoad({ url: `${server.url}/api/tbl/source/query`, body, cookie, connections, seconds });
const base = await runLoad({ url: plainUrl, body, connections, seconds });

console.log(`\nPOST /api/tbl/source/query, 50 rows, ${connections} connections, ${seconds} s each`);
console.log(`  platform (Hono + session + permission + MikroORM/Kysely): ${ours.perSecond.toFixed(0)} req/s (${ours.errors} errors)`);
console.log(`  plain pg on node:http (same list SQL, no auth):           ${base.perSecond.toFixed(0)} req/s (${base.errors} errors)`);
console.log(`  ratio: ${(ours.perSecond / base.perSecond).toFixed(2)} (aim ≥ 0.70)\n`);

plain.close();
await pool.end();
await server.close();
await postgres.stop();
process.exit(0);
