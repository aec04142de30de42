/**
 * Where a tag's SQL condition runs: a schema `tb_tag_sandbox` of security-barrier views over the case
 * tables (`tbcase`, `patient`) that show only the rows of one workspace, read by a role
 * `tb_tag_sandbox` (NOLOGIN) that may read those views and nothing else — inside a savepoint that is
 * read-only, has a statement timeout and is always rolled back.
 *
 * The workspace comes from a scope row inserted inside that same savepoint (so no other transaction
 * ever sees it) into a table the role cannot read or write: nothing the condition does can widen it.
 * A session setting (`current_setting`) would be writable from inside the condition by `set_config`.
 *
 * The views pin the columns of the case tables, so they are dropped before migrations and made again
 * after (`dropSandbox`, `createSandbox`). When the database user may not create or assume roles, the
 * sandbox degrades to the views plus read-only and timeout (and the lexical gate); this is logged.
 * On the embedded PGlite (`npm start`) roles work but `statement_timeout` does not (WebAssembly has no
 * timer signals): there the condition runs in batches with the clock read between them
 * (./check-condition.ts), and the gate (./condition-text.ts) keeps every evaluation cheap.
 *
 * Memory is bounded too: `work_mem`, no parallel workers, no JIT, and `temp_file_limit` when the
 * database user may set it; and one sandbox runs at a time per workspace (a transaction-level
 * advisory lock, tried without waiting: a second check is refused at once rather than holding a
 * pooled connection).
 */
import { sql, type Kysely } from 'kysely';
import type { Em, Orm } from '../../server/db/orm.ts';
import type { AppContext } from '../../server/types.ts';
import { kysely, type Database } from '../../server/db/kysely.ts';
import { log } from '../../server/log.ts';

export const sandboxSchema = 'tb_tag_sandbox';
export const sandboxRole = 'tb_tag_sandbox';
/** The tables a condition may read, by the names it uses for them. */
export const caseTables = ['tbcase', 'patient'];
export const timeoutSeconds = 2;

export interface Sandbox {
  /** False when the role could not be made or assumed (see the module comment). */
  role: boolean;
  /** The columns of each case table, by table name: the only names a condition may put after a dot. */
  columns: Record<string, Set<string>>;
  /** Whether the database user may set `temp_file_limit` (a superuser, or granted on PostgreSQL 15+). */
  tempLimit: boolean;
}

/** Refused at once: another sandbox of the same workspace is running (see `inSandbox`). */
export class SandboxBusy extends Error {
  readonly code = 'busy';
}

/** The scope of a run over no cases: no workspace has this id. */
export const noWorkspace = '00000000-0000-0000-0000-000000000000';
/** Memory for sorts and hashes of one check; temporary files past `tempFileLimit` fail the check. */
export const workMem = '16MB';
export const tempFileLimit = '256MB';
/** First key of the per-workspace advisory lock (the second is the workspace id's hash). */
const lockKey = 740614;

const ready = new WeakMap<Orm, Promise<Sandbox>>();

/** Drops the views (and the scope table) so migrations may change the case tables. */
export async function dropSandbox(orm: Orm): Promise<void> {
  ready.delete(orm);
  await sql`drop schema if exists ${sql.id(sandboxSchema)} cascade`.execute(kysely(orm.em.fork()));
}

/** Makes the sandbox once per process (idempotent, safe when several processes start together). */
export function createSandbox(ctx: AppContext): Promise<Sandbox> {
  let p = ready.get(ctx.orm);
  if (!p) {
    p = build(ctx.orm).catch((e) => {
      ready.delete(ctx.orm);
      throw e;
    });
    ready.set(ctx.orm, p);
  }
  return p;
}

