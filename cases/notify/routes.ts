import { t } from '../../engine/i18n.ts';
import type { JsonSchema } from '../../engine/types.ts';
import { dropHidden } from '../../engine/visibility.ts';
import { kysely } from '../../server/db/kysely.ts';
import type { Em } from '../../server/db/orm.ts';
import { jsonBody } from '../../server/http/body.ts';
import type { AppContext, Session, Doc } from '../../server/types.ts';
import { ApiError, fail, isUuid } from '../../server/http/errors.ts';
import { assertPermission, hasPermission } from '../../server/http/middleware.ts';
import { scopeCondition } from '../../server/scope/rows.ts';
import { readerView, unitsInView } from '../../server/scope/view.ts';
import { saveParts } from '../../server/tbl/form-save.ts';
import { bundledForm, formPlan, remoteForm, type FormMeta } from '../../server/tbl/forms.ts';
import { searchPatients } from './patient-search.ts';
import { notificationForm } from './variants.ts';
import { defineRoute, rule, type DeclaredRoute } from '../../server/http/define-route.ts';
import { lookedUp } from '../../server/db/lookup-cache.ts';

/** Who may notify (and so search patients): a suspect needs NEWSUSP, a confirmed case NEWCASE. */
export const NOTIFY_PERMISSIONS = ['NEWSUSP', 'NEWCASE'];
/** Who may search patients: who notifies, and who adds contacts (a contact is a person). */
const SEARCH_PERMISSIONS = [...NOTIFY_PERMISSIONS, 'CASECONTACT_EDT'];

const name = { type: 'string', maxLength: 100 };
/** The patient search's body (the name parts, the birth date, the page). */
const searchBody: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  properties: {
    name: { ...name, title: 'patient.name' },
    middleName: { ...name, title: 'patient.middleName' },
    lastName: { ...name, title: 'patient.lastName' },
    birthDate: { type: 'string', format: 'date', title: 'patient.birthDate' },
    page: { type: 'integer', minimum: 1, maximum: 50 },
  },
};
/** The variant's keys: what `POST /api/cases/case/newnotif/form` and the save name it by. */
const variantBody: JsonSchema = {
  type: 'object',
  required: ['diagnosisType', 'caseClassification'],
  properties: {
    diagnosisType: { type: 'string', enum: ['SUSPECT', 'CONFIRMED'], title: 'tbcase.diagnosisType' },
    caseClassification: { type: 'string', enum: ['TB', 'DRTB', 'NTM'], title: 'tbcase.classification' },
  },
};

/**
 * New-case notification and the patient search:
 * - `POST /api/tbl/patient/search {name?, middleName?, lastName?, birthDate?, page?}` → `{list, count,
 *   countCapped, page, pageSize: 20}` (cases/notify/patient-search.ts), over the whole workspace:
 *   it is the guard against registering a patient twice, so it sees past the user's unit; for who
 *   notifies and who adds a contact (CASECONTACT_EDT: the contact's person);
 * - `POST /api/cases/case/newnotif/form {diagnosisType, caseClassification}` → the remote form of the
 *   variant (`{doc, schema, resources}`), into whose `doc` the client merges the chosen patient;
 * - `POST /api/cases/case/newnotif {doc, unitId, patientId?, diagnosisType, caseClassification}` →
 *   `{success, result: <new case id>}`: the patient (created, or the chosen one — updated only when
 *   the user's write view already holds one of their cases, else linked as stored) and the
 *   case (owned and notified by `unitId`) saved by the composed-form writer in one transaction, each
 *   with its history entry; the variant's permission (NEWSUSP / NEWCASE), a unit in the user's view
 *   and the user's write view for the new case are required.
 */
export function notifyRoutes(ctx: AppContext): DeclaredRoute[] {
  return [
  defineRoute({ method: 'POST', path: '/api/tbl/patient/search', rule: rule.perm(...SEARCH_PERMISSIONS), summary: 'Patients matching a name or birth date (the duplicate guard of a new notification)', body: searchBody, example: { lastName: 'Иванов', birthDate: '1980-05-17' }, handler: async (c, { body }) => {
    // the same guard against a person recorded twice serves adding a contact: the rule's SEARCH_PERMISSIONS
    const s = c.get('session');
    // any one name part (a surname alone), or the birth date alone, is enough
    if (![body.name, body.middleName, body.lastName].some((x) => typeof x === 'string' && x.trim()) && !body.birthDate) {
      throw fail(400, t(s.lang, 'msg.patientSearchEmpty'), 'lastName');
    }
    return c.json(await searchPatients(kysely(ctx.orm.em.fork()), s.workspaceId, body));
  } }),

  defineRoute({ method: 'POST', path: '/api/cases/case/newnotif/form', rule: rule.perm(...NOTIFY_PERMISSIONS), summary: "The new notification's form for a variant (suspect or confirmed; TB, DR-TB, NTM)", body: variantBody, bodyCheckedBy: 'runner', handler: async (c) => {
    const s = mayNotify(c.get('session'));
    const form = variantOf(ctx, s, await jsonBody(c));
    return c.json(await remoteForm(form, ctx, c, {}));
  } }),

  defineRoute({ method: 'POST', path: '/api/cases/case/newnotif', rule: rule.perm(...NOTIFY_PERMISSIONS), summary: 'Saves a new notification: the patient (new or found) and the case', handler: async (c) => {
    const s = mayNotify(c.get('session'));
    const body = await jsonBody(c);
    const { ids, main } = await notifyCase(ctx, s, body);
    return c.json({ success: true, result: ids[main], ids });
  } }),
  ];
}

