/**
 * The background work of an import, one step at a time, each step in transactions of its own and
 * each leaving the job where the next step (in this process or another, after a restart) takes up:
 * - reading the uploaded file into its rows (`PARSING` → `READY`, or `FAILED` with why);
 * - the dry run (`CHECKING` → `CHECKED`) and the run (`IMPORTING` → `DONE`): first the rows are made
 *   ready (their keys read, a repeated key refused), then the cases' sheet is written a chunk at a
 *   time — each row with the exam rows of other sheets that name its key — then the other sheets'
 *   rows naming a case already registered. A run commits each chunk's rows, their results and the
 *   job's position together, so a restart never writes a row twice; a dry run writes its chunk, reads
 *   the answers, rolls the chunk back and stores only the answers.
 * Every transaction here goes through `writeTransaction`: one PostgreSQL aborts as a deadlock's victim or
 * a serialization failure is run again whole (three runs at most), so it must not change anything but the
 * database before its commit (the job read before it is only read; its counts are worked out anew per run).
 */
import { createHash } from 'node:crypto';
import { sql } from 'kysely';
import { t } from '../../engine/i18n.ts';
import { deferring } from '../../server/db/deferred.ts';
import { cachingLookups } from '../../server/db/lookup-cache.ts';
import { kysely } from '../../server/db/kysely.ts';
import { writeTransaction } from '../../server/tbl/retry.ts';
import type { Em } from '../../server/db/orm.ts';
import type { AppContext, Session } from '../../server/types.ts';
import { applyCase, applyExam, type Applied } from './apply.ts';
import { Catalogues } from './catalogues.ts';
import { ChunkLookups } from './chunk-lookups.ts';
import { readFile } from './files/read-file.ts';
import { ImportFileError } from './files/sheet.ts';
import { KEY_FIELD } from './fields.ts';
import {
  dropChunks, fileOf, insertRows, noCounts, repeatedKeys, resetRows, rowsAfter, rowsByKeys, saveRowResults, updateJob, type ImportJob, type JobCounts, type StoredRow,
} from './job-store.ts';
import { mappingDigest, suggestMapping, type ImportMapping, type SheetMapping } from './mapping.ts';
import { RedoCarefully, type RowMessage } from './messages.ts';
import { casePlan, examPlan, readValues, type CasePlan } from './plan.ts';
import { rowDigest } from './ledger.ts';
import { jobSession } from './session.ts';
import type { Cell } from './files/cells.ts';

/** Case rows per chunk (each with its exam rows): one transaction, one progress step. */
export const CHUNK = 100;

interface Cursor {
  stage: 'prepare' | 'cases' | 'exams' | 'finish';
  /** The exam sheets' stage: the position in the list of exam sheets. */
  sheet?: number;
  after?: number;
}

type Step = 'more' | 'done';

/** A job whose state changed meanwhile (cancelled) or whose lease another process took: the step's work is dropped. */
class Lost extends Error {}
class Rollback extends Error {
  constructor(readonly value: unknown) {
    super('rollback');
  }
}

/**
 * Does the next step of a claimed job (`owner` holds its lease); answers whether more remains.
 * @example while ((await importStep(ctx, job, owner)) === 'more') job = (await readJob(db, job.id))!
 */
export async function importStep(ctx: AppContext, job: ImportJob, owner: string): Promise<Step> {
  if (job.state === 'PARSING') return parseStep(ctx, job, owner);
  if (job.state === 'CHECKING' || job.state === 'IMPORTING') {
    try {
      return await rowStep(ctx, job, owner);
    } catch (e) {
      if (e instanceof Lost) return 'done';
      throw e;
    }
  }
  return 'done';
}