async function build(orm: Orm): Promise<Sandbox> {
  await orm.em.fork().transactional(async (em) => {
    const db = kysely(em);
    // Advisory locks are per database: two processes of one deployment take turns here.
    await sql`select pg_advisory_xact_lock(740613)`.execute(db);
    const home = (await sql<{ s: string }>`select current_schema() as s`.execute(db)).rows[0].s;
    await sql`create schema if not exists ${sql.id(sandboxSchema)}`.execute(db);
    await sql`create table if not exists ${sql.id(sandboxSchema, 'scope')} (workspace_id uuid not null)`.execute(db);
    for (const t of caseTables) {
      await sql`create or replace view ${sql.id(sandboxSchema, t)} with (security_barrier) as
        select x.* from ${sql.id(home, t)} x
        where x.workspace_id = (select s.workspace_id from ${sql.id(sandboxSchema, 'scope')} s)`.execute(db);
    }
  });
  const db = kysely(orm.em.fork());
  const columns = await caseColumns(db);
  const tempLimit = await maySetTempLimit(db);
  try {
    await makeRole(db);
    // Prove the role can be assumed now, rather than failing every condition later.
    await rolledBack(orm.em.fork(), (tx) => sql.raw(`set local role ${sandboxRole}`).execute(tx));
    return { role: true, columns, tempLimit };
  } catch (e) {
    log.warn({ reason: (e as Error).message }, 'tags: no sandbox role; tag conditions run on the views, read-only, without a separate role');
    return { role: false, columns, tempLimit };
  }
}

/** The columns of the sandbox's views, by table. */
async function caseColumns(db: Kysely<Database>): Promise<Record<string, Set<string>>> {
  const rows = (await sql<{ t: string; c: string }>`select c.relname as t, a.attname as c from pg_attribute a
    join pg_class c on c.oid = a.attrelid join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = ${sandboxSchema} and c.relname in (${sql.join(caseTables)}) and a.attnum > 0 and not a.attisdropped`.execute(db)).rows;
  return Object.fromEntries(caseTables.map((t) => [t, new Set(rows.filter((r) => r.t === t).map((r) => r.c))]));
}

/** `temp_file_limit` is a superuser setting; PostgreSQL 15+ may grant it (`GRANT SET ON PARAMETER`). */
async function maySetTempLimit(db: Kysely<Database>): Promise<boolean> {
  const r = (await sql<{ su: boolean; v: number }>`select (select rolsuper from pg_roles where rolname = current_user) as su,
    current_setting('server_version_num')::int as v`.execute(db)).rows[0];
  if (r.su) return true;
  if (r.v < 150000) return false;
  return (await sql<{ ok: boolean }>`select has_parameter_privilege(current_user, 'temp_file_limit', 'SET') as ok`.execute(db)).rows[0].ok;
}

/** The role is cluster-wide: other databases on the server may be creating it at the same moment. */
async function makeRole(db: Kysely<Database>): Promise<void> {
  await sql`do $$ begin
      if not exists (select from pg_roles where rolname = 'tb_tag_sandbox') then create role tb_tag_sandbox nologin; end if;
    exception when duplicate_object or unique_violation then null;
    end $$`.execute(db);
  await sql`grant usage on schema ${sql.id(sandboxSchema)} to ${sql.id(sandboxRole)}`.execute(db);
  for (const t of caseTables) await sql`grant select on ${sql.id(sandboxSchema, t)} to ${sql.id(sandboxRole)}`.execute(db);
  // PostgreSQL 16+ separates membership from the right to SET ROLE (a CREATEROLE creator is an admin
  // of the role, not a member that may assume it): ask for that right, and grant it with SET.
  const v = (await sql<{ v: number }>`select current_setting('server_version_num')::int as v`.execute(db)).rows[0].v;
  const right = v >= 160000 ? 'SET' : 'MEMBER';
  const r = await sql<{ ok: boolean }>`select pg_has_role(current_user, ${sandboxRole}, ${right}) or (select rolsuper from pg_roles where rolname = current_user) as ok`.execute(db);
  if (!r.rows[0].ok) await sql.raw(`grant ${sandboxRole} to "${(await currentUser(db)).replaceAll('"', '""')}"${v >= 160000 ? ' with set true' : ''}`).execute(db);
}

const currentUser = async (db: Kysely<Database>) => (await sql<{ u: string }>`select current_user as u`.execute(db)).rows[0].u;

class Rollback extends Error {
  constructor(readonly value: unknown) {
    super('rollback');
  }
}