/** What a notification gives: the form's document, the unit, the chosen patient, the variant's keys. */
export interface NotifyInput {
  doc?: unknown;
  unitId?: unknown;
  patientId?: unknown;
  diagnosisType?: unknown;
  caseClassification?: unknown;
}

/**
 * Notifies a case as `POST /api/cases/case/newnotif` does — the variant's permission, the unit in the
 * user's view, the form's rules, the patient (new, or the chosen one: changed only by a user whose
 * write view holds one of their cases, and never with `keepPatient`) and the case saved by the
 * composed-form writer — inside `within` when given (an import's row, in its savepoint), else in a
 * transaction of its own. Answers the parts' ids and the main part's name.
 * @example const { ids } = await notifyCase(ctx, s, { doc: { patient, tbcase }, unitId, diagnosisType: 'CONFIRMED', caseClassification: 'TB' }, { within: em })
 */
export async function notifyCase(ctx: AppContext, s: Session, body: NotifyInput, opts: { within?: Em; keepPatient?: boolean; undoneByCaller?: boolean; derived?: Doc } = {}): Promise<{ ids: Record<string, string>; main: string }> {
  mayNotify(s);
  const doc: Doc = body.doc && typeof body.doc === 'object' && !Array.isArray(body.doc) ? structuredClone(body.doc as Doc) : {};
  const form = variantOf(ctx, s, { diagnosisType: body.diagnosisType ?? doc.diagnosisType, caseClassification: body.caseClassification ?? doc.caseClassification });
  delete doc.diagnosisType;
  delete doc.caseClassification;
  const { unitId, patientId } = body;
  if (!isUuid(unitId)) throw fail(400, t(s.lang, 'msg.badId'), 'unitId');
  if (patientId !== undefined && patientId !== null && !isUuid(patientId)) throw fail(400, t(s.lang, 'msg.badId'), 'patientId');
  const em = opts.within ?? ctx.orm.em.fork();
  if (!(await unitInView(em, s, unitId.toLowerCase()))) throw fail(404, t(s.lang, 'msg.notFound'), 'unitId');
  const mayChangePatient = patientId ? (await patientToLink(em, ctx, s, patientId.toLowerCase())) && !opts.keepPatient : true;
  // the form's own rules first: its picked fields only, its required ones, its conditions
  const bundled = bundledForm(ctx.registry, form).schema;
  dropHidden(bundled, doc);
  const errors = ctx.validators.validate(`form:${form.$id}`, bundled, doc, s.lang);
  if (errors.length) throw new ApiError(400, errors);
  const meta = (form['x-form'] ?? {}) as FormMeta;
  const unit = unitId.toLowerCase();
  const values = { ...(meta.values ?? {}), tbcase: { ...meta.values?.tbcase, ownerUnitId: unit, notificationUnitId: unit } } as Record<string, Doc>;
  const plan = formPlan(ctx.registry, form);
  const ids = await saveParts(ctx, plan, s, doc, {
    versions: {}, values, existing: patientId ? { patient: patientId.toLowerCase() } : undefined, linkOnly: mayChangePatient ? undefined : ['patient'], within: opts.within, undoneByCaller: opts.undoneByCaller,
    derived: opts.derived ? { [plan.main ?? 'tbcase']: opts.derived } : undefined,
  });
  return { ids, main: plan.main ?? 'tbcase' };
}

/** The session, when it may notify some case (403 otherwise). */
function mayNotify(s: Session): Session {
  if (!NOTIFY_PERMISSIONS.some((p) => hasPermission(s, p))) throw fail(403, t(s.lang, 'msg.forbidden'));
  return s;
}

/** The notification variant a body names (400 when it names none), after its permission (403). */
function variantOf(ctx: AppContext, s: Session, body: Record<string, unknown>) {
  const errors = ctx.validators.validate('notify:variant', variantBody, body, s.lang);
  if (errors.length) throw new ApiError(400, errors);
  const form = notificationForm(ctx.registry, String(body.diagnosisType), String(body.caseClassification));
  if (!form) throw fail(400, t(s.lang, 'msg.notFound'), 'caseClassification');
  assertPermission(s, (form['x-form'] as FormMeta | undefined)?.permission);
  return form;
}

/**
 * The chosen patient (found by the patient search, which spans the workspace): 404 when not one of
 * the workspace's; whether the user may change their data — only when the user's write view already
 * holds one of their cases. Otherwise the new case is linked to the patient as stored: a doctor of
 * another unit cannot rewrite a patient's name or birth date by notifying a case for them.
 */
async function patientToLink(em: Em, ctx: AppContext, s: Session, patientId: string): Promise<boolean> {
  const db = kysely(em);
  const q = db.selectFrom('patient as p').select('p.id').where('p.id', '=', patientId).where('p.workspace_id', '=', s.workspaceId);
  if (!(await q.executeTakeFirst())) throw fail(404, t(s.lang, 'msg.notFound'), 'patientId');
  const inView = scopeCondition(db, ctx.registry, ctx.registry.table('patient'), s, 'p', 'write');
  return !inView || !!(await q.where(inView).executeTakeFirst());
}

/** Whether the unit is one of the workspace's and inside the user's view. */
async function unitInView(em: Em, s: Session, unitId: string): Promise<boolean> {
  const db = kysely(em);
  let q = db.selectFrom('unit').select('id').where('id', '=', unitId).where('workspace_id', '=', s.workspaceId);
  const v = readerView(s);
  if (v.kind === 'none') return false;
  if (v.kind !== 'workspace') q = q.where('id', 'in', unitsInView(db, s.workspaceId, v));
  // an import's chunk asks it once for its rows' unit (server/db/lookup-cache.ts)
  return lookedUp(em, 'unit', ['inView', unitId, s.workspaceId, s.userId, s.unitId], async () => !!(await q.executeTakeFirst()));
}
