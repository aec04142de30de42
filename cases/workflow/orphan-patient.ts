import { sql } from 'kysely';
import { kysely } from '../../server/db/kysely.ts';
import type { HooksOn } from '../../server/types.ts';
import { TableWriter } from '../../server/tbl/write.ts';

/**
 * The tbcase hook that takes a patient away with their last case: deleting a case whose patient has
 * no other case in the workspace, and is no contact of another case's, deletes the patient too, through the patient table's writer (its
 * hooks, tombstone and history entry), in the case's transaction. It runs before the case row goes,
 * while the patient is still in the user's view through that case; the case's reference to the
 * patient is checked at commit (`set constraints … deferred`), when both are gone.
 * @example hooks: [{ tbcase: caseNumbering }, { tbcase: orphanPatient }]
 */
export const orphanPatient: HooksOn<'tbcase'> = {
  async beforeDelete({ em, ctx, session, id, prev }) {
    const patientId = prev.patientId;
    if (typeof patientId !== 'string') return;
    const db = kysely(em);
    const other = await db.selectFrom('tbcase').select('id').where('workspace_id', '=', session.workspaceId).where('patient_id', '=', patientId).where('id', '<>', id).limit(1).executeTakeFirst();
    if (other) return;
    // a contact of another index case stays a person there
    const contact = await db.selectFrom('contact').select('id').where('workspace_id', '=', session.workspaceId).where('patient_id', '=', patientId).where('case_id', '<>', id).limit(1).executeTakeFirst();
    if (contact) return;
    await sql`set constraints tbcase_patient_id_foreign deferred`.execute(db);
    await new TableWriter(ctx, ctx.registry.table('patient'), session).delete(patientId, { within: em, action: 'delete' });
  },
};
