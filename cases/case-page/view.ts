import { t } from '../../engine/i18n.ts';
import type { Patient, Tbcase, Unit } from '../../engine/generated/index.ts';
import type { AppContext, Session, Row } from '../../server/types.ts';
import { fail } from '../../server/http/errors.ts';
import { kysely } from '../../server/db/kysely.ts';
import type { Em } from '../../server/db/orm.ts';
import { TableStore } from '../../server/tbl/store.ts';
import { composePatientName } from '../../server/sys/patient-name.ts';
import { validationModeOf } from '../workflow/validation-mode.ts';

/** A tag on the case: MANUAL (set in the tag dialog) or AUTO (its condition holds). */
export interface CaseTag {
  id: string;
  name: string;
  type: 'MANUAL' | 'AUTO';
}

/** How many of the patient's cases the view lists (a patient has a handful; a cap keeps it cheap). */
const ALL_CASES_CAP = 50;

/** A unit as the case page names it: `{id, name, adminUnit: {id, name}}`. */
/** A unit as the case page names it. */
export interface UnitRef {
  id: string;
  name: string;
  adminUnit?: { id: string; name: string | undefined };
}

async function unitOf(em: Em, ctx: AppContext, s: Session, id: unknown): Promise<UnitRef | undefined> {
  if (typeof id !== 'string') return undefined;
  const unit = await TableStore.of(ctx.registry, ctx.registry.table('unit'), em, s, 'read').read<Unit>(id);
  if (!unit) return undefined;
  const adminUnitId = unit.address?.adminUnitId;
  const names = await TableStore.names(em, 'adminunit', adminUnitId ? [adminUnitId] : []);
  return { id, name: unit.name, adminUnit: adminUnitId ? { id: adminUnitId, name: names.get(adminUnitId) } : undefined };
}

/** The case's tags, manual first, then by name. */
async function tagsOf(em: Em, s: Session, caseId: string): Promise<CaseTag[]> {
  const rows = await kysely(em)
    .selectFrom('casetag as ct')
    .innerJoin('tag as g', 'g.id', 'ct.tag_id')
    .select(['g.id', 'g.name', 'g.auto_generated'])
    .where('ct.case_id', '=', caseId)
    .where('g.workspace_id', '=', s.workspaceId)
    .orderBy('g.auto_generated')
    .orderBy('g.name')
    .execute();
  return rows.map((r) => ({ id: r.id as string, name: r.name as string, type: r.auto_generated ? 'AUTO' : 'MANUAL' }));
}

/** The patient's cases within the session's view (this one included), newest registration first. */
/** One of the patient's cases as the case page lists them. */
type CaseSummary = Pick<Row<Tbcase>, 'id' | 'caseNumber' | 'classification' | 'diagnosisType' | 'registrationDate' | 'state' | 'validated'>;

async function allCasesOf(em: Em, ctx: AppContext, s: Session, patientId: unknown): Promise<CaseSummary[]> {
  if (typeof patientId !== 'string') return [];
  const store = TableStore.of(ctx.registry, ctx.registry.table('tbcase'), em, s, 'read');
  const { list } = await store.query({ pageSize: ALL_CASES_CAP, count: false, filters: { patientId } });
  return (list as Row<Tbcase>[]).map((c) => ({
    id: c.id, caseNumber: c.caseNumber, classification: c.classification, diagnosisType: c.diagnosisType,
    registrationDate: c.registrationDate, state: c.state, validated: c.validated,
  }));
}

/**
 * The case as its page shows it (`GET /api/tbl/case/{id}`): the `tbcase` row (as the
 * generic API reads it, after the table's `afterRead` hooks) plus `patient {id, name, middleName,
 * lastName, gender, birthDate, fullName}` (fullName composed as the workspace says), `ownerUnit`/`notificationUnit`/`transferFromUnit` as `{id, name,
 * adminUnit: {id, name}}`, `tags [{id, name, type}]`, `allCases` (the patient's cases in the view) and
 * `validation`, the workspace's validation setting for the case's classification (cases/workflow/rules.ts),
 * and `readOnly`: the user sees the case but may not change it (their unit transferred it out).
 * 404 on `id` when the case is outside the session's workspace or view.
 *
 * @example await caseView(ctx, session, id) // {id, state: 'ONTREATMENT', patient: {name: 'Иван', …}, ownerUnit: {…}, tags: [], allCases: [...]}
 */
export async function caseView(ctx: AppContext, s: Session, id: string) {
  const em = ctx.orm.em.fork();
  const def = ctx.registry.table('tbcase');
  const doc = await TableStore.of(ctx.registry, def, em, s, 'read').read<Tbcase>(id);
  if (!doc) throw fail(404, t(s.lang, 'msg.notFound'), 'id');
  for (const h of ctx.modules.hooks(def.name)) await h.afterRead?.({ em, ctx, session: s, def, docs: [doc] });
  // a patient is read within the view too: it holds the patient through one of their cases
  const patientDoc = typeof doc.patientId === 'string' ? await TableStore.of(ctx.registry, ctx.registry.table('patient'), em, s, 'read').read<Patient>(doc.patientId) : undefined;
  const [ownerUnit, notificationUnit, transferFromUnit, tags, allCases, writable] = await Promise.all([
    unitOf(em, ctx, s, doc.ownerUnitId),
    unitOf(em, ctx, s, doc.notificationUnitId),
    unitOf(em, ctx, s, doc.transferFromUnitId),
    tagsOf(em, s, id),
    allCasesOf(em, ctx, s, doc.patientId),
    TableStore.of(ctx.registry, def, em, s, 'write').exists(id),
  ]);
  const patient = patientDoc && {
    id: patientDoc.id, name: patientDoc.name, middleName: patientDoc.middleName, lastName: patientDoc.lastName,
    gender: patientDoc.gender, birthDate: patientDoc.birthDate,
    fullName: composePatientName(patientDoc, s.patientNameComposition),
  };
  const validation = await validationModeOf(em, s.workspaceId, doc.classification);
  // seen but not the user's to change: the unit a transferring case leaves (x-table.scope.alsoUnit)
  return { ...doc, patient, ownerUnit, notificationUnit, transferFromUnit, tags, allCases, validation, readOnly: !writable };
}
