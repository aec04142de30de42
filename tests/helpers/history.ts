// The command history of a row as stored on the file's test server: what the writer recorded for it.
import { kysely } from '../../server/db/kysely.ts';
import { server } from './use-server.ts';

/**
 * The history entries of the row `id`, oldest first.
 * @example expect((await historyOf(caseId)).map((e) => e.action)).toEqual(['create', 'close'])
 */
export const historyOf = (id: string) =>
  kysely(server.ctx.orm.em.fork()).selectFrom('cmdhistory').selectAll().where('entity_id', '=', id).orderBy('exec_date').execute();
