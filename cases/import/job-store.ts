/**
 * The import's own rows (`importjob`, `importchunk`, `importrow`): operational state, not data a
 * client follows, so written here by hand (listed in tests/architecture/one-writer.test.ts); the cases,
 * patients and exams an import makes go through the writer (`apply.ts`).
 */
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../server/db/kysely.ts';
import type { Lang } from '../../engine/i18n.ts';
import type { Session } from '../../server/types.ts';
import type { ReadRow, ReadSheet } from './files/sheet.ts';
import type { ImportMapping } from './mapping.ts';
import type { RowMessage } from './messages.ts';
import type { NewPatient } from './duplicates.ts';
import { jsonColumn } from '../../server/db/json-column.ts';

export type JobState = 'UPLOADING' | 'PARSING' | 'READY' | 'CHECKING' | 'CHECKED' | 'IMPORTING' | 'DONE' | 'FAILED' | 'CANCELLED';
/** The states in which a job has background work to do. */
export const WORKING: JobState[] = ['PARSING', 'CHECKING', 'IMPORTING'];

export interface JobCounts {
  imported: number;
  errors: number;
  skipped: number;
  warnings: number;
}

export interface ImportJob {
  id: string;
  workspaceId: string;
  fileName: string;
  fileSize: number | null;
  format: 'XLSX' | 'CSV' | null;
  state: JobState;
  error: string | null;
  userId: string;
  userwsId: string | null;
  lang: Lang;
  timeZone: string | null;
  sheets: ReadSheet[];
  mapping: ImportMapping | null;
  mappingName: string | null;
  checkedDigest: string | null;
  total: number;
  done: number;
  counts: JobCounts;
  /** Where the dry run or run stands (steps.ts). */
  cursor: Record<string, unknown> | null;
  lockedBy: string | null;
  lockedUntil: string | null;
  startedAt: string | null;
  finishedAt: string | null;
  createdAt: string;
}

export const noCounts = (): JobCounts => ({ imported: 0, errors: 0, skipped: 0, warnings: 0 });

const columns = [
  'id', 'workspace_id', 'file_name', 'file_size', 'format', 'state', 'error', 'user_id', 'userws_id', 'lang', 'time_zone', 'sheets', 'mapping', 'mapping_name',
  'checked_digest', 'total', 'done', 'counts', 'cursor', 'locked_by', 'locked_until', 'started_at', 'finished_at', 'created_at',
] as const;

const iso = (v: unknown) => (v instanceof Date ? v.toISOString() : v === null || v === undefined ? null : String(v));

function jobOf(r: Record<string, any>): ImportJob {
  return {
    id: String(r.id), workspaceId: String(r.workspace_id), fileName: r.file_name, fileSize: r.file_size ?? null, format: r.format ?? null, state: r.state,
    error: r.error ?? null, userId: String(r.user_id), userwsId: r.userws_id ? String(r.userws_id) : null, lang: r.lang === 'en' ? 'en' : 'ru', timeZone: r.time_zone ?? null,
    sheets: jsonColumn(r.sheets, []), mapping: jsonColumn(r.mapping, null), mappingName: r.mapping_name ?? null, checkedDigest: r.checked_digest ?? null,
    total: Number(r.total ?? 0), done: Number(r.done ?? 0), counts: { ...noCounts(), ...jsonColumn(r.counts, {}) }, cursor: jsonColumn(r.cursor, null), lockedBy: r.locked_by ?? null,
    lockedUntil: iso(r.locked_until), startedAt: iso(r.started_at), finishedAt: iso(r.finished_at), createdAt: iso(r.created_at)!,
  };
}

/** A job of the workspace, or undefined. */
export async function readJob(db: Kysely<Database>, id: string, workspaceId?: string): Promise<ImportJob | undefined> {
  let q = db.selectFrom('importjob').select(columns).where('id', '=', id);
  if (workspaceId) q = q.where('workspace_id', '=', workspaceId);
  const r = await q.executeTakeFirst();
  return r ? jobOf(r) : undefined;
}

/** The workspace's latest jobs, newest first. */
export async function listJobs(db: Kysely<Database>, workspaceId: string, limit = 50): Promise<ImportJob[]> {
  const rows = await db.selectFrom('importjob').select(columns).where('workspace_id', '=', workspaceId).orderBy('created_at', 'desc').orderBy('id').limit(limit).execute();
  return rows.map(jobOf);
}

/** A new job for a file the session is about to upload. */
export async function createJob(db: Kysely<Database>, s: Session, file: { fileName: string; fileSize: number; mapping?: ImportMapping; mappingName?: string }): Promise<string> {
  const id = crypto.randomUUID();
  await db.insertInto('importjob').values({
    id, workspace_id: s.workspaceId, file_name: file.fileName, file_size: file.fileSize, state: 'UPLOADING', user_id: s.userId, userws_id: s.userwsId,
    lang: s.lang, time_zone: s.timeZone ?? null, total: 0, done: 0, counts: JSON.stringify(noCounts()),
    mapping: file.mapping ? JSON.stringify(file.mapping) : null, mapping_name: file.mappingName ?? null,
  }).execute();
  return id;
}

