import { t } from '../../engine/i18n.ts';
import { kysely } from '../../server/db/kysely.ts';
import { fail } from '../../server/http/errors.ts';
import { TableStore } from '../../server/tbl/store.ts';
import type { HooksOn } from '../../server/types.ts';

/** What names a patient: changed, it is another person to every unit holding one of their cases. */
const IDENTITY = ['lastName', 'name', 'middleName', 'birthDate', 'gender'] as const;

/**
 * A patient's identity (name parts, birth date, sex) is changed only by a user whose write view holds
 * the patient's first case (the earliest registered: the unit that registered them, or the one their
 * case was transferred to). A patient found by the workspace-wide patient search and linked to a new
 * case elsewhere keeps their data for that other unit: linking does not change them (notify/routes.ts),
 * nor does an edit after it (link, then edit). 403 with the reason; other fields, a new
 * patient, and a patient without cases (read by administrators only) as before.
 * @example hooks: { patient: sharedPatientIdentity } // a doctor renaming a patient another unit registered → 403
 */
export const sharedPatientIdentity: HooksOn<'patient'> = {
  async beforeSave(x) {
    if (x.isNew || !x.prev) return;
    if (!IDENTITY.some((k) => ((x.doc as any)[k] ?? null) !== ((x.prev as any)[k] ?? null))) return;
    const first = await kysely(x.em).selectFrom('tbcase').select('id').where('patient_id', '=', x.id).where('workspace_id', '=', x.session.workspaceId)
      .orderBy('registration_date', (o) => o.asc().nullsLast()).orderBy('created_at').orderBy('id').limit(1).executeTakeFirst();
    if (first && !(await TableStore.of(x.ctx.registry, x.ctx.registry.table('tbcase'), x.em, x.session, 'write').exists(first.id))) {
      throw fail(403, t(x.session.lang, 'patient.sharedIdentity'), null);
    }
  },
};
