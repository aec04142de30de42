import { bundle } from './bundle.ts';
import type { Registry } from './registry.ts';
import type { JsonSchema } from './types.ts';

/** The permission guarding a schema file: its table's (`x-table.permission`) or its form's (`x-form.permission`). */
export function schemaPermission(schema: JsonSchema): string | undefined {
  const perm = (schema['x-table'] as { permission?: unknown } | undefined)?.permission ?? (schema['x-form'] as { permission?: unknown } | undefined)?.permission;
  return typeof perm === 'string' ? perm : undefined;
}

/**
 * Every lookup a schema's form needs: the tables named by `x-ref` and the named lookups of
 * `x-options`, anywhere in it — nested objects, child rows (`items`), conditional parts, and the
 * parts a composed form takes from other files (`$ref`, only the `x-pick`ed fields).
 */
export function lookupsOf(registry: Registry, schema: JsonSchema): Set<string> {
  const found = new Set<string>();
  const walk = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(walk);
    if (!node || typeof node !== 'object') return;
    for (const [k, v] of Object.entries(node)) {
      if ((k === 'x-ref' || k === 'x-options') && typeof v === 'string') found.add(v);
      else walk(v);
    }
  };
  walk(bundle(registry, schema));
  return found;
}

/** Stands for every user of the workspace among a lookup's readers. */
export const ANYONE = '*';

/**
 * Who may read the options of each lookup besides its own readers: lookup (table or named lookup) →
 * the permissions of the tables and forms whose schemas reference it, since a form needs its
 * lookups; `ANYONE` when a table every user may read (`x-table.read: "any"`) references it, so its
 * read-only form can name what it points to. Computed once per registry.
 */
export function lookupReaders(registry: Registry): ReadonlyMap<string, ReadonlySet<string>> {
  let map = cache.get(registry);
  if (!map) {
    map = new Map<string, Set<string>>();
    for (const schema of registry.schemas.values()) {
      const readByAnyone = (schema['x-table'] as { read?: unknown } | undefined)?.read === 'any';
      const perm = readByAnyone ? ANYONE : schemaPermission(schema);
      if (!perm) continue;
      for (const name of lookupsOf(registry, schema)) {
        if (!map.has(name)) map.set(name, new Set());
        map.get(name)!.add(perm);
      }
    }
    cache.set(registry, map);
  }
  return map;
}
const cache = new WeakMap<Registry, Map<string, Set<string>>>();

/**
 * Whether a user holding the permissions `has` answers yes to may read the options of `name`:
 * - a table: its own read permission, or `x-table.read: "any"`, or no permission at all (as the
 *   generic table API), or the permission of a table or form that references it, or a reference
 *   from a table every user may read;
 * - a named lookup referenced by `x-options`: the permission of a schema that references it;
 *   a named lookup no schema references answers `undefined`: its provider guards itself.
 *
 * @example canReadOptions(registry, 'userprofile', (p) => p === 'USERS') // true: users pick profiles
 */
export function canReadOptions(registry: Registry, name: string, has: (perm: string) => boolean): boolean | undefined {
  const readers = lookupReaders(registry).get(name);
  const byReference = readers ? [...readers].some((p) => p === ANYONE || has(p)) : false;
  const def = registry.tables.get(name);
  if (def) return def.meta.read === 'any' || !def.meta.permission || has(def.meta.permission) || byReference;
  return readers ? byReference : undefined;
}

/**
 * Who may look up another workspace's rows of a table: the permissions of the schemas that declare
 * a lookup of it parameterised by a workspace (`x-options-params: {"workspaceId": …}` — the system
 * settings pick the registration workspace's unit and profile). Nobody else: a lookup names no
 * other workspace anywhere else. Computed once per registry.
 *
 * @example otherWorkspaceReaders(registry, 'unit') // Set { 'SYSSETUP' }
 * @example otherWorkspaceReaders(registry, 'patient') // Set {}
 */
export function otherWorkspaceReaders(registry: Registry, table: string): ReadonlySet<string> {
  let map = wsCache.get(registry);
  if (!map) {
    map = new Map<string, Set<string>>();
    for (const schema of registry.schemas.values()) {
      const perm = schemaPermission(schema);
      if (!perm) continue;
      const walk = (node: unknown): void => {
        if (Array.isArray(node)) return node.forEach(walk);
        if (!node || typeof node !== 'object') return;
        const n = node as JsonSchema;
        const params = n['x-options-params'] as Record<string, unknown> | undefined;
        if (typeof n['x-ref'] === 'string' && params && 'workspaceId' in params) {
          if (!map!.has(n['x-ref'])) map!.set(n['x-ref'], new Set());
          map!.get(n['x-ref'])!.add(perm);
        }
        for (const v of Object.values(n)) walk(v);
      };
      walk(bundle(registry, schema));
    }
    wsCache.set(registry, map);
  }
  return map.get(table) ?? new Set();
}
const wsCache = new WeakMap<Registry, Map<string, Set<string>>>();
