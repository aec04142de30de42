import type { Compilable } from 'kysely';
import type { TableDef } from '../../../engine/types.ts';
import { CompiledOnce } from '../../db/compiled-once.ts';
import { kyselyByName as db } from '../../db/kysely.ts';
import { sendCompiled } from '../../db/send-compiled.ts';
import type { TableLimits } from './limits.ts';
import type { QueryOptions } from './matching.ts';

/** A list's statement from its limits, its query and its own values (a page's limit and offset). */
export type ListStatement = (l: TableLimits, o: QueryOptions, own: readonly unknown[]) => Compilable;

/** Each table's list statements compiled once, by kind and shape (a registry's tables: a new registry, new statements). */
const compiled = new WeakMap<TableDef, CompiledOnce>();

/**
 * The rows of a list's statement (`kind`: its page, its count). When its text follows only from
 * which options are given — no cursor, search key, module condition or alternative, and no
 * condition of the view (a catalogue, or an administrator's view of cases) — it is built and
 * compiled once per table and shape (server/db/compiled-once.ts), then sent with this request's
 * workspace, member, id, filter values and `own` values; otherwise it is built from them.
 * @example const rows = await listRows(limits, o, 'page', [50, 0], (l, o, [limit, offset]) => matchingRows(l, o).select('t.id').limit(limit as number).offset(offset as number))
 */
export async function listRows<R = Record<string, any>>(l: TableLimits, o: QueryOptions, kind: string, own: unknown[], build: ListStatement): Promise<R[]> {
  const on = db(l.em);
  if (o.after || o.key || o.conditions?.length || o.alternatives?.length || l.viewMayLimit) return sendCompiled<R>(on, build(l, o, own).compile());
  const { workspaceId, memberId } = l.ids;
  const filters = Object.entries(o.filters ?? {});
  // the shape: which values are given (a filter: null, a list of n, or one value), never what they are
  let shape = `${kind} ${workspaceId ? 'w' : ''}${memberId ? 'm' : ''}${o.id ? 'i' : ''}`;
  const values: unknown[] = [workspaceId, memberId, o.id].filter(Boolean);
  for (const [key, value] of filters) {
    shape += Array.isArray(value) ? ` ${key}[${value.length}]` : value === null ? ` ${key}=null` : ` ${key}`;
    if (Array.isArray(value)) values.push(...value);
    else if (value !== null) values.push(value);
  }
  values.push(...own);
  let statements = compiled.get(l.def);
  if (!statements) compiled.set(l.def, (statements = new CompiledOnce()));
  const query = statements.query(shape, values, (v) => {
    let i = 0;
    const next = () => v[i++];
    const limits = l.forIds(workspaceId && (next() as string), memberId && (next() as string));
    const id = o.id && (next() as string);
    const given = Object.fromEntries(filters.map(([key, value]) => [key, Array.isArray(value) ? value.map(next) : value === null ? null : next()]));
    return build(limits, { ...o, id, filters: o.filters && given }, v.slice(i));
  });
  return sendCompiled<R>(on, query);
}