/** Keeps a piece of the file (its place `seq`; a piece sent again replaces itself). */
export async function addChunk(db: Kysely<Database>, jobId: string, seq: number, data: string): Promise<void> {
  await sql`insert into importchunk (id, job_id, seq, data) values (gen_random_uuid(), ${jobId}, ${seq}, ${data})
    on conflict (job_id, seq) do update set data = excluded.data, updated_at = now()`.execute(db);
}

/** The pieces' sizes in bytes (decoded), by place: what the upload has so far. */
export async function chunkSizes(db: Kysely<Database>, jobId: string): Promise<{ seq: number; bytes: number }[]> {
  const rows = await sql<{ seq: number; bytes: number }>`select seq, length(data) / 4 * 3 - (case when data like '%==' then 2 when data like '%=' then 1 else 0 end) as bytes
    from importchunk where job_id = ${jobId} order by seq`.execute(db);
  return rows.rows.map((r) => ({ seq: Number(r.seq), bytes: Number(r.bytes) }));
}

/** The uploaded file, its pieces joined. */
export async function fileOf(db: Kysely<Database>, jobId: string): Promise<Buffer> {
  const rows = await db.selectFrom('importchunk').select('data').where('job_id', '=', jobId).orderBy('seq').execute();
  return Buffer.concat(rows.map((r) => Buffer.from(String(r.data), 'base64')));
}

export const dropChunks = (db: Kysely<Database>, jobId: string) => db.deleteFrom('importchunk').where('job_id', '=', jobId).execute();

/** Stores a batch of a sheet's rows as read. */
export async function insertRows(db: Kysely<Database>, jobId: string, sheet: number, rows: ReadRow[]): Promise<void> {
  if (!rows.length) return;
  const data = JSON.stringify(rows.map((r) => ({ n: r.number, c: r.cells })));
  await sql`insert into importrow (id, job_id, sheet, row_number, cells, status)
    select gen_random_uuid(), ${jobId}, ${sheet}, (x->>'n')::int, x->'c', 'PENDING' from jsonb_array_elements(${data}::jsonb) x`.execute(db);
}

/**
 * Changes a job, only while it is in one of `from` (and, with `owner`, still claimed by it): false
 * when it is not (cancelled meanwhile, or claimed by another process after this one's lease ran out).
 */
export async function updateJob(db: Kysely<Database>, id: string, patch: Record<string, unknown>, guard: { from?: JobState[]; owner?: string } = {}): Promise<boolean> {
  const values = Object.fromEntries(Object.entries(patch).map(([k, v]) => [k, v !== null && typeof v === 'object' && !(v instanceof Date) ? JSON.stringify(v) : v]));
  let q = db.updateTable('importjob').set({ ...values, updated_at: sql`now()`, version: sql`version + 1` }).where('id', '=', id);
  if (guard.from) q = q.where('state', 'in', guard.from);
  if (guard.owner) q = q.where('locked_by', '=', guard.owner);
  const r = await q.executeTakeFirst();
  return Number(r.numUpdatedRows) > 0;
}

/**
 * Claims the oldest job with work to do whose lease has run out (or was never taken), for `owner`,
 * for `leaseSeconds`: of several processes exactly one gets it (`for update skip locked`).
 */
export async function claimJob(db: Kysely<Database>, owner: string, leaseSeconds: number): Promise<ImportJob | undefined> {
  const r = await sql<Record<string, any>>`
    update importjob set locked_by = ${owner}, locked_until = now() + make_interval(secs => ${leaseSeconds}), updated_at = now(), version = version + 1
    where id = (select id from importjob where state in ('PARSING', 'CHECKING', 'IMPORTING') and (locked_until is null or locked_until < now())
                order by created_at limit 1 for update skip locked)
    returning ${sql.join(columns.map((c) => sql.ref(c)))}`.execute(db);
  return r.rows[0] ? jobOf(r.rows[0]) : undefined;
}

/** Extends `owner`'s lease of the job; false when it no longer holds it. */
export async function renewLease(db: Kysely<Database>, id: string, owner: string, leaseSeconds: number): Promise<boolean> {
  const r = await sql`update importjob set locked_until = now() + make_interval(secs => ${leaseSeconds}) where id = ${id} and locked_by = ${owner}`.execute(db);
  return Number(r.numAffectedRows ?? 0) > 0;
}

/** Releases the job's lease (its work done, or stopped). */
export const releaseJob = (db: Kysely<Database>, id: string, owner: string) =>
  sql`update importjob set locked_by = null, locked_until = null where id = ${id} and locked_by = ${owner}`.execute(db);

