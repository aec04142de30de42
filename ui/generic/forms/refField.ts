/**
 * The `for` parameter of a reference lookup whose schema narrows the rows it may pick
 * (`x-ref-filter`: a regimen row picks medicines, not any product): `<schema id>.<field path>`
 * (`regimen.medicines.medicineId`). The server reads the filter from that schema itself, so the
 * form names the field and never sends the filter.
 */
import type { OptionSource } from './translateSchema.ts';

const isNode = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** `{for}` when `node` (the field's schema, or the items' for a list of refs) has `x-ref-filter`, else `{}`. */
export function refFieldParam(source: OptionSource | undefined, node: unknown, rootSchema: unknown): { for?: string } {
  const id = isNode(rootSchema) ? rootSchema.$id : undefined;
  if (!source?.ref || !isNode(node) || !isNode(node['x-ref-filter']) || typeof id !== 'string') return {};
  return { for: `${id}.${source.path}` };
}
