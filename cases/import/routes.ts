/**
 * The import's HTTP routes (all need CASE_IMPORT; a job is its uploader's — read also by those who see
 * the whole workspace):
 * - `POST /api/import/upload {fileName, fileSize, mappingId?}` → `{result: <job id>, chunkBytes}`; then
 *   `POST /api/import/{id}/chunk {seq, data}` (base64 pieces of at most `chunkBytes`) and
 *   `POST /api/import/{id}/parse {}`: the file is read in the background (state PARSING → READY or FAILED);
 * - `GET /api/import/{id}` → the job (state, progress, sheets, mapping, counts, `checked`);
 * - `POST /api/import/{id}/mapping {mapping, saveAs?}` → the mapping checked and kept (and saved under a name);
 * - `POST /api/import/{id}/values {}` → each catalogue column's values and what each is matched to;
 * - `POST /api/import/{id}/dryrun {}` → the dry run (CHECKING → CHECKED), `POST /api/import/{id}/run {}` →
 *   the run (IMPORTING → DONE; only after a dry run of the same mapping), `POST /api/import/{id}/cancel {}`;
 * - `POST /api/import/{id}/rows {status?, page?}` → the rows with their messages; `GET /api/import/{id}/report`
 *   → the rows not imported and why, as XLSX;
 * - `POST /api/import/query {}` → the latest jobs; `POST /api/import/fields {}` → what columns map to, and the forms with a template;
 *   `POST /api/import/mappings {}`, `DELETE /api/import/mappings/{id}` → saved mappings;
 *   `GET /api/import/template/{form}` → a template XLSX for a notification form.
 */
import type { Context } from 'hono';
import { t } from '../../engine/i18n.ts';
import type { JsonSchema } from '../../engine/types.ts';
import { kysely } from '../../server/db/kysely.ts';
import { defineRoute, rule, type DeclaredRoute } from '../../server/http/define-route.ts';
import { fail, isUuid } from '../../server/http/errors.ts';
import { readerView } from '../../server/scope/view.ts';
import { TableWriter } from '../../server/tbl/write.ts';
import type { AppContext, Env, Session } from '../../server/types.ts';
import { Catalogues } from './catalogues.ts';
import { MAX_FILE_BYTES } from './files/sheet.ts';
import { addChunk, chunkSizes, createJob, listJobs, readJob, statusCounts, updateJob, type ImportJob, type JobState } from './job-store.ts';
import { checkMapping, mappingDigest, mappingSchema, type ImportMapping } from './mapping.ts';
import { errorReport } from './report.ts';
import { importRunner } from './runner.ts';
import { IMPORT_PERMISSION } from './session.ts';
import { importTemplate, templateForms } from './template.ts';
import { fieldsView, jobView, valuesView } from './view.ts';
import { jsonColumn } from '../../server/db/json-column.ts';

/** A piece of an upload (decoded bytes): its base64 stays well under the request limit. */
export const CHUNK_BYTES = 1024 * 1024;
const PAGE = 50;

const uploadBody: JsonSchema = {
  type: 'object', additionalProperties: false, required: ['fileName', 'fileSize'],
  properties: {
    fileName: { type: 'string', minLength: 1, maxLength: 255, title: 'importjob.fileName' },
    fileSize: { type: 'integer', minimum: 1, maximum: MAX_FILE_BYTES, title: 'importjob.fileSize' },
    mappingId: { type: 'string', format: 'uuid', title: 'importjob.mappingName' },
  },
};
const chunkBody: JsonSchema = {
  type: 'object', additionalProperties: false, required: ['seq', 'data'],
  properties: {
    seq: { type: 'integer', minimum: 0, maximum: Math.ceil(MAX_FILE_BYTES / CHUNK_BYTES), title: 'importchunk.seq' },
    data: { type: 'string', minLength: 1, maxLength: Math.ceil(CHUNK_BYTES / 3) * 4, pattern: '^[A-Za-z0-9+/]*={0,2}$', title: 'importchunk.data' },
  },
};
const mappingBody: JsonSchema = {
  type: 'object', additionalProperties: false, required: ['mapping'],
  properties: { mapping: mappingSchema, saveAs: { type: 'string', minLength: 1, maxLength: 200, title: 'importmapping.name' } },
};
const rowsBody: JsonSchema = {
  type: 'object', additionalProperties: false,
  properties: { status: { type: 'string', enum: ['PENDING', 'OK', 'ERROR', 'SKIPPED', 'WARNING'] }, page: { type: 'integer', minimum: 1, maximum: 100_000 } },
};
const emptyBody: JsonSchema = { type: 'object', additionalProperties: false, properties: {} };

