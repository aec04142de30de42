import { bundle } from '../../engine/bundle.ts';
import type { Registry } from '../../engine/registry.ts';
import type { JsonSchema, TableDef } from '../../engine/types.ts';

/**
 * Reference filters (`x-ref-filter` on an `x-ref` property): only the target rows whose fields
 * equal the given values — or any value of a list — may be referenced (`checkRefs`) or offered
 * (`POST /api/opts/<table> {for}`). The filter always comes from the schema, never from the client.
 */
export type RefFilter = Record<string, unknown>;

/**
 * The filter of the lookup for the property `forPath` (see {@link propertyAt}) on `table`;
 * `undefined` when the property is not a reference to that table.
 */
export function lookupRefFilter(registry: Registry, table: string, forPath: string): RefFilter | null | undefined {
  const prop = propertyAt(registry, forPath);
  if (!prop || prop['x-ref'] !== table) return undefined;
  return (prop['x-ref-filter'] as RefFilter | undefined) ?? null;
}

/** The columns and allowed values of a filter on the target table. */
export function filterColumns(target: TableDef, filter: RefFilter): { column: string; values: unknown[] }[] {
  return Object.entries(filter).map(([key, value]) => {
    const f = target.fields.find((x) => x.key === key);
    if (!f) throw new Error(`x-ref-filter: unknown field "${key}" of table "${target.name}"`);
    return { column: f.column, values: Array.isArray(value) ? value : [value] };
  });
}

/** Adds the filter's conditions to a query on the target table (aliased `alias`, if any). */
export function whereRefFilter<Q extends { where: (...a: any[]) => Q }>(q: Q, target: TableDef, filter: RefFilter | undefined, alias?: string): Q {
  for (const { column, values } of filterColumns(target, filter ?? {})) {
    q = q.where(alias ? `${alias}.${column}` : column, 'in', values);
  }
  return q;
}

/** Whether a target row (as read from its table) passes the filter. */
export function passesRefFilter(target: TableDef, filter: RefFilter | undefined, row: Record<string, unknown>): boolean {
  return filterColumns(target, filter ?? {}).every(({ column, values }) => values.some((v) => String(v) === String(row[column])));
}

/**
 * The property a lookup is for, given as `<schema id>.<path>` (`regimen.medicines.medicineId`,
 * array rows stepped through implicitly; parts of composed forms too: `newnotif_tb.tbcase.ownerUnitId`).
 */
export function propertyAt(registry: Registry, forPath: string): JsonSchema | undefined {
  const [id, ...path] = forPath.split('.');
  const schema = registry.schemas.get(id);
  if (!schema || !path.length) return undefined;
  let bundled = cache.get(registry);
  if (!bundled) cache.set(registry, (bundled = new Map()));
  if (!bundled.has(id)) bundled.set(id, bundle(registry, schema));
  let node: JsonSchema | undefined = bundled.get(id);
  for (const part of path) {
    while (node?.items) node = node.items;
    node = node?.properties && Object.hasOwn(node.properties, part) ? node.properties[part] : undefined;
  }
  while (node?.items && !node['x-ref']) node = node.items;
  return node;
}
const cache = new WeakMap<Registry, Map<string, JsonSchema>>();
