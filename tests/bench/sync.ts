/**
 * `npm run bench:sync`: what an offline client of one unit costs the server and the wire, on a
 * throwaway PostgreSQL. 2,000 generated cases (with their patients) in one TB unit, fed to the change
 * feed; a doctor of that unit (unit view) is the client. Prints time and bytes — the JSON, and with
 * the answers gzipped as the sync routes send them to a client that accepts gzip — of:
 * - the initial download: the unit's slice read from the feed from the start (`POST /api/sync/changes`,
 *   1,000 a page) — catalogues, the unit's cases and patients;
 * - server → client: 100 cases changed on the server, read from the position the download ended at;
 * - client → server: 100 cases changed on the client, uploaded in one `POST /api/sync/push`.
 * These are the server's and the wire's share. Then the client itself (server/sync/client/), on a
 * database of its own on the same PostgreSQL: its initialisation from the server (the slice, the feed,
 * written into its database), and one synchronisation after 100 other cases changed on the server and
 * 100 on the client (through the client's case edit form): time and counts. Compare runs of the same
 * machine, and repeat them.
 */
import { gzipSync } from 'node:zlib';
import { clientHeader } from '../../engine/client-header.ts';
import { generateCases } from '../../cases/generate.ts';
import { startServer } from '../../app/start.ts';
import { hashPassword } from '../../server/auth/password.ts';
import { kysely, kyselyByName } from '../../server/db/kysely.ts';
import { feedGenerated } from '../../server/tbl/feed-generated.ts';
import { initialiseClient } from '../../server/sync/client/init.ts';
import { Remote } from '../../server/sync/client/remote.ts';
import { startSync } from '../../server/sync/client/run.ts';
import { readState } from '../../server/sync/client/state.ts';
import { benchDatabase, freshDatabase } from './database.ts';
import { demoWorkspaceId } from './demo-cases.ts';
import { finishBench } from './finish.ts';
import { signIn } from './sign-in.ts';

const CASES = Number(process.env.BENCH_SYNC_CASES ?? 2000);
const CHANGED = 100;

const { databaseUrl, postgres } = await benchDatabase('bench_sync', { keepable: false });
const server = await startServer({ databaseUrl, port: 0, host: '127.0.0.1', seedDemo: true, demoCases: 0 });
const db = kysely(server.ctx.orm.em.fork());
const ws = await demoWorkspaceId(db);
const unit = (await db.selectFrom('unit').select('id').where('workspace_id', '=', ws).where('type', '=', 'TBUNIT').orderBy('name').executeTakeFirstOrThrow()).id as string;
await generateCases(db, ws, CASES, { unitIds: [unit], numberPrefix: 'S-' });
await db.updateTable('patient').set({ birth_date: '1950-01-01' }).where('workspace_id', '=', ws).execute();
await feedGenerated(server.ctx, ws);

/** A call with the session's cookie: status, parsed body, bytes sent and received. */
async function call(cookie: string, path: string, body: unknown) {
  const sent = JSON.stringify(body);
  const r = await fetch(server.url + path, { method: 'POST', headers: { 'content-type': 'application/json', [clientHeader]: '1', cookie }, body: sent });
  const text = await r.text();
  if (r.status !== 200) throw new Error(`${path}: ${r.status} ${text.slice(0, 300)}`);
  return { body: JSON.parse(text), sent: Buffer.byteLength(sent), received: Buffer.byteLength(text), gzipped: Buffer.byteLength(sent) + gzipSync(text).length, cookie: r.headers.get('set-cookie')?.split(';')[0] };
}
const admin = await signIn(server.url);
const profile = await call(admin, '/api/tbl/userprofile', { name: 'Врач (офлайн)', permissions: [{ permission: 'CASEMAN' }, { permission: 'NEWCASE' }] });
await call(admin, '/api/tbl/userws', { login: 'SYNCDOC', name: 'SYNCDOC', email: 'syncdoc@example.org', unitId: unit, profiles: [profile.body.result], view: 'UNIT' });
await db.updateTable('sysuser').set({ password_hash: await hashPassword('Passw0rd'), password_expired: false }).where('login', '=', 'SYNCDOC').execute();
const doctor = await signIn(server.url, 'SYNCDOC', 'Passw0rd');

/** Reads the feed from `after` to its end: changes, position, bytes, ms. */
async function readFeed(after: string) {
  const t0 = performance.now();
  let bytes = 0;
  let gzipped = 0;
  const changes: { table: string; id: string; version: number }[] = [];
  for (;;) {
    const r = await call(doctor, '/api/sync/changes', { after, limit: 1000 });
    bytes += r.sent + r.received;
    gzipped += r.gzipped;
    changes.push(...r.body.changes);
    after = r.body.last;
    if (!r.body.more) return { changes, after, bytes, gzipped, ms: performance.now() - t0 };
  }
}
const kb = (n: number, gz: number) => `${(n / 1024).toFixed(0)} KB JSON, ${(gz / 1024).toFixed(0)} KB gzip`;

