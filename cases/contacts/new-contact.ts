/**
 * `POST /api/cases/contact/new {caseId, patientId?, doc: {patient, contact}}`: a contact
 * added to an index case — its person found with the patient search (`patientId`: only linked, their
 * record not rewritten, wherever they were registered) or a new patient record (`doc.patient`, made
 * as the notification makes its patient, under this form's own permission) — saved with the composed form `contact_new`
 * (schemas/forms/contact_new.json) in one transaction: the person, then the contact, each with its
 * validation, hooks (`hooks.ts`: the unit, the index case's resistance type, the age), view check
 * and history entry. Answers `{success, result: <contact id>, ids}`; errors name `contact.<field>` or
 * `patient.<field>`. Needs CASECONTACT_EDT and the index case in the user's view.
 *
 * @example POST /api/cases/contact/new {caseId, doc: {patient: {name: 'Айжан', lastName: 'Садыкова', gender: 'FEMALE', birthDate: '2022-05-01'}, contact: {registrationDate: '2026-11-20', contactType: 'household', relation: 'CHILD'}}}
 */
import { t } from '../../engine/i18n.ts';
import type { EntitySchemaFile, JsonSchema } from '../../engine/types.ts';
import { dropHidden } from '../../engine/visibility.ts';
import { kysely } from '../../server/db/kysely.ts';
import { ApiError, fail } from '../../server/http/errors.ts';
import { saveParts } from '../../server/tbl/form-save.ts';
import { bundledForm, formPlan } from '../../server/tbl/forms.ts';
import type { ContactNew } from '../../engine/generated/index.ts';
import type { AppContext, Session } from '../../server/types.ts';
import { sql } from 'kysely';

/** The form a new contact is saved with. */
export const NEW_CONTACT_FORM = 'contact_new';

/** The route's body (checked by the host): the index case, the person chosen if any, and the form's document (checked here, as the form). */
export const newContactBody: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  required: ['caseId', 'doc'],
  properties: {
    caseId: { type: 'string', format: 'uuid', title: 'contact.indexCase' },
    patientId: { type: 'string', format: 'uuid', title: 'contact.person' },
    doc: { type: 'object' },
  },
};

/** The person's fields the form shows, as stored (a chosen person is only linked: these fill the form's part). */
async function storedPerson(ctx: AppContext, workspaceId: string, patientId: string, picked: string[]): Promise<Partial<ContactNew['patient']> | undefined> {
  const p = await kysely(ctx.orm.em.fork())
    .selectFrom('patient')
    .select(['name', 'middle_name as middleName', 'last_name as lastName', 'gender', sql<string | null>`birth_date::text`.as('birthDate'), 'phone'])
    .where('id', '=', patientId)
    .where('workspace_id', '=', workspaceId)
    .executeTakeFirst();
  if (!p) return undefined;
  return Object.fromEntries(Object.entries(p).filter(([k, v]) => picked.includes(k) && v != null));
}

/** {@link newContactBody} as checked. */
export interface NewContactBody {
  caseId: string;
  patientId?: string;
  doc: UncheckedForm;
}

/** The form's document as the body brings it, before the form's check: any field may be missing. */
type UncheckedForm = { [P in keyof ContactNew]?: Partial<ContactNew[P]> };

/**
 * Saves the new contact (the route checked CASECONTACT_EDT and the body); the answer of the route.
 * @example await newContact(ctx, s, { caseId, doc: { patient: {…}, contact: {…} } }) // { success: true, result: '<contact id>', ids: {patient, contact} }
 */
export async function newContact(ctx: AppContext, s: Session, input: NewContactBody) {
  const form = ctx.registry.schemas.get(NEW_CONTACT_FORM) as EntitySchemaFile;
  const doc: UncheckedForm = structuredClone(input.doc);
  const patientId = (input.patientId as string | undefined)?.toLowerCase();
  if (patientId) {
    const picked = (form.properties?.patient as { 'x-pick'?: string[] })['x-pick'] ?? [];
    const person = await storedPerson(ctx, s.workspaceId, patientId, picked);
    if (!person) throw fail(404, t(s.lang, 'msg.notFound'), 'patientId');
    doc.patient = person;
  }
  const bundled = bundledForm(ctx.registry, form).schema;
  dropHidden(bundled, doc);
  const invalid = ctx.validators.validate(`form:${form.$id}`, bundled, doc, s.lang);
  if (invalid.length) throw new ApiError(400, invalid);
  const plan = formPlan(ctx.registry, form);
  const ids = await saveParts(ctx, plan, s, doc, {
    versions: {},
    values: { contact: { caseId: String(input.caseId).toLowerCase() } },
    ...(patientId ? { existing: { patient: patientId }, linkOnly: ['patient'] } : {}),
  });
  return { success: true as const, result: ids.contact, ids };
}