/** Reads the file into rows: its sheets, a first mapping (the one the upload named, applied to these sheets), then READY; or FAILED saying why. */
async function parseStep(ctx: AppContext, job: ImportJob, owner: string): Promise<Step> {
  try {
    await writeTransaction(ctx, async (em) => {
      const db = kysely(em);
      const file = await fileOf(db, job.id);
      if (job.fileSize !== null && file.length !== job.fileSize) throw new ImportFileError('importjob.msg.incomplete', { got: file.length, size: job.fileSize });
      const { format, sheets } = await readFile(file, job.fileName, job.lang, (sheet, rows) => insertRows(db, job.id, sheet, rows));
      const mapping = suggestMapping(ctx.registry, sheets, job.mapping ?? undefined);
      await dropChunks(db, job.id);
      const ok = await updateJob(db, job.id, {
        state: 'READY', format, sha256: createHash('sha256').update(file).digest('hex'), sheets, mapping, total: sheets.reduce((n, s) => n + s.rows, 0), done: 0,
      }, { from: ['PARSING'], owner });
      if (!ok) throw new Lost();
    }, 'import read');
  } catch (e) {
    if (e instanceof Lost) return 'done';
    if (!(e instanceof ImportFileError)) throw e;
    await writeTransaction(ctx, async (em) => {
      await dropChunks(kysely(em), job.id);
      await updateJob(kysely(em), job.id, { state: 'FAILED', error: t(job.lang, e.key, e.vars).slice(0, 2000), finished_at: new Date() }, { from: ['PARSING'], owner });
    }, 'import read failed');
  }
  return 'done';
}

/** The column index of a sheet's field, or null. */
const columnOf = (job: ImportJob, s: SheetMapping, field: string) => {
  const header = Object.entries(s.columns).find(([, f]) => f === field)?.[0];
  const i = header ? job.sheets.find((x) => x.name === s.name)!.headers.indexOf(header) : -1;
  return i >= 0 ? i : null;
};

/** The job's sheets with a role, by their index in the file. */
function roleSheets(job: ImportJob): { index: number; m: SheetMapping; headers: string[] }[] {
  const m = job.mapping as ImportMapping;
  return m.sheets.flatMap((s) => {
    const index = job.sheets.findIndex((x) => x.name === s.name);
    return s.role && index >= 0 ? [{ index, m: s, headers: job.sheets[index].headers }] : [];
  });
}

