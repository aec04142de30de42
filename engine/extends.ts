/**
 * Form variants: a schema file with `"x-extends": "<other file>"` is that file with its own keywords
 * merged over it as a JSON merge patch (RFC 7386: objects merged key by key, `null` removes a key,
 * anything else — arrays included — replaces). So a variant is a small file: the picked fields of
 * a part, what is required, the layout.
 *
 * @example
 *   // schemas/forms/newnotif_drtb.json
 *   {"$id": "newnotif_drtb", "x-extends": "newnotif_tb", "title": "newnotif.drtb",
 *    "properties": {"tbcase": {"x-pick": ["registrationDate", "diagnosisDate"], "required": ["diagnosisDate"]}}}
 */
import type { JsonSchema } from './types.ts';

/** RFC 7386 merge patch of `patch` over `target` (neither is changed). */
export function mergePatch(target: unknown, patch: unknown): unknown {
  if (!patch || typeof patch !== 'object' || Array.isArray(patch)) return patch;
  const out: Record<string, unknown> = target && typeof target === 'object' && !Array.isArray(target) ? { ...(target as object) } : {};
  for (const [k, v] of Object.entries(patch)) {
    if (v === null) delete out[k];
    else out[k] = mergePatch(out[k], v);
  }
  return out;
}

/**
 * Every file with its variant resolved (a variant of a variant too), by `$id`; a problem per unknown
 * or circular `x-extends`, as `[id, message]`.
 */
export function resolveExtends(raw: Map<string, JsonSchema>): { schemas: Map<string, JsonSchema>; problems: [string, string][] } {
  const schemas = new Map<string, JsonSchema>();
  const problems: [string, string][] = [];
  const resolve = (id: string, seen: string[]): JsonSchema | undefined => {
    if (schemas.has(id)) return schemas.get(id);
    const own = raw.get(id)!;
    const base = own['x-extends'];
    if (typeof base !== 'string') return schemas.set(id, own).get(id);
    if (!raw.has(base)) return void problems.push([id, `unknown schema "${base}"`]);
    if (seen.includes(base)) return void problems.push([id, `circular x-extends "${base}"`]);
    const resolved = resolve(base, [...seen, id]);
    if (!resolved) return undefined;
    const merged = mergePatch(resolved, own) as JsonSchema;
    schemas.set(id, merged);
    return merged;
  };
  for (const id of raw.keys()) resolve(id, [id]);
  return { schemas, problems };
}
