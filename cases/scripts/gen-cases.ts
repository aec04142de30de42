/**
 * `npm run gen:cases -- N [workspace name]`: adds N generated patients with one case each to a
 * workspace (the demo one by default) of the configured database — PGlite under the data folder,
 * or DATABASE_URL — spread over its TB units. For scale work and benchmarks.
 */
import { loadSchemas } from '../../engine/load.ts';
import { configFromEnv, schemasDir } from '../../server/config.ts';
import { sql } from 'kysely';
import { migrate, openOrm } from '../../server/db/orm.ts';
import { kysely } from '../../server/db/kysely.ts';
import { generateCases } from '../generate.ts';

const n = Number(process.argv[2]);
if (!Number.isInteger(n) || n < 1) {
  console.error('usage: npm run gen:cases -- N [workspace name]   (N: how many patients and cases to add)');
  process.exit(2);
}
const config = configFromEnv();
const orm = await openOrm(loadSchemas(schemasDir), { databaseUrl: config.databaseUrl, dataDir: config.dataDir });
await migrate(orm);
const db = kysely(orm.em.fork());
const name = process.argv[3];
const ws = await (name ? db.selectFrom('workspace').select(['id', 'name']).where('name', '=', name) : db.selectFrom('workspace').select(['id', 'name']).orderBy('created_at')).executeTakeFirst();
if (!ws) {
  console.error(name ? `no workspace named «${name}»` : 'no workspace yet: run `npm start` once to create the demo one');
  process.exit(2);
}
const started = Date.now();
await generateCases(db, ws.id as string, n, { onProgress: (done) => console.log(`${done} / ${n}`) });
await sql`analyze patient`.execute(db);
await sql`analyze tbcase`.execute(db);
console.log(`added ${n} patients and cases to «${ws.name}» in ${((Date.now() - started) / 1000).toFixed(0)} s`);
await orm.close(true);

