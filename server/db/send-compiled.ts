import type { CompiledQuery, Kysely } from 'kysely';
import type { Database } from './kysely.ts';

/** What of a `pg` pool this needs: a connection lent, its query, and given back. */
interface PoolOfConnections {
  connect(): Promise<{ query(text: string, values: unknown[]): Promise<{ rows: unknown[] }>; release(): void }>;
}

/** The pool under each ORM's own query builder (outside any transaction), registered when the ORM opens. */
const pools = new WeakMap<object, PoolOfConnections>();

/**
 * Lets {@link sendCompiled} send the statements of `db` — an ORM's query builder outside any
 * transaction — straight to its `pg` pool. A transaction's builder is another object and is never
 * registered: its statements stay on its connection.
 * @example sendStraightTo(orm.em.getKysely(), await pgPool(orm))
 */
export function sendStraightTo(db: object, pool: PoolOfConnections): void {
  pools.set(db, pool);
}

/**
 * The rows of a compiled statement on `db`. Outside a transaction on PostgreSQL it goes straight to
 * the pool — a connection lent, the query, the connection given back — without Kysely's executor,
 * whose connection provider, drivers and result wrapping cost about as much CPU again as node-postgres
 * sending the statement (a list request sends three: its session, its page, its count). In a
 * transaction, and on PGlite, it runs through Kysely as any statement.
 * @example const rows = await sendCompiled<{ id: string }>(kysely(em), query)
 */
export async function sendCompiled<R>(db: Pick<Kysely<Database>, 'executeQuery'>, query: CompiledQuery): Promise<R[]> {
  const pool = pools.get(db);
  if (!pool) return (await db.executeQuery<R>(query)).rows;
  const connection = await pool.connect();
  try {
    return (await connection.query(query.sql, query.parameters as unknown[])).rows as R[];
  } finally {
    connection.release();
  }
}
