/**
 * Local definitions: a schema file may declare `$defs` and use them anywhere with
 * `{"$ref": "#/$defs/<name>"}` (twelve DST results sharing one definition). They are inlined when the
 * file is loaded, so every reader of schemas (fields, bundle, validators, types, uiSchema) sees plain
 * properties. Sibling keywords beside the `$ref` (a `title`) override the definition's.
 *
 * @example
 *   inlineDefs({$defs: {dst: {type: 'string', enum: ['R', 'S']}}, properties: {rif: {$ref: '#/$defs/dst', title: 'dst.rif'}}})
 *   // ⇒ {properties: {rif: {type: 'string', enum: ['R', 'S'], title: 'dst.rif'}}}
 */
import type { JsonSchema } from './types.ts';

const PREFIX = '#/$defs/';

/** The schema with its local `$ref`s inlined and `$defs` removed; throws on an unknown or circular one. */
export function inlineDefs(schema: JsonSchema): JsonSchema {
  const defs = (schema.$defs ?? {}) as Record<string, JsonSchema>;
  const walk = (node: unknown, seen: string[], pointer: string): unknown => {
    if (Array.isArray(node)) return node.map((v, i) => walk(v, seen, `${pointer}/${i}`));
    if (!node || typeof node !== 'object') return node;
    const { $ref, ...rest } = node as Record<string, unknown>;
    const own = Object.fromEntries(Object.entries(rest).map(([k, v]) => [k, walk(v, seen, `${pointer}/${k}`)]));
    if (typeof $ref !== 'string' || !$ref.startsWith('#')) return $ref === undefined ? own : { $ref, ...own };
    const name = $ref.startsWith(PREFIX) ? $ref.slice(PREFIX.length) : undefined;
    if (!name || !Object.hasOwn(defs, name)) throw new DefsError(`${pointer}/$ref`, `unknown local reference "${$ref}" (only #/$defs/<name>)`);
    if (seen.includes(name)) throw new DefsError(`${pointer}/$ref`, `circular local reference "${$ref}"`);
    return { ...(walk(defs[name], [...seen, name], `/$defs/${name}`) as object), ...own };
  };
  const { $defs: _defs, ...rest } = schema;
  return walk(rest, [], '') as JsonSchema;
}

export class DefsError extends Error {
  constructor(readonly pointer: string, message: string) {
    super(message);
  }
}
