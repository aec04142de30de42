import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { hashPassword } from '../../server/auth/password.ts';
import { systemSession } from '../../server/auth/system-session.ts';
import type { AppContext, DemoLogin, Doc } from '../../server/types.ts';
import { kysely, kyselyByName } from '../../server/db/kysely.ts';
import { TableWriter } from '../../server/tbl/write.ts';
import { systemUpdate } from '../../server/tbl/system-write.ts';

const demoDir = fileURLToPath(new URL('.', import.meta.url));
export const demoWorkspaceName = 'Демонстрационная';
export const demoLogin = { login: 'ADMIN', password: 'Admin123' };
/** The demo users `npm start` prints (and the README lists): who each one is. */
export const demoLogins: DemoLogin[] = [
  { ...demoLogin, who: 'system administrator, the whole workspace' },
  { login: 'DOCTOR1', password: 'Doctor123', who: 'doctor of the Bishkek city TB dispensary (unit view)' },
  { login: 'NURSE1', password: 'Nurse123', who: 'nurse of the same dispensary (intake calendar, contacts)' },
  { login: 'DOCTOR2', password: 'Doctor123', who: 'doctor of the Osh regional TB dispensary (unit view)' },
  { login: 'COORD1', password: 'Coord123', who: 'TB coordinator of Bishkek city (area view: reviews, validates, reports)' },
  { login: 'PHARM1', password: 'Pharm123', who: 'pharmacist of the Bishkek city TB dispensary (unit view: receipts, dispensing, orders, stock counts)' },
];
/** Passwords of the demo users (login → password); every other demo user gets `Demo1234`. */
const demoPasswords: Record<string, string> = Object.fromEntries(demoLogins.map((x) => [x.login, x.password]));

/** Replaces `"@key"` strings by the ids created for those demo rows. */
function resolveKeys(value: unknown, ids: Map<string, string>): unknown {
  if (typeof value === 'string' && value.startsWith('@')) {
    const id = ids.get(value.slice(1));
    if (!id) throw new Error(`demo data: unknown key ${value}`);
    return id;
  }
  if (Array.isArray(value)) return value.map((v) => resolveKeys(v, ids));
  if (value && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, resolveKeys(v, ids)]));
  return value;
}

/**
 * On first start (no workspace yet) creates the demo workspace from `catalogues/demo/NN-<table>.json`
 * through the same write path as the API (validation, hooks, history), then sets demo passwords;
 * the demo ADMIN is the system administrator (`sysuser.sysadmin`: the system settings).
 */
export async function seedDemo(ctx: AppContext): Promise<{ login: string; password: string } | undefined> {
  const em = ctx.orm.em.fork();
  const any = await kysely(em).selectFrom('workspace').select('id').limit(1).executeTakeFirst();
  if (any) return undefined;
  const bootstrap = systemSession('', demoWorkspaceName);
  const wsId = await new TableWriter(ctx, ctx.registry.table('workspace'), bootstrap).create({ name: demoWorkspaceName });
  const session = systemSession(wsId, demoWorkspaceName);
  const ids = new Map<string, string>();
  for (const file of readdirSync(demoDir).filter((f) => /^\d+-.*\.json$/.test(f)).sort()) {
    const table = file.replace(/^\d+-/, '').replace(/\.json$/, '');
    const writer = new TableWriter(ctx, ctx.registry.table(table), session);
    for (const row of JSON.parse(readFileSync(`${demoDir}/${file}`, 'utf8')) as Doc[]) {
      const { $key, ...doc } = row;
      const id = await writer.create(resolveKeys(doc, ids) as Doc);
      if ($key) ids.set($key, id);
    }
  }
  const users = await kysely(em).selectFrom('sysuser').select(['id', 'login']).execute();
  for (const u of users) {
    const account = { passwordHash: await hashPassword(demoPasswords[u.login] ?? 'Demo1234'), passwordExpired: false, emailConfirmed: true, sysadmin: u.login === demoLogin.login };
    await em.fork().transactional((tem) => systemUpdate({ em: tem, ctx, session }, 'sysuser', String(u.id), account, 'action'));
  }
  return demoLogin;
}

/**
 * Writes one demo catalogue (`NN-<table>.json`, rows referring only to each other) into a workspace
 * whose table is empty — a database made before the catalogue existed (the benchmarks' kept databases:
 * the TPT regimens added later); answers how many rows it wrote.
 * @example await seedDemoCatalogue(ctx, workspaceId, 'tptregimen') // 7
 */
export async function seedDemoCatalogue(ctx: AppContext, workspaceId: string, table: string): Promise<number> {
  const db = kyselyByName(ctx.orm.em.fork());
  if (await db.selectFrom(table).select('id').where('workspace_id', '=', workspaceId).limit(1).executeTakeFirst()) return 0;
  const file = readdirSync(demoDir).find((f) => f.replace(/^\d+-/, '') === `${table}.json`);
  if (!file) throw new Error(`no demo catalogue of ${table}`);
  const writer = new TableWriter(ctx, ctx.registry.table(table), systemSession(workspaceId, demoWorkspaceName));
  const ids = new Map<string, string>();
  let n = 0;
  for (const row of JSON.parse(readFileSync(`${demoDir}/${file}`, 'utf8')) as Doc[]) {
    const { $key, ...doc } = row;
    const id = await writer.create(resolveKeys(doc, ids) as Doc);
    if ($key) ids.set($key as string, id);
    n++;
  }
  return n;
}
