import type { Kysely } from 'kysely';
import type { Database } from '../../engine/generated/database.ts';
import type { Em } from './orm.ts';

export type { Database } from '../../engine/generated/database.ts';

/**
 * The query builder on an entity manager's connection and transaction: every SQL statement of the
 * server goes through it (or through MikroORM itself), so a transaction covers them all. Typed by the
 * database interface generated from the schemas (`npm run gen:types`): a misspelt table or column
 * does not compile.
 * @example await kysely(em).selectFrom('unit').select('id').where('workspace_id', '=', ws).execute()
 */
export const kysely = (em: Em): Kysely<Database> => em.getKysely() as unknown as Kysely<Database>;

/**
 * The query builder for a table named at run time — a registry table known by its `TableDef`
 * (`def.name`, a child table, the change feed's rows): its columns come from the definition, so the
 * database interface cannot check them. The one documented way out of the interface: the generic
 * TableStore (server/tbl/store/) and the writers and sync code that follow a `TableDef` use it; a
 * query whose table is written in the code uses `kysely()`. Given a typed builder (a transaction,
 * a function's `db`), the same builder untyped.
 * @example await kyselyByName(em).selectFrom(def.name).selectAll().where('id', '=', id).executeTakeFirst()
 */
export const kyselyByName = (on: Em | Kysely<Database>): Kysely<any> => ('getKysely' in on ? on.getKysely() : on) as unknown as Kysely<any>;
