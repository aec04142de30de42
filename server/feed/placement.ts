/**
 * Where a change of the feed is placed: which units' views see a row (its own unit columns, its
 * parent's, or the rows it is seen through), where a deleted row was and which rows its delete takes
 * with it, and which rows follow a row that moved (docs/sync-feed.md). Used by record.ts.
 */
import type { Kysely } from 'kysely';
import type { Registry } from '../../engine/registry.ts';
import type { TableDef } from '../../engine/types.ts';
import { viasOf } from '../../engine/scope-via.ts';
import type { Doc } from '../types.ts';
import { isSynchronised, type Change } from './types.ts';

const CHUNK = 5000;

const columnOf = (def: TableDef, key: string) => {
  const f = def.fields.find((x) => x.key === key);
  if (!f) throw new Error(`x-table scope of ${def.name}: unknown field "${key}"`);
  return f;
};

/** The units a document of a unit-placed table names (own unit, the unit it leaves). */
export const unitsOfDoc = (def: TableDef, doc: Doc | undefined): string[] => {
  const scope = def.meta.scope;
  if (!doc || !scope?.unit) return [];
  return [...new Set([scope.unit, scope.alsoUnit].filter((k): k is string => !!k).map((k) => doc[k]).filter((u): u is string => typeof u === 'string'))];
};

/**
 * Where a row placed by its own unit columns is, from the document the writer just wrote (the row is
 * locked or new: nobody moves it before the commit); undefined — placed at the commit — for rows
 * placed through another row, or without the document, or with one that leaves out the unit column
 * (a system write of a few derived values: read as "no unit", its change reached no unit's view).
 */
export const ownPlacement = (def: TableDef, doc: Doc | undefined): string[] | undefined =>
  doc && def.meta.scope?.unit && !def.meta.parent && def.meta.scope.unit in doc ? unitsOfDoc(def, doc) : undefined;

/** For a unit-placed row: the units it left, gained and is in now; undefined when it did not move. */
export function movedUnits(def: TableDef, prev: Doc | undefined, doc: Doc | undefined) {
  if (!def.meta.scope?.unit || !prev || !doc) return undefined;
  const before = unitsOfDoc(def, prev);
  const now = unitsOfDoc(def, doc);
  const lost = before.filter((u) => !now.includes(u));
  const gained = now.filter((u) => !before.includes(u));
  return lost.length || gained.length ? { lost, gained, now } : undefined;
}

/**
 * The units placing each of the rows (by id): null for a table not placed by units (every reader of
 * it sees its rows). Rows not found are absent. The parents read are share-locked, so a transfer
 * running at the same time commits before or after this placement, never across it.
 */
export async function placementOf(db: Kysely<any>, registry: Registry, def: TableDef, ids: string[], lock = false): Promise<Map<string, string[] | null>> {
  const out = new Map<string, string[] | null>();
  for (let i = 0; i < ids.length; i += CHUNK) {
    const chunk = ids.slice(i, i + CHUNK);
    if (def.meta.parent) {
      const f = columnOf(def, def.meta.parent);
      const rows = await db.selectFrom(def.name).select(['id', `${f.column} as p`]).where('id', 'in', chunk).execute();
      const up = await placementOf(db, registry, registry.table(f.ref!), [...new Set(rows.map((r) => String(r.p)))], true);
      for (const r of rows) out.set(String(r.id), up.get(String(r.p)) ?? []);
    } else if (def.meta.scope?.unit) {
      const keys = [def.meta.scope.unit, def.meta.scope.alsoUnit].filter((k): k is string => !!k);
      let q = db.selectFrom(def.name).select(['id', ...keys.map((k) => `${columnOf(def, k).column} as ${k}`)]).where('id', 'in', chunk);
      if (lock) q = q.forShare();
      for (const r of await q.execute()) out.set(String(r.id), unitsOfDoc(def, r));
    } else if (viasOf(def.meta).length) {
      const found = await db.selectFrom(def.name).select('id').where('id', 'in', chunk).execute();
      for (const r of found) out.set(String(r.id), []);
      // the units of every row it is seen through (a patient: their cases' and their contacts')
      for (const via of viasOf(def.meta)) {
        const source = registry.table(via.table);
        const link = columnOf(source, via.field).column;
        const rows = await db.selectFrom(source.name).select(['id', `${link} as v`]).where(link, 'in', chunk).execute();
        const up = await placementOf(db, registry, source, rows.map((r) => String(r.id)));
        for (const r of rows) out.set(String(r.v), [...new Set([...(out.get(String(r.v)) ?? []), ...(up.get(String(r.id)) ?? [])])]);
      }
    } else {
      for (const r of await db.selectFrom(def.name).select('id').where('id', 'in', chunk).execute()) out.set(String(r.id), null);
    }
  }
  return out;
}