async function rowStep(ctx: AppContext, job: ImportJob, owner: string): Promise<Step> {
  const dry = job.state === 'CHECKING';
  const cursor = (job.cursor as Cursor | null) ?? { stage: 'prepare' };
  const sheets = roleSheets(job);
  const cases = sheets.find((s) => s.m.role === 'case');
  const exams = sheets.filter((s) => s.m.role !== 'case');
  const guard = { from: [job.state], owner };

  if (cursor.stage === 'prepare') {
    await writeTransaction(ctx, async (em) => {
      const db = kysely(em);
      await resetRows(db, job.id, new Map(sheets.map((s) => [s.index, s.m.role === 'case' ? columnOf(job, s.m, KEY_FIELD) ?? columnOf(job, s.m, 'tbcase.caseNumber') : columnOf(job, s.m, KEY_FIELD)])));
      const repeated = cases ? await repeatedKeys(db, job.id, cases.index) : [];
      await saveRowResults(db, repeated.map((r) => ({ id: r.id, status: 'ERROR', messages: [{ field: KEY_FIELD, msg: t(job.lang, 'importjob.msg.keyRepeated', { row: r.first }), level: 'error' as const }] })));
      const total = Number((await db.selectFrom('importrow').select(sql<number>`count(*)`.as('n')).where('job_id', '=', job.id).where('sheet', 'in', sheets.length ? sheets.map((s) => s.index) : [-1]).executeTakeFirstOrThrow()).n);
      const counts = { ...noCounts(), errors: repeated.length };
      if (!(await updateJob(db, job.id, { cursor: { stage: 'cases', after: 0 }, total, done: repeated.length, counts, started_at: new Date(), finished_at: null }, guard))) throw new Lost();
    }, 'import rows made ready');
    return 'more';
  }

  if (cursor.stage === 'finish') {
    await writeTransaction(ctx, async (em) => {
      const patch = dry ? { state: 'CHECKED', checked_digest: mappingDigest(job.mapping!), cursor: null, finished_at: new Date() } : { state: 'DONE', cursor: null, finished_at: new Date() };
      if (!(await updateJob(kysely(em), job.id, patch, guard))) throw new Lost();
    }, 'import finished');
    return 'done';
  }

  const em0 = ctx.orm.em.fork();
  const session = await jobSession(em0, job);
  if (!session) {
    await updateJob(kysely(em0), job.id, { state: 'FAILED', error: t(job.lang, 'importjob.msg.userGone'), cursor: null, finished_at: new Date() }, guard);
    return 'done';
  }

  if (cursor.stage === 'cases') {
    const rows = cases ? await rowsAfter(kysely(em0), job.id, cases.index, cursor.after ?? 0, CHUNK) : [];
    if (!rows.length) return advance(ctx, job, guard, { stage: exams.length ? 'exams' : 'finish', sheet: 0, after: 0 });
    const last = rows.at(-1)!.rowNumber;
    await chunk(ctx, job, guard, dry, { stage: 'cases', after: last }, (em, careful) => caseChunk(ctx, session, em, job, cases!, exams, rows, careful));
    return 'more';
  }

  // exams: the rows of each exam sheet no case row of this file named — a case already registered
  const sheet = exams[cursor.sheet ?? 0];
  if (!sheet) return advance(ctx, job, guard, { stage: 'finish' });
  const rows = await rowsAfter(kysely(em0), job.id, sheet.index, cursor.after ?? 0, CHUNK, { status: 'PENDING' });
  if (!rows.length) return advance(ctx, job, guard, { stage: 'exams', sheet: (cursor.sheet ?? 0) + 1, after: 0 });
  await chunk(ctx, job, guard, dry, { stage: 'exams', sheet: cursor.sheet ?? 0, after: rows.at(-1)!.rowNumber }, (em, careful) => examChunk(ctx, session, em, job, sheet, rows, careful));
  return 'more';
}

async function advance(ctx: AppContext, job: ImportJob, guard: { from: ImportJob['state'][]; owner: string }, cursor: Cursor): Promise<Step> {
  if (!(await updateJob(kysely(ctx.orm.em.fork()), job.id, { cursor }, guard))) throw new Lost();
  return 'more';
}

type Result = { id: string; status: Applied['status']; messages: RowMessage[]; caseId?: string | null; newPatient?: Applied['newPatient']; madeDigest?: string };

/**
 * Runs one chunk's writes and stores their answers with the job's new position: in one transaction
 * for a run; for a dry run the writes in a transaction rolled back, then the answers in another.
 * The rows are written first without a savepoint each (`careful: false`, two statements a row
 * fewer); when one is refused the chunk's transaction is rolled back and the chunk written again
 * with a savepoint a row, so the refused row alone is left out (apply.ts `rowWrites`). A transaction
 * aborted as a deadlock's victim or a serialization failure runs again whole (`writeTransaction`): it left
 * nothing, so the rows, their answers and the job's counts are written once.
 */