/** Runs `work` in a transaction (a savepoint when `em` is in one) that is always rolled back. */
async function rolledBack<T>(em: Em, work: (db: Kysely<any>) => Promise<T>): Promise<T> {
  try {
    await em.transactional(async (tem) => {
      throw new Rollback(await work(kysely(tem)));
    });
  } catch (e) {
    if (e instanceof Rollback) return e.value as T;
    throw e;
  }
  throw new Error('unreachable');
}

/**
 * Runs `work` inside the sandbox for one workspace and rolls everything back. `em` may be inside a
 * transaction (a savepoint is used) or not. Throws the database's error when the work fails, and
 * `SandboxBusy` at once when another sandbox of the workspace is running. With `noRows`, the views
 * show no case at all (a check that must say nothing about the workspace's cases). `lock`: `try`
 * (the default: busy at once), `wait` (a background refresh queues behind the running check), or
 * `none` (a few cases by id: the auto tags of a case just written, cheap and never refused).
 * @example await inSandbox(em, ctx, ws, (db) => sql`select count(*) from tbcase`.execute(db))
 */
export async function inSandbox<T>(em: Em, ctx: AppContext, workspaceId: string, work: (db: Kysely<any>) => Promise<T>, opts: { noRows?: boolean; lock?: 'try' | 'wait' | 'none' } = {}): Promise<T> {
  const box = await createSandbox(ctx);
  return rolledBack(em, async (db) => {
    const lock = opts.lock ?? 'try';
    if (lock === 'wait') await sql`select pg_advisory_xact_lock(${lockKey}, hashtext(${workspaceId}))`.execute(db);
    if (lock === 'try') {
      const got = await sql<{ ok: boolean }>`select pg_try_advisory_xact_lock(${lockKey}, hashtext(${workspaceId})) as ok`.execute(db);
      if (!got.rows[0].ok) throw new SandboxBusy('another tag check of this workspace is running');
    }
    await sql`insert into ${sql.id(sandboxSchema, 'scope')} (workspace_id) values (${opts.noRows ? noWorkspace : workspaceId})`.execute(db);
    // every setting in one statement (set_config(…, true) is `set local`): a case save runs this, and
    // each statement is a round trip
    const settings: [string, string][] = [
      ['transaction_read_only', 'on'],
      ['statement_timeout', `${timeoutSeconds}s`],
      ['work_mem', workMem],
      ['max_parallel_workers_per_gather', '0'],
      ['jit', 'off'],
      ...(box.tempLimit ? [['temp_file_limit', tempFileLimit] as [string, string]] : []),
      ['search_path', sandboxSchema],
      ...(box.role ? [['role', sandboxRole] as [string, string]] : []),
    ];
    // Fail closed, read in the same statement (the expressions run in order, after the settings): the
    // role and read-only mode took, and they last — the transaction holds the scope row just inserted
    // (an id assigned); on a connection with no open transaction, a local setting would end with this
    // statement and the condition would run outside the sandbox.
    const check = await sql<{ u: string; ro: string; held: boolean }>`select ${sql.join(settings.map(([k, v]) => sql`set_config(${k}, ${v}, true)`))},
      current_user as u, current_setting('transaction_read_only') as ro, pg_current_xact_id_if_assigned() is not null as held`.execute(db);
    const { u, ro, held } = check.rows[0];
    if (ro !== 'on' || !held || (box.role && u !== sandboxRole)) throw new Error('tag sandbox not in effect');
    return work(db);
  });
}

/**
 * The sandbox's part of the readiness answer: whether tag conditions run as the role (not fatal:
 * without it they run on the views, read-only — docs/production.md says how to create it).
 * @example await sandboxHealth(ctx) // { ok: true }
 */
export async function sandboxHealth(ctx: AppContext): Promise<{ ok: boolean; detail?: string }> {
  const { role } = await createSandbox(ctx);
  if (!role) return { ok: false, detail: `no role ${sandboxRole}: conditions run on the views without it` };
  const r = await sql<{ ok: boolean }>`select exists (select from pg_roles where rolname = ${sandboxRole}) as ok`.execute(kysely(ctx.orm.em.fork()));
  return r.rows[0].ok ? { ok: true } : { ok: false, detail: `role ${sandboxRole} was dropped` };
}
