import type { Kysely } from 'kysely';
import type { Em } from './orm.ts';

/**
 * The query builder on an entity manager's connection and transaction: every SQL statement of the
 * server goes through it (or through MikroORM itself), so a transaction covers them all.
 * @example await kysely(em).selectFrom('unit').select('id').where('workspace_id', '=', ws).execute()
 */
export const kysely = (em: Em): Kysely<any> => em.getKysely() as unknown as Kysely<any>;