const init = await readFeed('0.0');
const cases = init.changes.filter((c) => c.table === 'tbcase');
console.log(`\nOffline client of one unit (${CASES} cases in the unit, PostgreSQL)`);
console.log(`  initial download: ${init.changes.length} rows (${cases.length} cases) in ${init.ms.toFixed(0)} ms, ${kb(init.bytes, init.gzipped)}`);

// server → client: 100 cases changed on the server
const versions = new Map(cases.map((c) => [c.id, c.version]));
const changed = cases.slice(0, CHANGED);
for (const [i, c] of changed.entries()) await call(admin, `/api/tbl/tbcase/${c.id}`, { caseNumber: `SV-${i}` });
let down = await readFeed(init.after);
for (let tries = 0; down.changes.filter((c) => c.table === 'tbcase').length < CHANGED && tries < 50; tries++) {
  await new Promise((r) => setTimeout(r, 100));
  const more = await readFeed(down.after);
  down = { changes: [...down.changes, ...more.changes], after: more.after, bytes: down.bytes + more.bytes, gzipped: down.gzipped + more.gzipped, ms: down.ms + more.ms };
}
console.log(`  server → client, ${CHANGED} cases changed: ${down.changes.length} changes in ${down.ms.toFixed(0)} ms, ${kb(down.bytes, down.gzipped)}`);

// client → server: 100 other cases changed on the client, uploaded at once
const mine = cases.slice(CHANGED, 2 * CHANGED);
const at = new Date().toISOString();
const upload = mine.map((c, i) => ({ changeId: crypto.randomUUID(), table: 'tbcase', op: 'update', id: c.id, baseVersion: versions.get(c.id), at, data: { caseNumber: `CL-${i}` } }));
const t0 = performance.now();
const up = await call(doctor, '/api/sync/push', { changes: upload });
const upMs = performance.now() - t0;
const results = up.body.results.reduce((n: Record<string, number>, a: { result: string }) => ({ ...n, [a.result]: (n[a.result] ?? 0) + 1 }), {});
console.log(`  client → server, ${CHANGED} cases changed: one upload in ${upMs.toFixed(0)} ms, ${kb(up.sent + up.received, up.gzipped)} (${JSON.stringify(results)})`);

// the client itself: its own database, initialised from the server, then one synchronisation
const clientUrl = await freshDatabase(postgres!, 'bench_sync_client');
const client = await startServer({ databaseUrl: clientUrl, port: 0, host: '127.0.0.1', seedDemo: false, demoCases: 0, clientMode: true });
const cdb = kyselyByName(client.ctx.orm.em.fork()); // a table of the feed, by name
let t1 = performance.now();
await initialiseClient(client.ctx, { serverUrl: server.url, login: 'SYNCDOC', password: 'Passw0rd' });
const initMs = performance.now() - t1;
const held = async (table: string) => Number((await cdb.selectFrom(table).select((e) => e.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
console.log(`  client initialised (slice + feed written to its database): ${await held('tbcase')} cases, ${await held('patient')} patients in ${initMs.toFixed(0)} ms`);

const theirs = cases.slice(2 * CHANGED, 3 * CHANGED);
for (const [i, c] of theirs.entries()) await call(admin, `/api/tbl/tbcase/${c.id}`, { caseNumber: `SV2-${i}` });
const ours = cases.slice(3 * CHANGED, 4 * CHANGED);
const clientCookie = await signIn(client.url, 'SYNCDOC', 'Passw0rd');
const onClientCall = async (method: string, path: string, body?: unknown) =>
  (await fetch(client.url + path, { method, headers: { 'content-type': 'application/json', [clientHeader]: '1', cookie: clientCookie }, body: body === undefined ? undefined : JSON.stringify(body) })).json();
let edited = 0;
for (const c of ours) {
  const form = await onClientCall('GET', `/api/cases/case/edit/form/${c.id}`);
  if (!form.doc) {
    if (!edited) console.log(`  (a generated case's edit form on the client: ${JSON.stringify(form).slice(0, 300)})`);
    continue;
  }
  const saved = await onClientCall('POST', '/api/cases/case/edit/save', { caseId: c.id, doc: { ...form.doc, tbcase: { ...form.doc.tbcase, diagnosisBasis: 'CLINICAL' } } });
  if (saved.success) edited++;
}
console.log(`  ${edited} cases edited on the client`);
await new Promise((r) => setTimeout(r, 200));
t1 = performance.now();
await (await startSync(client.ctx, await Remote.login(server.url, 'SYNCDOC', 'Passw0rd', 'ru'), 'ru')).done;
const syncMs = performance.now() - t1;
const after = (await readState(client.ctx.orm.em.fork(), client.ctx))!;
console.log(`  client synchronised, ${CHANGED} cases changed each side: ${syncMs.toFixed(0)} ms, ${after.phase} ${JSON.stringify(after.counts)}${after.error ? ` — ${after.error}` : ""}`);
await finishBench(postgres, [() => client.close(), () => server.close()]);