/** A stored row as the steps read it. */
export interface StoredRow {
  id: string;
  sheet: number;
  rowNumber: number;
  cells: unknown[];
  key: string | null;
  status: string;
  caseId: string | null;
}

const rowOf = (r: Record<string, any>): StoredRow => ({ id: String(r.id), sheet: Number(r.sheet), rowNumber: Number(r.row_number), cells: jsonColumn(r.cells, []), key: r.key ?? null, status: r.status, caseId: r.case_id ? String(r.case_id) : null });

/** The next `limit` rows of a sheet after row `after`, in order. */
export async function rowsAfter(db: Kysely<Database>, jobId: string, sheet: number, after: number, limit: number, opts: { status?: string } = {}): Promise<StoredRow[]> {
  let q = db.selectFrom('importrow').select(['id', 'sheet', 'row_number', 'cells', 'key', 'status', 'case_id']).where('job_id', '=', jobId).where('sheet', '=', sheet).where('row_number', '>', after);
  if (opts.status) q = q.where('status', '=', opts.status);
  return (await q.orderBy('row_number').limit(limit).execute()).map(rowOf);
}

/** The rows of the given sheets whose key is one of `keys` (an exam sheet's rows joining a chunk's cases). */
export async function rowsByKeys(db: Kysely<Database>, jobId: string, sheets: number[], keys: string[]): Promise<StoredRow[]> {
  if (!sheets.length || !keys.length) return [];
  return (await db.selectFrom('importrow').select(['id', 'sheet', 'row_number', 'cells', 'key', 'status', 'case_id']).where('job_id', '=', jobId)
    .where('sheet', 'in', sheets).where('key', '=', sql<string>`any(${keys}::text[])`).orderBy('sheet').orderBy('row_number').execute()).map(rowOf);
}

/** What the step made of rows: each row's state, messages, case and (a dry run) the new patient it would register and the digest of what it would make. */
export async function saveRowResults(db: Kysely<Database>, results: { id: string; status: string; messages: RowMessage[]; caseId?: string | null; newPatient?: NewPatient; madeDigest?: string }[]): Promise<void> {
  if (!results.length) return;
  const data = JSON.stringify(results.map((r) => ({
    id: r.id, status: r.status, messages: r.messages, case_id: r.caseId ?? null,
    key: r.newPatient?.key ?? null, birth: r.newPatient?.birthDate ?? null, last_name: r.newPatient?.lastName ?? null, name: r.newPatient?.name ?? null,
    digest: r.madeDigest ?? null,
  })));
  await sql`update importrow r set status = x.status, messages = x.messages, case_id = x.case_id, updated_at = now(),
      new_patient_key = x.key, new_patient_birth_date = x.birth, new_patient_last_name = x.last_name, new_patient_name = x.name, made_digest = x.digest
    from jsonb_to_recordset(${data}::jsonb) as x(id uuid, status text, messages jsonb, case_id uuid, key text, birth date, last_name text, name text, digest text) where r.id = x.id`.execute(db);
}

/** Every row of the job back to waiting, its key read from the column `keyColumn` of each sheet (`null`: none). */
export async function resetRows(db: Kysely<Database>, jobId: string, keyColumns: Map<number, number | null>): Promise<void> {
  await sql`update importrow set status = 'PENDING', messages = null, case_id = null, key = null,
      new_patient_key = null, new_patient_birth_date = null, new_patient_last_name = null, new_patient_name = null, made_digest = null where job_id = ${jobId}`.execute(db);
  for (const [sheet, col] of keyColumns) {
    if (col === null) continue;
    const i = sql`${col}::int`;
    await sql`update importrow set key = left(nullif(trim(case jsonb_typeof(cells->${i}) when 'object' then coalesce(cells->${i}->>'d', cells->${i}->>'e') else cells->>${i} end), ''), 200)
      where job_id = ${jobId} and sheet = ${sheet}`.execute(db);
  }
}

/** The rows of a sheet repeating an earlier row's key (each but the first). */
export async function repeatedKeys(db: Kysely<Database>, jobId: string, sheet: number): Promise<{ id: string; first: number }[]> {
  const r = await sql<{ id: string; first: number }>`select id, first from (
      select id, row_number, min(row_number) over (partition by key) as first from importrow where job_id = ${jobId} and sheet = ${sheet} and key is not null
    ) x where row_number > first`.execute(db);
  return r.rows.map((x) => ({ id: String(x.id), first: Number(x.first) }));
}

/** How many rows of the job are in each state. */
export async function statusCounts(db: Kysely<Database>, jobId: string): Promise<Record<string, number>> {
  const r = await db.selectFrom('importrow').select(['status', sql<number>`count(*)`.as('n')]).where('job_id', '=', jobId).groupBy('status').execute();
  return Object.fromEntries(r.map((x) => [x.status, Number(x.n)]));
}
