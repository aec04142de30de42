/**
 * What an import made from which rows (`importledger`): the digest of a row's values as mapped — a
 * case row's plan, an exam row's plan with its case — and the row it made, written in the transaction
 * of that write. Importing the same file again, a copy saved anew, or a later register holding the
 * same rows with others added, finds each made row here and makes nothing twice; a row whose values
 * were corrected is a new row. A made row deleted since is made again.
 */
import { createHash } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { kyselyByName, type Database } from '../../server/db/kysely.ts';

/**
 * A row's digest: its kind and its values, keys in order.
 * @example rowDigest('case', { patient: { name: 'Айбек' } }) // '5d1…'
 */
export function rowDigest(kind: string, values: unknown): string {
  const canon = (v: unknown): unknown =>
    v && typeof v === 'object' && !Array.isArray(v) ? Object.fromEntries(Object.keys(v).sort().map((k) => [k, canon((v as Record<string, unknown>)[k])])) : Array.isArray(v) ? v.map(canon) : v;
  return createHash('sha256').update(kind).update('\u0000').update(JSON.stringify(canon(values))).digest('hex');
}

export interface LedgerEntry {
  tableName: string;
  rowId: string;
  fileName: string | null;
  rowNumber: number | null;
  createdAt: string;
}

/** The entries of these digests whose made row is still there, by digest. */
export async function madeRows(db: Kysely<Database>, workspaceId: string, digests: string[]): Promise<Map<string, LedgerEntry>> {
  if (!digests.length) return new Map();
  const rows = (await sql<Record<string, any>>`select digest, table_name, row_id, file_name, row_number, created_at from importledger
    where workspace_id = ${workspaceId} and digest = any(${digests}::text[])`.execute(db)).rows;
  const out = new Map<string, LedgerEntry>();
  for (const r of rows) {
    // still there? (one query per table named: a case, an exam table)
    out.set(r.digest, { tableName: r.table_name, rowId: String(r.row_id), fileName: r.file_name, rowNumber: r.row_number, createdAt: new Date(r.created_at).toISOString() });
  }
  for (const table of new Set([...out.values()].map((e) => e.tableName))) {
    const ids = [...out.values()].filter((e) => e.tableName === table).map((e) => e.rowId);
    const there = new Set((await kyselyByName(db).selectFrom(table).select('id').where('id', '=', sql<string>`any(${ids}::uuid[])`).execute()).map((r) => String(r.id)));
    for (const [d, e] of out) if (e.tableName === table && !there.has(e.rowId)) out.delete(d);
  }
  return out;
}

/** Records what a row made (in the transaction that made it); a digest recorded before (its row since deleted) now names the new row. */
export async function recordMade(db: Kysely<Database>, workspaceId: string, e: { digest: string; tableName: string; rowId: string; jobId: string; fileName: string; rowNumber: number }): Promise<void> {
  await sql`insert into importledger (id, workspace_id, digest, table_name, row_id, job_id, file_name, row_number)
    values (gen_random_uuid(), ${workspaceId}, ${e.digest}, ${e.tableName}, ${e.rowId}, ${e.jobId}, ${e.fileName}, ${e.rowNumber})
    on conflict (workspace_id, digest) do update set table_name = excluded.table_name, row_id = excluded.row_id, job_id = excluded.job_id,
      file_name = excluded.file_name, row_number = excluded.row_number, created_at = now(), updated_at = now()`.execute(db);
}
