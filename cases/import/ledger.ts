/**
 * What an import made from which rows (`importledger`): the digest of a row's values as mapped — a
 * case row's plan, an exam row's plan with its case — and the row it made, written in the transaction
 * of that write. Importing the same file again, a copy saved anew, or a later register holding the
 * same rows with others added, finds each made row here and makes nothing twice; a row whose values
 * were corrected is a new row. A made row deleted since is made again.
 */
import { createHash } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { deferIn, onDeferred } from '../../server/db/deferred.ts';
import { kysely, kyselyByName, type Database } from '../../server/db/kysely.ts';
import type { Em } from '../../server/db/orm.ts';
import type { EarlierRows } from './duplicates.ts';

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

/**
 * The entries of these digests whose made row is still there, by digest. `earlier` (a dry run, whose
 * chunks are rolled back): a digest the job's earlier rows would make (`importrow.made_digest`) is made
 * too — by that row (`tableName` importrow), as the run will find it in the ledger.
 * @example (await madeRows(db, ws, [digest])).get(digest)?.rowNumber
 */
export async function madeRows(db: Kysely<Database>, workspaceId: string, digests: string[], earlier?: EarlierRows): Promise<Map<string, LedgerEntry>> {
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
  const unmade = digests.filter((d) => !out.has(d));
  if (earlier && unmade.length) {
    const rows = await sql<{ made_digest: string; id: string; row_number: number; created_at: Date }>`select distinct on (made_digest) made_digest, id, row_number, created_at from importrow
      where job_id = ${earlier.jobId} and made_digest = any(${unmade}::text[]) order by made_digest, sheet, row_number`.execute(db);
    for (const r of rows.rows) out.set(r.made_digest, { tableName: 'importrow', rowId: String(r.id), fileName: earlier.fileName, rowNumber: Number(r.row_number), createdAt: new Date(r.created_at).toISOString() });
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

/** A row's ledger entry as {@link recordMade} takes it. */
type MadeEntry = Parameters<typeof recordMade>[2];
const DEFERRED_LEDGER = 'import-ledger';

/**
 * {@link recordMade} in the transaction `em`, or — inside a chunk that defers it (server/db/deferred.ts)
 * — kept with the row's savepoint and written with the chunk's others in one statement at its end. Only
 * for a case row: the chunk's later rows are told of its digest (`ChunkLookups.wrote`), so none looks
 * for it in the table before then (an exam row's entry is looked up in the table: it is written at once).
 * @example await recordMadeLater(em, ws, { digest, tableName: 'tbcase', rowId: caseId, jobId, fileName, rowNumber: 2 })
 */
export async function recordMadeLater(em: Em, workspaceId: string, e: MadeEntry): Promise<void> {
  if (deferIn(em, DEFERRED_LEDGER, [JSON.stringify({ workspaceId, ...e })])) return;
  await recordMade(kysely(em), workspaceId, e);
}

onDeferred(DEFERRED_LEDGER, async (em, _ctx, items) => {
  // one entry a digest (the last kept): a statement may not update one row twice
  const byDigest = new Map(items.map((i) => JSON.parse(i) as MadeEntry & { workspaceId: string }).map((e) => [`${e.workspaceId}|${e.digest}`, e]));
  await sql`insert into importledger (id, workspace_id, digest, table_name, row_id, job_id, file_name, row_number)
    select gen_random_uuid(), x."workspaceId", x.digest, x."tableName", x."rowId", x."jobId", x."fileName", x."rowNumber"
      from jsonb_to_recordset(${JSON.stringify([...byDigest.values()])}::jsonb) as x("workspaceId" uuid, digest text, "tableName" text, "rowId" uuid, "jobId" uuid, "fileName" text, "rowNumber" int)
    on conflict (workspace_id, digest) do update set table_name = excluded.table_name, row_id = excluded.row_id, job_id = excluded.job_id,
      file_name = excluded.file_name, row_number = excluded.row_number, created_at = now(), updated_at = now()`.execute(kysely(em));
});
