import type { Registry } from '../../engine/registry.ts';
import type { TableDef } from '../../engine/types.ts';
import { canReadOptions } from '../../engine/option-access.ts';
import { hasPermission } from '../http/middleware.ts';
import type { AppContext, Session } from '../types.ts';
import { isSynchronised } from './types.ts';

/** The catalogues a table's rows name (its and its child tables' references), except those placed by units. */
function cataloguesNamedBy(registry: Registry, def: TableDef): string[] {
  const fields = [...def.fields, ...def.children.flatMap((c) => c.fields)];
  return fields.map((f) => f.ref && registry.tables.get(f.ref)).filter((d): d is TableDef => !!d && !d.meta.scope && !d.meta.parent).map((d) => d.name);
}

/**
 * The tables whose changes the session reads: those it may read as the generic API decides, or as a
 * catalogue its forms pick from (a doctor starting a treatment picks a regimen without REGIMENS: the
 * options' rule, engine/option-access.ts), and the catalogues those rows name in turn (a medicine's
 * substances) — an offline client fills the same forms with them, and keeps their references whole.
 * @example feedTables(ctx, doctor) // ['tbcase', 'patient', 'exammic', 'casecomment', 'product', …]
 */
export function feedTables(ctx: AppContext, s: Session): string[] {
  const readable = new Set([...ctx.registry.tables.keys()].filter((n) => canReadOptions(ctx.registry, n, (p) => hasPermission(s, p)) === true));
  const queue = [...readable];
  for (let name = queue.pop(); name; name = queue.pop()) {
    for (const named of cataloguesNamedBy(ctx.registry, ctx.registry.table(name))) if (!readable.has(named)) readable.add(named), queue.push(named);
  }
  return [...readable].filter((n) => isSynchronised(ctx.registry.table(n)));
}