/** The states a job's mapping may change in (not while its file is read or its rows written). */
const MAPPABLE: JobState[] = ['READY', 'CHECKED', 'DONE', 'CANCELLED'];

/** Who may call every import route. */
const importRule = rule.perm(IMPORT_PERMISSION);

export function importRoutes(ctx: AppContext): DeclaredRoute[] {
  const db = () => kysely(ctx.orm.em.fork());
  const session = (c: Context<Env>) => c.get('session');
  /** The job of the path, if the session may see it (its own, or any with a whole-workspace view); `own`: only its uploader's. */
  const job = async (c: Context<Env>, own = false): Promise<ImportJob> => {
    const s = session(c);
    const id = c.req.param('id');
    if (!isUuid(id)) throw fail(400, t(s.lang, 'msg.badId'), 'id');
    const j = await readJob(db(), id.toLowerCase(), s.workspaceId);
    if (!j || (j.userId !== s.userId && (own || !seesAll(s)))) throw fail(404, t(s.lang, 'msg.notFound'), 'id');
    return j;
  };
  const move = async (j: ImportJob, s: Session, from: JobState[], patch: Record<string, unknown>) => {
    if (!(await updateJob(db(), j.id, patch, { from }))) throw fail(409, t(s.lang, 'importjob.msg.wrongState', { state: t(s.lang, `importjob.states.${(await readJob(db(), j.id))!.state}`) }), null);
    importRunner(ctx)?.wake();
  };

  return [
  defineRoute({ method: 'POST', path: '/api/import/upload', rule: importRule, summary: "A new import: the file's name and size; answers the job's id and the piece size", body: uploadBody, example: { fileName: 'registr.xlsx', fileSize: 20480 }, handler: async (c, { body }) => {
    const s = session(c);
    let mapping: ImportMapping | undefined;
    let mappingName: string | undefined;
    if (body.mappingId) {
      const saved = await db().selectFrom('importmapping').select(['name', 'mapping']).where('id', '=', body.mappingId.toLowerCase()).where('workspace_id', '=', s.workspaceId).executeTakeFirst();
      if (!saved) throw fail(404, t(s.lang, 'msg.notFound'), 'mappingId');
      mapping = jsonColumn<ImportMapping | undefined>(saved.mapping, undefined);
      mappingName = saved.name;
    }
    const id = await createJob(db(), s, { fileName: body.fileName, fileSize: body.fileSize, mapping, mappingName });
    return c.json({ success: true, result: id, chunkBytes: CHUNK_BYTES });
  } }),

  defineRoute({ method: 'POST', path: '/api/import/:id/chunk', rule: importRule, summary: 'A base64 piece of the uploaded file (a piece sent again replaces itself)', body: chunkBody, example: { seq: 0, data: 'UEsDBA==' }, handler: async (c, { body }) => {
    const j = await job(c, true);
    const s = c.get('session');
    if (j.state !== 'UPLOADING') throw fail(409, t(s.lang, 'importjob.msg.wrongState', { state: t(s.lang, `importjob.states.${j.state}`) }));
    const bytes = base64Bytes(body.data);
    const had = (await chunkSizes(db(), j.id)).filter((x) => x.seq !== body.seq).reduce((n, x) => n + x.bytes, 0);
    if (had + bytes > (j.fileSize ?? 0)) throw fail(400, t(s.lang, 'importjob.msg.moreThanSize', { size: j.fileSize }), 'data');
    await addChunk(db(), j.id, body.seq, body.data);
    return c.json({ success: true });
  } }),

  defineRoute({ method: 'POST', path: '/api/import/:id/parse', rule: importRule, summary: 'Reads the uploaded file in the background (PARSING → READY or FAILED)', body: emptyBody, example: {}, handler: async (c) => {
    const j = await job(c, true);
    await move(j, c.get('session'), ['UPLOADING'], { state: 'PARSING' });
    return c.json({ success: true });
  } }),

  defineRoute({ method: 'GET', path: '/api/import/:id', rule: importRule, summary: 'The job: its state, progress, sheets, mapping and counts', handler: async (c) => {
    const j = await job(c);
    return c.json({ success: true, result: jobView(j, c.get('session').lang) });
  } }),

  defineRoute({ method: 'POST', path: '/api/import/:id/mapping', rule: importRule, summary: 'The columns mapped to the declared fields, checked against the file (and saved under a name)', body: mappingBody, example: { mapping: { sheets: [{ name: 'Случаи', role: 'case', columns: { Фамилия: 'patient.lastName' } }], fixed: {}, values: {} } }, handler: async (c, { body }) => {
    const j = await job(c, true);
    const s = c.get('session');
    const mapping: ImportMapping = { fixed: {}, values: {}, ...body.mapping };
    checkMapping(ctx.registry, j.sheets, mapping, s.lang);
    if (!MAPPABLE.includes(j.state)) throw fail(409, t(s.lang, 'importjob.msg.wrongState', { state: t(s.lang, `importjob.states.${j.state}`) }));
    const same = j.mapping && mappingDigest(j.mapping) === mappingDigest(mapping);
    if (body.saveAs) await saveMapping(ctx, s, body.saveAs, mapping);
    await move(j, s, MAPPABLE, { mapping, ...(body.saveAs ? { mapping_name: body.saveAs } : {}), ...(same ? {} : { state: 'READY' }) });
    return c.json({ success: true });
  } }),

  defineRoute({ method: 'POST', path: '/api/import/:id/values', rule: importRule, summary: "Each coded column's values and what each is matched to", body: emptyBody, example: {}, handler: async (c) => {
    const j = await job(c);
    const s = c.get('session');
    if (!j.mapping) return c.json({ success: true, result: [] });
    return c.json({ success: true, result: await valuesView(db(), ctx.registry, j, s.lang, new Catalogues(db(), ctx.registry, s.workspaceId)) });
  } }),

  defineRoute({ method: 'POST', path: '/api/import/:id/dryrun', rule: importRule, summary: 'The dry run: every row checked as the run would write it, nothing written (CHECKING → CHECKED)', body: emptyBody, example: {}, handler: async (c) => {
    const j = await job(c, true);
    const s = c.get('session');
    if (!j.mapping) throw fail(400, t(s.lang, 'importjob.msg.mapFirst'));
    checkMapping(ctx.registry, j.sheets, j.mapping, s.lang);
    await move(j, s, MAPPABLE, { state: 'CHECKING', cursor: null, checked_digest: null, done: 0 });
    return c.json({ success: true });
  } }),

  defineRoute({ method: 'POST', path: '/api/import/:id/run', rule: importRule, summary: 'The run, after a dry run of the same mapping (IMPORTING → DONE)', body: emptyBody, example: {}, handler: async (c) => {
    const j = await job(c, true);
    const s = c.get('session');
    if (j.state !== 'CHECKED' || !j.mapping || j.checkedDigest !== mappingDigest(j.mapping)) throw fail(409, t(s.lang, 'importjob.msg.dryRunFirst'));
    await move(j, s, ['CHECKED'], { state: 'IMPORTING', cursor: null, done: 0 });
    return c.json({ success: true });
  } }),

  defineRoute({ method: 'POST', path: '/api/import/:id/cancel', rule: importRule, summary: 'Stops a job (a run keeps the chunks it committed)', body: emptyBody, example: {}, handler: async (c) => {
    const j = await job(c);
    const s = c.get('session');
    if (j.userId !== s.userId && !s.administrator) throw fail(403, t(s.lang, 'msg.forbidden'));
    await move(j, s, ['UPLOADING', 'PARSING', 'READY', 'CHECKING', 'CHECKED', 'IMPORTING'], { state: 'CANCELLED', cursor: null, finished_at: new Date() });
    return c.json({ success: true });
  } }),

  defineRoute({ method: 'POST', path: '/api/import/:id/rows', rule: importRule, summary: "A page of the job's rows with their messages, by status", body: rowsBody, example: { status: 'ERROR', page: 1 }, handler: async (c, { body }) => {
    const j = await job(c);
    const page = body.page ?? 1;
    let q = db().selectFrom('importrow').where('job_id', '=', j.id);
    if (body.status === 'WARNING') q = q.where('status', '<>', 'ERROR').where('messages', '@>', JSON.stringify([{ level: 'warning' }]) as never);
    else if (body.status) q = q.where('status', '=', body.status);
    const count = Number((await q.select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
    const list = await q.select(['sheet', 'row_number', 'status', 'messages', 'case_id']).orderBy('sheet').orderBy('row_number').limit(PAGE).offset((page - 1) * PAGE).execute();
    return c.json({
      success: true,
      result: {
        count, page, pageSize: PAGE, byStatus: await statusCounts(db(), j.id),
        list: list.map((r) => ({ sheet: j.sheets[Number(r.sheet)]?.name ?? '', rowNumber: Number(r.row_number), status: r.status, messages: jsonColumn(r.messages, []), caseId: r.case_id ?? null })),
      },
    });
  } }),

  defineRoute({ method: 'GET', path: '/api/import/:id/report', rule: importRule, summary: 'The rows not imported, as the file had them, with why: an XLSX', handler: async (c) => {
    const j = await job(c);
    const file = await errorReport(db(), j, c.get('session').lang);
    const name = `${j.fileName.replace(/\.[^.]*$/, '')}-errors.xlsx`;
    return c.body(new Uint8Array(file), 200, {
      'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      'content-disposition': `attachment; filename="import-errors.xlsx"; filename*=UTF-8''${encodeURIComponent(name)}`,
    });
  } }),

  defineRoute({ method: 'POST', path: '/api/import/query', rule: importRule, summary: "The workspace's latest imports the user may see", body: emptyBody, example: {}, handler: async (c) => {
    const s = session(c);
    const jobs = (await listJobs(db(), s.workspaceId)).filter((j) => j.userId === s.userId || seesAll(s));
    const names = new Map((await (jobs.length ? db().selectFrom('sysuser').select(['id', 'name']).where('id', 'in', [...new Set(jobs.map((j) => j.userId))]).execute() : Promise.resolve([]))).map((u) => [String(u.id), String(u.name)]));
    return c.json({ success: true, result: jobs.map((j) => ({ ...jobView(j, s.lang), sheets: undefined, mapping: undefined, userName: names.get(j.userId) ?? null })) });
  } }),

  defineRoute({ method: 'POST', path: '/api/import/fields', rule: importRule, summary: 'What a column may be mapped to, and the forms with a template', body: emptyBody, example: {}, handler: async (c) => {
    const s = session(c);
    const templates = templateForms(ctx.registry).map((form) => ({ form, title: t(s.lang, String(ctx.registry.schemas.get(form)!.title)) }));
    return c.json({ success: true, result: { ...(await fieldsView(ctx.registry, s.lang, new Catalogues(db(), ctx.registry, s.workspaceId))), templates } });
  } }),

  defineRoute({ method: 'POST', path: '/api/import/mappings', rule: importRule, summary: 'The saved mappings', body: emptyBody, example: {}, handler: async (c) => {
    const s = session(c);
    const rows = await db().selectFrom('importmapping').select(['id', 'name', 'mapping', 'version']).where('workspace_id', '=', s.workspaceId).orderBy('name').orderBy('id').limit(200).execute();
    return c.json({ success: true, result: rows.map((r) => ({ id: r.id, name: r.name, version: r.version, mapping: jsonColumn(r.mapping, {}) })) });
  } }),

  defineRoute({ method: 'DELETE', path: '/api/import/mappings/:id', rule: importRule, summary: 'A saved mapping deleted', handler: async (c) => {
    const s = session(c);
    const id = c.req.param('id');
    if (!isUuid(id)) throw fail(400, t(s.lang, 'msg.badId'), 'id');
    await new TableWriter(ctx, ctx.registry.table('importmapping'), s).delete(id.toLowerCase());
    return c.json({ success: true });
  } }),

  defineRoute({ method: 'GET', path: '/api/import/template/:form', rule: importRule, summary: 'A template XLSX for a notification form', handler: async (c) => {
    const s = session(c);
    const form = c.req.param('form');
    if (!templateForms(ctx.registry).includes(form)) throw fail(404, t(s.lang, 'msg.notFound'), 'form');
    const file = await importTemplate(ctx.registry, form, s.lang, new Catalogues(db(), ctx.registry, s.workspaceId));
    return c.body(new Uint8Array(file), 200, {
      'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
      'content-disposition': `attachment; filename="${form}.xlsx"`,
    });
  } }),
  ];
}

/** The bytes a base64 text decodes to (its padding not counted). */
const base64Bytes = (data: string) => Math.floor(data.length / 4) * 3 + ([0, 0, 1, 2][data.length % 4]) - (data.endsWith('==') ? 2 : data.endsWith('=') ? 1 : 0);

/** Whether the session sees every import of the workspace (its administrators, a whole-workspace view). */
const seesAll = (s: Session) => s.administrator || readerView(s).kind === 'workspace';

/** Saves the mapping under `name` through the writer (a new one, or the one of that name changed). */
async function saveMapping(ctx: AppContext, s: Session, name: string, mapping: ImportMapping): Promise<void> {
  const writer = new TableWriter(ctx, ctx.registry.table('importmapping'), s);
  const found = await kysely(ctx.orm.em.fork()).selectFrom('importmapping').select('id').where('workspace_id', '=', s.workspaceId).where('name', '=', name.trim()).executeTakeFirst();
  if (found) await writer.update(String(found.id), { name: name.trim(), mapping });
  else await writer.create({ name: name.trim(), mapping });
}
