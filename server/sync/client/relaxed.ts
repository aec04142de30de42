/**
 * The references an offline client holds as ids only (`id-only`, server/sync/references.ts): a row of
 * the unit that names what lies outside its view and may not be empty — a contact followed by the unit
 * whose index case is another unit's. On the client their constraint is not checked: it is dropped
 * once the migrations have run, and put back (not validated) before they run, so every migration finds
 * the schema it was written for. The server keeps them all.
 */
import { sql } from 'kysely';
import type { Registry } from '../../../engine/registry.ts';
import { kysely } from '../../db/kysely.ts';
import type { Em } from '../../db/orm.ts';
import { isSynchronised } from '../../feed/types.ts';
import { referenceRule, referencesOf } from '../references.ts';

/** One relaxed reference: its table, column, target and the constraint the migrations made. */
interface Relaxed {
  table: string;
  column: string;
  target: string;
  onDelete?: 'cascade' | 'set null';
  constraint: string;
}

function relaxedReferences(registry: Registry): Relaxed[] {
  return [...registry.tables.values()]
    .filter(isSynchronised)
    .flatMap(referencesOf)
    .filter((r) => !r.prop && referenceRule(registry, r) === 'id-only')
    .map((r) => ({ table: r.table, column: r.field.column, target: r.field.ref!, onDelete: r.field.onDelete, constraint: `${r.table}_${r.field.column}_foreign` }));
}

const exists = async (em: Em, name: string) => !!(await sql<{ x: number }>`select 1 as x from pg_constraint where conname = ${name}`.execute(kysely(em))).rows.length;

/**
 * Before the migrations: the relaxed constraints put back as the migrations made them, not validated
 * (rows copied meanwhile may name what the client does not hold).
 * @example await restoreRelaxedReferences(orm.em.fork(), registry); await migrate(orm);
 */
export async function restoreRelaxedReferences(em: Em, registry: Registry): Promise<void> {
  for (const r of relaxedReferences(registry)) {
    if (await exists(em, r.constraint)) continue;
    const tables = await sql<{ n: string }>`select count(*)::text as n from information_schema.tables where table_name in (${r.table}, ${r.target})`.execute(kysely(em));
    if (Number(tables.rows[0].n) < 2) continue; // a first start: the migrations make them
    const onDelete = r.onDelete ? sql.raw(` on delete ${r.onDelete}`) : sql``;
    await sql`alter table ${sql.table(r.table)} add constraint ${sql.id(r.constraint)} foreign key (${sql.id(r.column)}) references ${sql.table(r.target)} (id)${onDelete} deferrable initially immediate not valid`.execute(kysely(em));
  }
}

/**
 * After the migrations: the relaxed constraints dropped (client mode only).
 * @example await migrate(orm); await relaxReferences(orm.em.fork(), registry);
 */
export async function relaxReferences(em: Em, registry: Registry): Promise<void> {
  for (const r of relaxedReferences(registry)) await sql`alter table ${sql.table(r.table)} drop constraint if exists ${sql.id(r.constraint)}`.execute(kysely(em));
}
