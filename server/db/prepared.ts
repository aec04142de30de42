/**
 * Statements prepared once per connection. A statement built with `prepared(…)` starts with a mark;
 * on PostgreSQL every pool connection (`preparingClient`, hooked in orm.ts) sends such a statement as
 * a named prepared statement — its name a hash of its text — so the server parses and plans it the
 * first times that connection runs it and afterwards only executes it (after five runs PostgreSQL
 * keeps one generic plan when it costs no more than the plans made for each set of values).
 *
 * For a long statement run on every save that is most of its cost: the recompute of a case's analytic
 * row (server/analytic/compute.ts: ~9 kB of SQL, eight joins, six sub-queries) is parsed and planned
 * in ~2 ms and executed in ~0.5. Mark only statements whose text does not vary with the values (values
 * as parameters) and whose one plan suits every value they are run with (a few rows by key). On
 * PGlite (one connection, no pool) the mark is an ordinary comment.
 */
import { createHash } from 'node:crypto';
import { sql, type RawBuilder } from 'kysely';

const MARK = '/* prepared */ ';

/**
 * The statement `query`, marked to be prepared once per connection.
 * @example await prepared(sql`select * from tbcase where id = any(${ids}::uuid[])`).execute(db)
 */
export function prepared<T>(query: RawBuilder<T>): RawBuilder<T> {
  return sql<T>`${sql.raw(MARK)}${query}`;
}

/** What of a `pg` client this needs: its `query`. */
interface PgClient {
  query: (...args: any[]) => any;
}

const names = new Map<string, string>();
/** The prepared statement's name: a hash of its text (a changed text is another statement). */
const nameOf = (text: string) => {
  let name = names.get(text);
  if (!name) names.set(text, (name = `tb_${createHash('sha1').update(text).digest('hex').slice(0, 24)}`));
  return name;
};

/**
 * Makes a `pg` client send marked statements (`prepared`) as named prepared statements; any other
 * call goes through as it was. Hook it to a pool's new connections.
 * @example pool.on('connect', preparingClient)
 */
export function preparingClient(client: PgClient): void {
  const query = client.query;
  client.query = function (this: unknown, ...args: any[]) {
    const [text, values] = args;
    if (typeof text === 'string' && text.startsWith(MARK) && (values === undefined || Array.isArray(values)) && args.length <= 2) {
      return query.call(this, { name: nameOf(text), text, values });
    }
    return query.apply(this, args);
  };
}
