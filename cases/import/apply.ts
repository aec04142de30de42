/**
 * A register's row written through the one writer — or, in a dry run, written and rolled back — in a
 * savepoint of its chunk's transaction, so a refused row leaves nothing and the rows around it stand:
 * the notification as the form saves it (`notifyCase`: the variant's permission, the unit in the
 * user's view, the form's rules, the writer's validation, hooks, date bounds, history), the exams
 * through the table writer, then the workflow by its declared actions — validated, treatment started
 * (the regimen's prescriptions), closed with its outcome — so the WHO state rules hold as they do on
 * screen. Every history entry says where it came from ('Импорт из файла «…», строка N'). The
 * writer's refusals come back as the row's errors, each on the field and the column it came from.
 */
import { t } from '../../engine/i18n.ts';
import { writePermission } from '../../engine/write-permission.ts';
import { kysely } from '../../server/db/kysely.ts';
import type { Em } from '../../server/db/orm.ts';
import { runAction } from '../../server/actions/run.ts';
import { ApiError } from '../../server/http/errors.ts';
import { assertPermission } from '../../server/http/middleware.ts';
import { TableWriter } from '../../server/tbl/write.ts';
import type { AppContext, Doc, Session } from '../../server/types.ts';
import { notifyCase } from '../notify/routes.ts';
import type { ChunkLookups } from './chunk-lookups.ts';
import { existingCase, type EarlierRows, type NewPatient } from './duplicates.ts';
import { madeRows, recordMade, recordMadeLater, rowDigest } from './ledger.ts';
import { RedoCarefully, RowRefused, type RowMessage } from './messages.ts';
import type { CasePlan, ExamPlan } from './plan.ts';
import { dateText } from '../../engine/date-text.ts';
import { derivedOfNew } from '../followups/derived.ts';

const textOrNull = (x: unknown) => (typeof x === 'string' && x ? x : null);

/** Where a row comes from, for its history entries and the ledger. */
export interface RowSource {
  jobId: string;
  fileName: string;
  sheet: string;
  rowNumber: number;
}

export interface Applied {
  status: 'OK' | 'ERROR' | 'SKIPPED';
  messages: RowMessage[];
  caseId?: string;
  /** The new patient a case row registered (none when its patient was found): a dry run keeps it for the file's later rows. */
  newPatient?: NewPatient;
  /** The digest of the row it made (ledger.ts): a dry run keeps it for the file's later rows. */
  madeDigest?: string;
}

/** A refused write's errors as the row's messages: each field named as the import names it (`rename`), with its column. */
export function messagesOf(e: unknown, rename: (field: string | null) => string | null, columns: Map<string, string>): RowMessage[] | undefined {
  if (!(e instanceof ApiError)) return undefined;
  return e.errors.map((x) => {
    const field = rename(x.field);
    return { field, column: field ? columns.get(field) ?? null : null, msg: x.msg, level: 'error' as const };
  });
}

/** The session a row is written as: the uploader, its history entries naming the file and row. */
export function rowSession(s: Session, src: RowSource): Session {
  const where = src.sheet ? t(s.lang, 'importjob.history.originSheet', { file: src.fileName, sheet: src.sheet, row: src.rowNumber }) : t(s.lang, 'importjob.history.origin', { file: src.fileName, row: src.rowNumber });
  return { ...s, origin: where };
}

/**
 * Runs a row's writes: `careful`, in a savepoint of `em` (a refusal undoes the row alone); otherwise
 * straight in the chunk's transaction, saving the savepoint's two statements a row — a refusal then
 * throws {@link RedoCarefully}, and the chunk is written again carefully (steps.ts `chunk`).
 * @example const id = await rowWrites(em, careful, async (sp) => writeExam(ctx, s, sp, caseId, exam, columns))
 */