async function chunk(ctx: AppContext, job: ImportJob, guard: { from: ImportJob['state'][]; owner: string }, dry: boolean, cursor: Cursor, work: (em: Em, careful: boolean) => Promise<Result[]>): Promise<void> {
  const store = async (em: Em, results: Result[]) => {
    const db = kysely(em);
    // a dry run keeps no case (rolled back) but the new patients its rows would register and the digests of what they would
    // make: the file's later rows are compared with them
    await saveRowResults(db, results.map((r) => ({ ...r, caseId: dry ? null : r.caseId, newPatient: dry ? r.newPatient : undefined, madeDigest: dry ? r.madeDigest : undefined })));
    const counts = addCounts(job.counts, results);
    if (!(await updateJob(db, job.id, { cursor, done: job.done + results.length, counts }, guard))) throw new Lost();
  };
  // what every row's write repeats — its history entries, the automatic tags of its case — is done once
  // for the chunk's rows that stand, at its end (server/db/deferred.ts): a refused row's savepoint takes its share with it
  // and what every row asks of the rows it does not write (its unit, laboratory, their names) is asked once (server/db/lookup-cache.ts)
  const rows = (em: Em, careful: boolean) => {
    cachingLookups(em);
    return deferring(em, ctx, () => work(em, careful));
  };
  const fastThenCareful = async <T>(attempt: (careful: boolean) => Promise<T>): Promise<T> => {
    try {
      return await attempt(false);
    } catch (e) {
      if (!(e instanceof RedoCarefully)) throw e;
      return attempt(true);
    }
  };
  if (!dry) {
    await fastThenCareful((careful) => writeTransaction(ctx, async (em) => store(em, await rows(em, careful)), 'import chunk'));
    return;
  }
  const results = await fastThenCareful(async (careful) => {
    try {
      await writeTransaction(ctx, async (em) => {
        throw new Rollback(await rows(em, careful));
      }, 'import dry-run chunk');
    } catch (e) {
      if (!(e instanceof Rollback)) throw e;
      return e.value as Result[];
    }
    throw new Error('unreachable: a dry run always rolls back');
  });
  await writeTransaction(ctx, (em) => store(em, results), 'import dry-run answers');
}

function addCounts(c: JobCounts, results: Result[]): JobCounts {
  const out = { ...c };
  for (const r of results) {
    if (r.status === 'OK') out.imported++;
    else if (r.status === 'ERROR') out.errors++;
    else out.skipped++;
    if (r.status !== 'ERROR' && r.messages.some((m) => m.level === 'warning')) out.warnings++;
  }
  return out;
}

/** A dry run's job, whose earlier rows' answers stand for what its run will have written by then (duplicates.ts EarlierRows). */
const earlierRows = (job: ImportJob) => (job.state === 'CHECKING' ? { jobId: job.id, fileName: job.fileName } : undefined);

const srcOf = (job: ImportJob, sheetName: string, single: boolean, rowNumber: number) => ({ jobId: job.id, fileName: job.fileName, sheet: single ? '' : sheetName, rowNumber });

