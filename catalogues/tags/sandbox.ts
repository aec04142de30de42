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
 * timer signals): there the lexical gate is narrower (./condition-text.ts) and the condition runs in
 * batches with the clock read between them (./check-condition.ts).
 */
import { sql, type Kysely } from 'kysely';
import type { Em, Orm } from '../../server/db/orm.ts';
import type { AppContext } from '../../server/http/context.ts';
import { kysely } from '../../server/tbl/store.ts';

export const sandboxSchema = 'tb_tag_sandbox';
export const sandboxRole = 'tb_tag_sandbox';
/** The tables a condition may read, by the names it uses for them. */
export const caseTables = ['tbcase', 'patient'];
export const timeoutSeconds = 2;

export interface Sandbox {
  /** False when the role could not be made or assumed (see the module comment). */
  role: boolean;
}

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
  try {
    await makeRole(kysely(orm.em.fork()));
    // Prove the role can be assumed now, rather than failing every condition later.
    await rolledBack(orm.em.fork(), (db) => sql.raw(`set local role ${sandboxRole}`).execute(db));
    return { role: true };
  } catch (e) {
    console.warn(`[tags] no sandbox role (${(e as Error).message}); tag conditions run on the views, read-only, without a separate role`);
    return { role: false };
  }
}

/** The role is cluster-wide: other databases on the server may be creating it at the same moment. */
async function makeRole(db: Kysely<any>): Promise<void> {
  await sql`do $$ begin
      if not exists (select from pg_roles where rolname = 'tb_tag_sandbox') then create role tb_tag_sandbox nologin; end if;
    exception when duplicate_object or unique_violation then null;
    end $$`.execute(db);
  await sql`grant usage on schema ${sql.id(sandboxSchema)} to ${sql.id(sandboxRole)}`.execute(db);
  for (const t of caseTables) await sql`grant select on ${sql.id(sandboxSchema, t)} to ${sql.id(sandboxRole)}`.execute(db);
  const r = await sql<{ ok: boolean }>`select pg_has_role(current_user, ${sandboxRole}, 'MEMBER') or (select rolsuper from pg_roles where rolname = current_user) as ok`.execute(db);
  if (!r.rows[0].ok) await sql`grant ${sql.id(sandboxRole)} to ${sql.id(await currentUser(db))}`.execute(db);
}

const currentUser = async (db: Kysely<any>) => (await sql<{ u: string }>`select current_user as u`.execute(db)).rows[0].u;

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
 * transaction (a savepoint is used) or not. Throws the database's error when the work fails.
 */
export async function inSandbox<T>(em: Em, ctx: AppContext, workspaceId: string, work: (db: Kysely<any>) => Promise<T>): Promise<T> {
  const box = await createSandbox(ctx);
  return rolledBack(em, async (db) => {
    await sql`insert into ${sql.id(sandboxSchema, 'scope')} (workspace_id) values (${workspaceId})`.execute(db);
    await sql`set local transaction_read_only = on`.execute(db);
    await sql.raw(`set local statement_timeout = '${timeoutSeconds}s'`).execute(db);
    await sql.raw(`set local search_path = ${sandboxSchema}`).execute(db);
    if (box.role) await sql.raw(`set local role ${sandboxRole}`).execute(db);
    // Fail closed: if any of the above did not take (no transaction on this connection), stop here.
    const check = await sql<{ u: string; ro: string }>`select current_user as u, current_setting('transaction_read_only') as ro`.execute(db);
    if (check.rows[0].ro !== 'on' || (box.role && check.rows[0].u !== sandboxRole)) throw new Error('tag sandbox not in effect');
    return work(db);
  });
}
