import { Kysely, PostgresAdapter, PostgresIntrospector, PostgresQueryCompiler, type CompiledQuery, type DatabaseConnection, type Driver } from 'kysely';
import type { Database } from '../../server/db/kysely.ts';

/**
 * A Kysely for PostgreSQL without a database, for the pure tests of query builders: it compiles
 * statements as the real one does, records each statement executed and answers it with the next of
 * `answers` (no rows when they run out). What the database then makes of the statement is the API
 * tests' (a real PostgreSQL); these pin the statement's text and parameters.
 * @example const { db, executed } = offlineDb([[{ cell: '5', all: '900' }]]); await q(db); executed[0].sql // 'select …'
 */
export function offlineDb(answers: Record<string, unknown>[][] = []) {
  const executed: CompiledQuery[] = [];
  const connection: DatabaseConnection = {
    executeQuery: async (q) => {
      executed.push(q);
      return { rows: (answers.shift() ?? []) as any[] };
    },
    streamQuery: async function* () {},
  };
  const driver: Driver = {
    init: async () => {},
    acquireConnection: async () => connection,
    beginTransaction: async () => {},
    commitTransaction: async () => {},
    rollbackTransaction: async () => {},
    releaseConnection: async () => {},
    destroy: async () => {},
  };
  const db = new Kysely<Database>({ dialect: { createAdapter: () => new PostgresAdapter(), createDriver: () => driver, createIntrospector: (k) => new PostgresIntrospector(k), createQueryCompiler: () => new PostgresQueryCompiler() } });
  return { db, executed };
}