export async function rowWrites<T>(em: Em, careful: boolean, work: (em: Em) => Promise<T>): Promise<T> {
  if (careful) return em.transactional(work);
  try {
    return await work(em);
  } catch (e) {
    if (e instanceof RowRefused) throw new RedoCarefully();
    throw e;
  }
}

/** A workflow action's input fields as the import names them. */
const ACTION_FIELDS: Record<string, Record<string, string>> = {
  validate: {},
  starttreatment: { iniDate: 'tbcase.iniTreatmentDate', regimenId: 'treatment.regimenId', unitId: 'tbcase.ownerUnitId', prescriptions: 'treatment.regimenId' },
  close: { outcome: 'tbcase.outcome', outcomeDate: 'tbcase.outcomeDate', otherOutcome: 'tbcase.otherOutcome' },
};
const ACTION_DEFAULT: Record<string, string> = { validate: 'tbcase.validated', starttreatment: 'tbcase.iniTreatmentDate', close: 'tbcase.outcome' };

/** Runs a declared action on the new case in the row's savepoint; its refusal named on the row's fields. */
async function act(ctx: AppContext, s: Session, em: Em, caseId: string, name: string, input: Doc, columns: Map<string, string>): Promise<void> {
  try {
    await runAction(ctx, s, 'tbcase', caseId, name, input, em);
  } catch (e) {
    const m = messagesOf(e, (f) => (f && ACTION_FIELDS[name][f]) ?? ACTION_DEFAULT[name], columns);
    if (m) throw new RowRefused(m);
    throw e;
  }
}

/**
 * Writes an exam of the case through the table writer, with its table's write permission. `newCase`:
 * the case is the one this row's savepoint just registered, as this user — the writer need not look it up
 * again (as a composed form's case is not, for its new patient).
 */
export async function writeExam(ctx: AppContext, s: Session, em: Em, caseId: string, exam: { table: string; doc: Doc }, columns: Map<string, string>, newCase = false): Promise<string> {
  const def = ctx.registry.table(exam.table);
  try {
    assertPermission(s, writePermission(def.meta, 'create'));
    return await new TableWriter(ctx, def, s).create({ ...exam.doc, [def.meta.parent!]: caseId }, undefined, em, { linked: newCase ? [def.meta.parent!] : [] });
  } catch (e) {
    const m = messagesOf(e, (f) => (f ? `${exam.table}.${f}` : null), columns);
    if (m) throw new RowRefused(m);
    throw e;
  }
}

/** The notification's errors as the import names them: the form's parts are its fields' tables already. */
const notifyField = (f: string | null) => (f === 'unitId' ? 'tbcase.ownerUnitId' : f === 'patientId' || f === 'caseClassification' ? null : f);

/**
 * Writes a case row's plan — in a savepoint of `em` when `chunk.careful` ({@link rowWrites}) — with the exams of its other sheets' rows
 * (`linked`, each with its own source and columns), unless the ledger or the duplicate search finds
 * the case already registered (SKIPPED, naming it) — both asked of the chunk's look-ups (`chunk.look`,
 * this row being its `i`-th; `chunk-lookups.ts`), told what the row wrote. `keep`: in a dry run nothing is written, whatever
 * the answer — the caller rolls its transaction back.
 */
