import type { Registry } from './registry.ts';
import type { JsonSchema } from './types.ts';

/**
 * Inlines `$ref`s to other schema files (`"$ref": "patient"`) so rjsf and ajv, which resolve only
 * local references, see one self-contained schema. A form composed of several entities is declared
 * with such references and never repeats their fields; `x-pick` keeps only some of a part's fields,
 * and sibling keywords (a form's own `required`, `title`) override the part's.
 */
export function bundle(registry: Registry, schema: JsonSchema, seen: string[] = []): JsonSchema {
  const walk = (node: unknown): unknown => {
    if (Array.isArray(node)) return node.map(walk);
    if (!node || typeof node !== 'object') return node;
    const obj = node as Record<string, unknown>;
    const ref = obj.$ref;
    if (typeof ref === 'string' && !ref.startsWith('#')) {
      const target = registry.schemas.get(ref);
      if (!target) throw new Error(`unknown schema reference "${ref}"`);
      if (seen.includes(ref)) throw new Error(`circular schema reference "${ref}"`);
      const { $id: _id, $ref: _ref, 'x-pick': pick, ...rest } = obj;
      const inlined = bundle(registry, target, [...seen, ref]) as Record<string, any>;
      delete inlined.$id;
      for (const k of Object.keys(inlined)) if (k.startsWith('x-') && k !== 'x-visible') delete inlined[k];
      if (Array.isArray(pick)) {
        inlined.properties = Object.fromEntries(Object.entries(inlined.properties ?? {}).filter(([k]) => pick.includes(k)));
        inlined.required = (inlined.required ?? []).filter((k: string) => pick.includes(k));
        if (inlined['x-visible']) inlined['x-visible'] = Object.fromEntries(Object.entries(inlined['x-visible']).filter(([k]) => pick.includes(k)));
        delete inlined.if, delete inlined.then, delete inlined.else, delete inlined.allOf;
      }
      return { ...inlined, ...(walk(rest) as object) };
    }
    return Object.fromEntries(Object.entries(obj).map(([k, v]) => [k, walk(v)]));
  };
  const out = walk(schema) as JsonSchema;
  const parts = (schema['x-form'] as { parts?: Record<string, string> } | undefined)?.parts;
  if (parts) linkPartBounds(registry, parts, out);
  return out;
}

/**
 * A part's date bound through its reference to another part of the same form reads that part
 * instead (engine/date-bounds.ts): in the notification, the case's `"x-notBefore":
 * "patientId.birthDate"` becomes `/patient.birthDate`, so the form checks and limits it as typed.
 */
function linkPartBounds(registry: Registry, parts: Record<string, string>, out: JsonSchema): void {
  for (const [part, table] of Object.entries(parts)) {
    const own = registry.schemas.get(table)?.properties ?? {};
    for (const node of Object.values(out.properties?.[part]?.properties ?? {}) as JsonSchema[]) {
      for (const keyword of ['x-notAfter', 'x-notBefore']) {
        const [refField, field, ...more] = String(node[keyword] ?? '').split('.');
        const target = own[refField]?.['x-ref'];
        const other = Object.entries(parts).find(([p, t]) => p !== part && t === target)?.[0];
        if (field && !more.length && other) node[keyword] = `/${other}.${field}`;
      }
    }
  }
}
