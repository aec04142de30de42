/**
 * The contact table's rules, kept by the table writer on every write — the new-contact form, the
 * contact's own form, the generic API and an offline client's upload alike:
 * - a contact is added by who may change its index case (one only seen — a transferring case, from
 *   the unit it leaves — is read-only: 403); it stays linked to its index case and its person, and
 *   the index case's patient is not their own contact (one row per index case and person: the
 *   table's unique key);
 * - a new contact is followed by the index case's owner unit unless it names another, and takes the
 *   index case's resistance type unless the doctor names one (`person.ts`);
 * - its age at registration comes from the person's birth date; typed only when that is unknown,
 *   and then required;
 * - a change of the contact's unit takes its TPT course along (the course is listed by unit).
 * And on the case table: a case notified for a person who is a presumptive-TB contact keeps the link
 * (`resultCaseId`), whatever notified it.
 */
import { sql } from 'kysely';
import { t } from '../../engine/i18n.ts';
import type { Contact } from '../../engine/generated/index.ts';
import { madeUnnamed } from '../../server/db/batch-rows.ts';
import { kysely } from '../../server/db/kysely.ts';
import { ApiError, fail } from '../../server/http/errors.ts';
import type { HooksOn, ModuleHooks } from '../../server/types.ts';
import { TableStore } from '../../server/tbl/store.ts';
import { systemUpdate } from '../../server/tbl/system-write.ts';
import { ageAt, indexResistanceOf } from './person.ts';

const contact: HooksOn<'contact'> = {
  async beforeSave(x) {
    const doc = x.doc as Contact;
    const s = x.session;
    if (x.prev && (x.prev.caseId !== doc.caseId || x.prev.patientId !== doc.patientId)) {
      throw fail(400, t(s.lang, 'contact.sameLink'), x.prev.caseId !== doc.caseId ? 'caseId' : 'patientId');
    }
    // a contact is added by who may change the index case: a case only seen (a transferring case, from
    // the unit it leaves) is read-only there; one not seen at all is refused by the reference check
    if (x.isNew && !(await TableStore.of(x.ctx.registry, x.ctx.registry.table('tbcase'), x.em, s, 'write').exists(doc.caseId))) {
      if (await TableStore.of(x.ctx.registry, x.ctx.registry.table('tbcase'), x.em, s, 'read').exists(doc.caseId)) throw fail(403, t(s.lang, 'msg.readOnlyForYou'), 'caseId');
    }
    const db = kysely(x.em);
    // read by the ids given; the reference check that follows refuses any outside the user's view
    const index = await db.selectFrom('tbcase').select(['owner_unit_id', 'patient_id', 'classification', 'drug_resistance_type']).where('id', '=', doc.caseId).where('workspace_id', '=', s.workspaceId).executeTakeFirst();
    if (index) {
      if (index.patient_id === doc.patientId) throw fail(400, t(s.lang, 'contact.selfContact'), 'patientId');
      if (x.isNew) {
        doc.unitId ??= index.owner_unit_id as string;
        doc.indexResistance ??= indexResistanceOf({ classification: index.classification as string, drugResistanceType: index.drug_resistance_type as string | null });
      }
    }
    const person = await db.selectFrom('patient').select(sql<string | null>`birth_date::text`.as('birthDate')).where('id', '=', doc.patientId).where('workspace_id', '=', s.workspaceId).executeTakeFirst();
    if (person?.birthDate && doc.registrationDate) doc.age = Math.max(0, ageAt(person.birthDate, doc.registrationDate));
    else if (person && doc.age == null) throw new ApiError(400, [{ field: 'age', msg: `${t(s.lang, 'contact.age')}: ${t(s.lang, 'msg.required')}` }]);
  },
  async afterSave(x) {
    if (x.isNew || !x.prev || x.prev.unitId === x.doc.unitId) return;
    // the course follows its contact to the unit now following them
    const course = await kysely(x.em).selectFrom('tptcourse').select('id').where('workspace_id', '=', x.session.workspaceId).where('contact_id', '=', x.id).executeTakeFirst();
    if (course) await systemUpdate({ em: x.em, ctx: x.ctx, session: x.session }, 'tptcourse', String(course.id), { unitId: x.doc.unitId }, 'derived');
  },
};

/**
 * A new case of a person who is a presumptive-TB contact not yet linked to a case: the contact keeps it.
 * A person an import's chunk has just registered is no one's contact unless the chunk wrote contacts.
 */
const tbcase: HooksOn<'tbcase'> = {
  async afterSave(x) {
    if (!x.isNew || !x.doc.patientId || madeUnnamed(x.em, 'patient', x.doc.patientId, 'contact')) return;
    const rows = await kysely(x.em)
      .selectFrom('contact')
      .select('id')
      .where('workspace_id', '=', x.session.workspaceId)
      .where('patient_id', '=', x.doc.patientId)
      .where('evaluation_outcome', '=', 'PRESUMPTIVE_TB')
      .where('result_case_id', 'is', null)
      .execute();
    for (const r of rows) await systemUpdate({ em: x.em, ctx: x.ctx, session: x.session }, 'contact', String(r.id), { resultCaseId: x.id }, 'derived');
  },
};

/** The contact and case hooks of the contacts module (`DomainModule.hooks`). */
export const contactHooks: ModuleHooks = { contact, tbcase };