export async function applyCase(
  ctx: AppContext, session: Session, em: Em,
  row: { plan: CasePlan; warnings: RowMessage[]; columns: Map<string, string>; src: RowSource },
  linked: { plan: ExamPlan; columns: Map<string, string>; src: RowSource; id: string }[],
  chunk: { look: ChunkLookups; i: number; careful: boolean },
): Promise<{ row: Applied; linked: Map<string, Applied> }> {
  const db = kysely(em);
  const { plan, columns, src } = row;
  const lang = session.lang;
  const messages = [...row.warnings];
  const out = new Map<string, Applied>();
  const digest = rowDigest('case', plan);
  const made = chunk.look.madeRow(digest);
  const match = await chunk.look.patient(chunk.i, plan.patient);
  const already = made
    ? { id: made.rowId, why: t(lang, 'importjob.msg.alreadyImported', { file: made.fileName ?? '', row: made.rowNumber ?? '' }) }
    : await (async () => {
        const c = await existingCase(db, session.workspaceId, { caseNumber: plan.tbcase.caseNumber, patientId: match.exact, registrationDate: plan.tbcase.registrationDate, classification: plan.classification });
        if (!c) return undefined;
        // a case number held by another patient's case is no duplicate of this row: the writer refuses it
        if (plan.tbcase.caseNumber && c.caseNumber === plan.tbcase.caseNumber && c.patientId !== match.exact) {
          messages.push({ field: 'tbcase.caseNumber', column: columns.get('tbcase.caseNumber') ?? null, value: plan.tbcase.caseNumber, msg: t(lang, 'importjob.msg.numberTaken', { number: plan.tbcase.caseNumber }), level: 'error' });
          return undefined;
        }
        return { id: c.id, why: t(lang, 'importjob.msg.alreadyRegistered', { number: c.caseNumber ?? '' }) };
      })();
  if (messages.some((m) => m.level === 'error')) {
    for (const l of linked) out.set(l.id, { status: 'ERROR', messages: [{ field: null, msg: t(lang, 'importjob.msg.caseRowFailed', { row: src.rowNumber }), level: 'error' }] });
    return { row: { status: 'ERROR', messages }, linked: out };
  }
  if (already) {
    // the case is there: only the exams of other sheets not made before are added to it
    for (const l of linked) out.set(l.id, await applyExam(ctx, session, em, { ...l, caseId: already.id }, chunk.careful));
    return { row: { status: 'SKIPPED', caseId: already.id, messages: [...messages, { field: null, msg: already.why, level: 'info' }] }, linked: out };
  }
  for (const s of match.similar) {
    const who = [s.lastName, s.name].filter(Boolean).join(' ') + (s.birthDate ? `, ${dateText(s.birthDate, lang)}` : '');
    messages.push({ field: 'patient.lastName', column: columns.get('patient.lastName') ?? columns.get('patient.name') ?? null, msg: t(lang, 'importjob.msg.similarPatient', { who }), level: 'warning' });
  }
  // an earlier row's patient (a dry run: that row's patient rolled back) is the row's as a stored one is in the run;
  // the dry run's chunk writes the row's patient anew, so that the case is checked all the same
  const found = match.exact ?? match.earlierRow;
  if (found) messages.push({ field: null, msg: t(lang, 'importjob.msg.patientLinked'), level: 'info' });
  const s = rowSession(session, src);
  try {
    const caseId = await rowWrites(em, chunk.careful, async (sp) => {
      let ids: Record<string, string>;
      try {
        // the case's columns its exams derive, from the exams in hand: written with it, not updated after each exam
        const derived = await derivedOfNew({ em: sp, ctx, session: s }, 'tbcase', [...plan.exams, ...linked.map((l) => l.plan)]);
        ({ ids } = await notifyCase(ctx, s, { doc: { patient: plan.patient, tbcase: plan.tbcase }, unitId: plan.unitId, patientId: match.exact, diagnosisType: plan.diagnosisType, caseClassification: plan.classification }, { within: sp, keepPatient: true, undoneByCaller: true, derived }));
      } catch (e) {
        const m = messagesOf(e, notifyField, columns);
        if (m) throw new RowRefused(m);
        throw e;
      }
      const caseId = ids.tbcase;
      for (const exam of plan.exams) await writeExam(ctx, s, sp, caseId, exam, columns, true);
      const refused: RowMessage[] = [];
      for (const l of linked) {
        try {
          const examId = await writeExam(ctx, rowSession(session, l.src), sp, caseId, l.plan, l.columns, true);
          await recordMade(kysely(sp), session.workspaceId, { digest: rowDigest(`exam:${l.plan.table}`, { caseId, ...l.plan.doc }), tableName: l.plan.table, rowId: examId, jobId: src.jobId, fileName: src.fileName, rowNumber: l.src.rowNumber });
          out.set(l.id, { status: 'OK', caseId, messages: [] });
        } catch (e) {
          if (!(e instanceof RowRefused)) throw e;
          out.set(l.id, { status: 'ERROR', messages: e.messages });
          refused.push({ field: null, msg: t(lang, 'importjob.msg.linkedRowFailed', { sheet: l.src.sheet, row: l.src.rowNumber }), level: 'error' });
        }
      }
      if (refused.length) throw new RowRefused(refused);
      if (plan.validated) await act(ctx, s, sp, caseId, 'validate', {}, columns);
      if (plan.treatment) await act(ctx, s, sp, caseId, 'starttreatment', { unitId: plan.unitId, ...plan.treatment }, columns);
      if (plan.close) await act(ctx, s, sp, caseId, 'close', plan.close, columns);
      await recordMadeLater(sp, session.workspaceId, { digest, tableName: 'tbcase', rowId: caseId, jobId: src.jobId, fileName: src.fileName, rowNumber: src.rowNumber });
      return caseId;
    });
    // the chunk's later rows see this one: its digest made, its new patient one they may match
    chunk.look.wrote(digest, { tableName: 'tbcase', rowId: caseId, fileName: src.fileName, rowNumber: src.rowNumber, createdAt: new Date().toISOString() }, found ? undefined : { birthDate: plan.patient.birthDate, key: match.key });
    const newPatient = found || match.key === null ? undefined : { key: match.key, birthDate: textOrNull(plan.patient.birthDate), lastName: textOrNull(plan.patient.lastName), name: textOrNull(plan.patient.name) };
    return { row: { status: 'OK', caseId, messages, newPatient, madeDigest: digest }, linked: out };
  } catch (e) {
    if (!(e instanceof RowRefused)) throw e;
    for (const l of linked) if (!out.has(l.id) || out.get(l.id)!.status === 'OK') out.set(l.id, { status: 'ERROR', messages: [{ field: null, msg: t(lang, 'importjob.msg.caseRowFailed', { row: src.rowNumber }), level: 'error' }] });
    return { row: { status: 'ERROR', messages: [...messages.filter((m) => m.level !== 'info'), ...e.messages] }, linked: out };
  }
}

