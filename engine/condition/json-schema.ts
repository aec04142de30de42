/**
 * The condition language (`types.ts`) as a JSON Schema test of a document, for what only ajv and rjsf
 * read (a field required while its `x-visible` condition shows it: `if` this test, `then` required).
 * It answers as `holds` does: a missing value is not equal, in a list or in a range, and is empty.
 * A span cannot be written in JSON Schema: its test is `undefined`.
 */
import type { JsonSchema } from '../types.ts';
import type { Condition } from './types.ts';

/** A subject's path below the object the test is written on (`['p', 'a']` for `p.a`). */
export type PathOf = (subject: string) => string[];

const FILLED: JsonSchema = { not: { enum: [null, '', []] } };

/**
 * The JSON Schema that holds for a document exactly when the condition does; undefined with a span.
 * @example conditionJsonSchema({ field: 'result', equals: 'POSITIVE' }, (f) => [f]) // { properties: { result: { const: 'POSITIVE' } }, required: ['result'] }
 * @example conditionJsonSchema({ not: { field: 'a', in: [1, 2] } }, (f) => [f]) // { not: { properties: { a: { enum: [1, 2] } }, required: ['a'] } }
 */
export function conditionJsonSchema(c: Condition, pathOf: PathOf): JsonSchema | undefined {
  if ('all' in c || 'any' in c) {
    const tests = ('all' in c ? c.all : c.any).map((x) => conditionJsonSchema(x, pathOf));
    if (tests.some((t) => t === undefined)) return undefined;
    return 'all' in c ? { allOf: tests as JsonSchema[] } : { anyOf: tests as JsonSchema[] };
  }
  if ('not' in c) {
    const test = conditionJsonSchema(c.not, pathOf);
    return test && { not: test };
  }
  if ('span' in c) return undefined;
  const at = (leaf: JsonSchema) => pathOf((c.field ?? c.var)!).reduceRight<JsonSchema>((inner, seg) => ({ properties: { [seg]: inner }, required: [seg] }), leaf);
  if ('equals' in c) return at({ const: c.equals });
  if ('in' in c) return at({ enum: c.in });
  if ('notEmpty' in c) return at(FILLED);
  if ('empty' in c) return { not: at(FILLED) };
  return at({ type: 'number', minimum: c.from, maximum: c.to });
}
