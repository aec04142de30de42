/**
 * A JSON(B) column's value as a query returns it: PostgreSQL's driver gives an object, a raw or
 * text-cast select gives the text, an absent value is null. One reading for every store.
 *
 * @example
 * jsonColumn('{"a":1}', {})   // → { a: 1 }
 * jsonColumn({ a: 1 }, {})    // → { a: 1 }
 * jsonColumn(null, [])        // → []
 */
export const jsonColumn = <T>(v: unknown, empty: T): T => (v === null || v === undefined ? empty : typeof v === 'string' ? (JSON.parse(v) as T) : (v as T));