/**
 * Writes an exam row for its case (already registered, or made by this import) — in a savepoint of
 * `em` when `careful` ({@link rowWrites}) — unless the ledger holds it (or, `earlier`: a dry run's earlier row makes it).
 */
export async function applyExam(ctx: AppContext, session: Session, em: Em, x: { plan: ExamPlan; columns: Map<string, string>; src: RowSource; caseId: string }, careful: boolean, earlier?: EarlierRows): Promise<Applied> {
  const digest = rowDigest(`exam:${x.plan.table}`, { caseId: x.caseId, ...x.plan.doc });
  const made = (await madeRows(kysely(em), session.workspaceId, [digest], earlier)).get(digest);
  if (made) return { status: 'SKIPPED', caseId: x.caseId, messages: [{ field: null, msg: t(session.lang, 'importjob.msg.alreadyImported', { file: made.fileName ?? '', row: made.rowNumber ?? '' }), level: 'info' }] };
  try {
    await rowWrites(em, careful, async (sp) => {
      const examId = await writeExam(ctx, rowSession(session, x.src), sp, x.caseId, x.plan, x.columns);
      await recordMade(kysely(sp), session.workspaceId, { digest, tableName: x.plan.table, rowId: examId, jobId: x.src.jobId, fileName: x.src.fileName, rowNumber: x.src.rowNumber });
    });
    return { status: 'OK', caseId: x.caseId, messages: [], madeDigest: digest };
  } catch (e) {
    if (!(e instanceof RowRefused)) throw e;
    return { status: 'ERROR', messages: e.messages };
  }
}