/** Where rows being deleted are: read while they are still there, else from their document before. */
export async function placeDeleted(db: Kysely<any>, registry: Registry, def: TableDef, changes: Change[]): Promise<Map<string, string[] | null>> {
  const placed = await placementOf(db, registry, def, changes.map((c) => c.rowId));
  const parent = def.meta.parent ? columnOf(def, def.meta.parent) : undefined;
  const missing = changes.filter((c) => !placed.has(c.rowId) && c.prev);
  if (parent) {
    const up = await placementOf(db, registry, registry.table(parent.ref!), [...new Set(missing.map((c) => String(c.prev![parent.key])))], true);
    for (const c of missing) placed.set(c.rowId, up.get(String(c.prev![parent.key])) ?? null);
  } else if (def.meta.scope?.unit) for (const c of missing) placed.set(c.rowId, unitsOfDoc(def, c.prev));
  return placed;
}

/** The synchronised tables whose rows a delete of `def`'s rows takes with it (their reference cascades). */
const cascadingInto = (registry: Registry, def: TableDef) =>
  [...registry.tables.values()].flatMap((t) =>
    isSynchronised(t) ? t.fields.filter((f) => f.kind === 'ref' && f.ref === def.name && (f.onDelete === 'cascade' || (f.key === t.meta.parent && !f.onDelete))).map((f) => ({ def: t, field: f })) : [],
  );

/** The rows a delete of `ids` cascades to, at every depth, with their versions and placement (read before the delete). */
export async function cascaded(db: Kysely<any>, registry: Registry, def: TableDef, ids: string[], depth = 0): Promise<{ def: TableDef; id: string; version: number; units: string[] | null }[]> {
  if (!ids.length || depth > 4 || def.name === 'workspace') return [];
  const out: { def: TableDef; id: string; version: number; units: string[] | null }[] = [];
  for (const { def: child, field } of cascadingInto(registry, def)) {
    for (let i = 0; i < ids.length; i += CHUNK) {
      const rows = await db.selectFrom(child.name).select(['id', 'version']).where(field.column, 'in', ids.slice(i, i + CHUNK)).execute();
      if (!rows.length) continue;
      const childIds = rows.map((r) => String(r.id));
      const placed = await placementOf(db, registry, child, childIds);
      for (const r of rows) out.push({ def: child, id: String(r.id), version: Number(r.version), units: placed.get(String(r.id)) ?? null });
      out.push(...(await cascaded(db, registry, child, childIds, depth + 1)));
    }
  }
  return out;
}

/**
 * The rows placed through a row that moved (its sub-records at every depth, the rows seen through
 * it), with the units each left and the units still seeing it.
 */
export async function dependents(db: Kysely<any>, registry: Registry, def: TableDef, id: string, moved: { lost: string[]; now: string[] }) {
  const out: { def: TableDef; id: string; version: number; lost: string[]; kept: string[] }[] = [];
  const children = async (parent: TableDef, ids: string[], depth: number): Promise<void> => {
    if (!ids.length || depth > 4) return;
    for (const t of registry.tables.values()) {
      if (!isSynchronised(t) || !t.meta.parent || columnOf(t, t.meta.parent).ref !== parent.name) continue;
      const rows = await db.selectFrom(t.name).select(['id', 'version']).where(columnOf(t, t.meta.parent).column, 'in', ids).execute();
      for (const r of rows) out.push({ def: t, id: String(r.id), version: Number(r.version), lost: moved.lost, kept: moved.now });
      await children(t, rows.map((r) => String(r.id)), depth + 1);
    }
  };
  await children(def, [id], 0);
  // rows seen through this one (a case's patient): they leave only the units none of their other rows keep
  for (const t of registry.tables.values()) {
    const via = viasOf(t.meta).find((x) => x.table === def.name);
    if (!isSynchronised(t) || !via) continue;
    const link = columnOf(def, via.field).column;
    const row = await db.selectFrom(def.name).select(`${link} as v`).where('id', '=', id).executeTakeFirst();
    if (!row?.v) continue;
    const seen = await db.selectFrom(t.name).select(['id', 'version']).where('id', '=', row.v).executeTakeFirst();
    if (!seen) continue;
    const kept = (await placementOf(db, registry, t, [String(seen.id)])).get(String(seen.id)) ?? [];
    const lost = moved.lost.filter((u) => !kept?.includes(u));
    if (lost.length) out.push({ def: t, id: String(seen.id), version: Number(seen.version), lost, kept: kept ?? [] });
  }
  return out;
}
