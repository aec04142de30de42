import { CompiledQuery, type Compilable } from 'kysely';

/** A statement compiled with placeholders: its text, and where each parameter comes from (a value by index, or a constant of the text). */
interface Compiled {
  sql: string;
  from: ({ at: number } | { constant: unknown })[];
}

const MARK = '\u0000compiled-once ';
const placeholder = (i: number) => `${MARK}${i}\u0000`;
/** Shapes a statement keeps at most: past them a new shape is compiled each time (a shape grows with an `in` list's length). */
const MAX_SHAPES = 200;

/**
 * Statements whose SQL text depends only on their shape — which options are given — and never on
 * their values: each shape is built and compiled once (with placeholders in the values' places),
 * then sent with each call's values; Kysely's building and compiling cost more CPU than the
 * statement's own run on a small list. A shape whose values do not all reach the statement as
 * parameters unchanged (a value written into the text, or changed on the way: a search pattern) is
 * never kept: it is built from its values every time, as without this.
 * @example
 *   const lists = new CompiledOnce();
 *   await db.executeQuery(lists.query('page', [ws, 50], ([w, n]) => db.selectFrom('source').selectAll().where('workspace_id', '=', w).limit(n as number)));
 */
export class CompiledOnce {
  private readonly byShape = new Map<string, Compiled | false>();

  /** The statement `build` makes of `values`, compiled once per `shape` (see {@link CompiledOnce}). */
  query(shape: string, values: readonly unknown[], build: (values: readonly unknown[]) => Compilable): CompiledQuery {
    let compiled = this.byShape.get(shape);
    if (compiled === undefined) {
      compiled = this.byShape.size < MAX_SHAPES ? withPlaceholders(values.length, build) : false;
      if (this.byShape.size < MAX_SHAPES) this.byShape.set(shape, compiled);
    }
    if (!compiled) return build(values).compile();
    return CompiledQuery.raw(compiled.sql, compiled.from.map((f) => ('at' in f ? values[f.at] : f.constant)));
  }
}

/** The statement compiled with a placeholder for each value, or false when a value does not reach it as a parameter unchanged. */
function withPlaceholders(n: number, build: (values: readonly unknown[]) => Compilable): Compiled | false {
  const query = build(Array.from({ length: n }, (_, i) => placeholder(i))).compile();
  if (query.sql.includes(MARK)) return false;
  const seen = new Set<number>();
  const from: Compiled['from'] = [];
  for (const p of query.parameters) {
    if (typeof p === 'string' && p.includes(MARK)) {
      const at = Array.from({ length: n }, (_, i) => i).find((i) => p === placeholder(i));
      if (at === undefined) return false;
      seen.add(at);
      from.push({ at });
    } else from.push({ constant: p });
  }
  return seen.size === n && { sql: query.sql, from };
}