/** A chunk of case rows, each with the rows of the exam sheets naming its key. */
async function caseChunk(ctx: AppContext, s: Session, em: Em, job: ImportJob, cases: ReturnType<typeof roleSheets>[number], exams: ReturnType<typeof roleSheets>, rows: StoredRow[], careful: boolean): Promise<Result[]> {
  const db = kysely(em);
  const catalogues = new Catalogues(db, ctx.registry, s.workspaceId);
  const mapping = job.mapping as ImportMapping;
  const single = job.sheets.length === 1;
  const pending = rows.filter((r) => r.status === 'PENDING');
  const keys = [...new Set(pending.map((r) => r.key).filter((k): k is string => !!k))];
  const linkedRows = await rowsByKeys(db, job.id, exams.map((e) => e.index), keys);
  const out: Result[] = [];
  const claimed = new Set<string>();
  // first every row's plan (its values read, its exam rows of other sheets), then the chunk's look-ups at once, then the writes
  const ready: { row: StoredRow; plan: CasePlan; messages: RowMessage[]; columns: Map<string, string>; linked: Parameters<typeof applyCase>[4] }[] = [];
  for (const row of pending) {
    const values = await readValues(ctx.registry, cases.m, cases.headers, row.cells as Cell[], mapping, { lang: s.lang, catalogues });
    const { plan, messages } = casePlan(ctx.registry, values, s.lang);
    const mine = row.key ? linkedRows.filter((l) => l.key === row.key && l.status === 'PENDING' && !claimed.has(l.id)) : [];
    mine.forEach((l) => claimed.add(l.id));
    const linked: Parameters<typeof applyCase>[4] = [];
    for (const l of mine) {
      const sheet = exams.find((e) => e.index === l.sheet)!;
      const v = await readValues(ctx.registry, sheet.m, sheet.headers, l.cells as Cell[], mapping, { lang: s.lang, catalogues });
      const p = examPlan(ctx.registry, sheet.m.role!, v, s.lang);
      if (!p.plan) out.push({ id: l.id, status: 'ERROR', messages: p.messages });
      else linked.push({ plan: p.plan, columns: v.columns, src: srcOf(job, sheet.m.name, false, l.rowNumber), id: l.id });
    }
    const failedLinks = mine.length - linked.length;
    if (!plan || failedLinks) {
      const why = failedLinks ? [{ field: null, msg: t(s.lang, 'importjob.msg.linkedRowsFailed'), level: 'error' as const }] : [];
      out.push({ id: row.id, status: 'ERROR', messages: [...messages, ...why] });
      for (const l of linked) out.push({ id: l.id, status: 'ERROR', messages: [{ field: null, msg: t(s.lang, 'importjob.msg.caseRowFailed', { row: row.rowNumber }), level: 'error' }] });
      continue;
    }
    ready.push({ row, plan, messages, columns: values.columns, linked });
  }
  // a dry run's chunk does not find the patients and rows the file's earlier chunks made (rolled back): it is given their rows'
  const earlier = earlierRows(job);
  const look = await ChunkLookups.read(db, s.workspaceId, ready.map((r) => rowDigest('case', r.plan)), ready.map((r) => r.plan.patient), earlier);
  for (const [i, { row, plan, messages, columns, linked }] of ready.entries()) {
    const r = await applyCase(ctx, s, em, { plan, warnings: messages, columns, src: srcOf(job, cases.m.name, single, row.rowNumber) }, linked, { look, i, careful });
    out.push({ id: row.id, ...r.row });
    for (const [id, a] of r.linked) out.push({ id, ...a });
  }
  return out;
}

/** A chunk of an exam sheet's rows for cases already registered, found by their key (the case number). */
async function examChunk(ctx: AppContext, s: Session, em: Em, job: ImportJob, sheet: ReturnType<typeof roleSheets>[number], rows: StoredRow[], careful: boolean): Promise<Result[]> {
  const db = kysely(em);
  const catalogues = new Catalogues(db, ctx.registry, s.workspaceId);
  const keys = [...new Set(rows.map((r) => r.key).filter((k): k is string => !!k))];
  const found = keys.length
    ? new Map((await db.selectFrom('tbcase').select(['id', 'case_number']).where('workspace_id', '=', s.workspaceId).where('case_number', '=', sql<string>`any(${keys}::text[])`).execute()).map((r) => [String(r.case_number), String(r.id)]))
    : new Map<string, string>();
  const out: Result[] = [];
  for (const row of rows) {
    const v = await readValues(ctx.registry, sheet.m, sheet.headers, row.cells as Cell[], job.mapping as ImportMapping, { lang: s.lang, catalogues });
    const p = examPlan(ctx.registry, sheet.m.role!, v, s.lang);
    if (!p.plan) {
      out.push({ id: row.id, status: 'ERROR', messages: p.messages });
      continue;
    }
    const caseId = p.plan.key ? found.get(p.plan.key) : undefined;
    if (!caseId) {
      out.push({ id: row.id, status: 'ERROR', messages: [{ field: KEY_FIELD, column: v.columns.get(KEY_FIELD) ?? null, value: p.plan.key ?? '', msg: t(s.lang, 'importjob.msg.noCase', { key: p.plan.key ?? '' }), level: 'error' }] });
      continue;
    }
    const a = await applyExam(ctx, s, em, { plan: p.plan, columns: v.columns, src: srcOf(job, sheet.m.name, false, row.rowNumber), caseId }, careful, earlierRows(job));
    out.push({ id: row.id, ...a });
  }
  return out;
}
