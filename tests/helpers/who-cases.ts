// A hand-built register for the WHO quarterly forms' tests: cases written straight into the
// database (the forms are what is tested, not the notification screens), each with exactly the
// facts a form reads — registration group, site, basis of diagnosis, sex and birth date, HIV test
// (an HIV exam row and the case's derived status, as the exam hooks keep it), an Xpert result and a DST
// exam (the indicators), culture exams and their
// derived columns (given by the test, as the culture hooks would keep them), outcome, transfer — and
// their analytic rows, recomputed as the generators recompute theirs.
import { sql, type Kysely } from 'kysely';
import { kysely, type Database, kyselyByName } from '../../server/db/kysely.ts';
import { refreshAnalyticWhere } from '../../server/analytic/backfill.ts';
import type { TestServer } from './server.ts';
import { clearWorkspaceCases } from './workspace.ts';

export interface WhoCase {
  /** A name the test uses for the case (its case number). */
  key: string;
  unit: string;
  /** The unit that owns it now, if a transfer moved it (the notifying unit stays `unit`). */
  owner?: string;
  /** Sent to `owner` and not accepted yet. */
  transferring?: boolean;
  registered: string;
  group?: string | null;
  site?: 'PULMONARY' | 'EXTRAPULMONARY' | null;
  basis?: 'BACTERIOLOGICAL' | 'CLINICAL' | null;
  sex?: 'MALE' | 'FEMALE';
  born?: string | null;
  classification?: 'TB' | 'DRTB' | 'NTM';
  diagnosisType?: 'CONFIRMED' | 'SUSPECT';
  hiv?: { result: 'POSITIVE' | 'NEGATIVE'; art?: boolean; cpt?: boolean };
  /** Several HIV exams instead of `hiv`: the case's derived status is the newest one's result, as the exam hooks keep it. */
  hivExams?: { date: string; result: 'POSITIVE' | 'NEGATIVE' | 'ONGOING' | 'NOTDONE'; art?: boolean; cpt?: boolean }[];
  microscopy?: 'NEGATIVE' | 'POSITIVE';
  outcome?: string;
  /** The outcome's date (default: 200 days after registration). */
  outcomeDate?: string;
  treatmentStart?: string;
  /** A treatment row: its planned end, a catalogue regimen (`regimenId`) or none, moved to an individualised one. */
  treatment?: { end: string; regimenId?: string; individualized?: boolean };
  resistance?: string;
  /** The newest culture result, and the conversion date (derived columns, as the culture hooks keep them). */
  culture?: string;
  converted?: string;
  reverted?: string;
  /** Culture exams (`examcul` rows): what a report reads as of a date (the culture at month 6 of treatment). */
  cultures?: { date: string; result: string }[];
  /** Whether treatment started (default: an outcome after treatment, or an open confirmed case). */
  treated?: boolean;
  /** The newest Xpert result (the case's derived column, as the Xpert hooks keep it). */
  xpert?: string;
  /** A DST exam on the registration day: the results given, the other drugs not done. */
  dst?: Partial<Record<'R' | 'H' | 'Lfx' | 'Ofx', 'SUSCEPTIBLE' | 'RESISTANT' | 'NOTDONE'>>;
}

/**
 * Writes the cases into the workspace (after removing the demo's own cases, so the register holds
 * exactly these); their ids by key.
 * @example const ids = await writeWhoCases(server, ws, [{ key: 'c1', unit, registered: '2025-01-15', group: 'NEW', site: 'PULMONARY', basis: 'BACTERIOLOGICAL' }]);
 */
export async function writeWhoCases(server: TestServer, workspaceId: string, cases: WhoCase[]): Promise<Record<string, string>> {
  const db: Kysely<Database> = kysely(server.ctx.orm.em.fork());
  await clearWorkspaceCases(server, workspaceId);
  const ids: Record<string, string> = {};
  for (const c of cases) {
    const patientId = crypto.randomUUID(), caseId = crypto.randomUUID();
    ids[c.key] = caseId;
    await db.insertInto('patient').values({ id: patientId, workspace_id: workspaceId, name: c.key, last_name: 'ВОЗ', gender: c.sex ?? 'MALE', birth_date: c.born === undefined ? '1980-01-01' : c.born }).execute();
    const newestHiv = [...(c.hivExams ?? [])].sort((a, b) => b.date.localeCompare(a.date))[0];
    const treated = c.treated ?? !!((c.outcome && !['LOST_FOLLOWUP_BEFORE_TREATMENT', 'NOT_TB'].includes(c.outcome)) || (!c.outcome && c.diagnosisType !== 'SUSPECT'));
    await db
      .insertInto('tbcase')
      .values({
        id: caseId, workspace_id: workspaceId, patient_id: patientId, case_number: c.key,
        notification_unit_id: c.unit, owner_unit_id: c.owner ?? c.unit,
        transferring: c.transferring ?? false, transfer_from_unit_id: c.transferring ? c.unit : null,
        state: c.outcome ? 'CLOSED' : treated ? 'ONTREATMENT' : 'NOT_ONTREATMENT',
        diagnosis_type: c.diagnosisType ?? 'CONFIRMED', classification: c.classification ?? 'TB', validated: true,
        registration_group: c.group === undefined ? 'NEW' : c.group, registration_date: c.registered, diagnosis_date: c.registered,
        infection_site: c.site === undefined ? 'PULMONARY' : c.site,
        extrapulmonary_form: c.site === 'EXTRAPULMONARY' ? 'PLEURA' : null,
        diagnosis_basis: c.basis === undefined ? (c.site === 'EXTRAPULMONARY' ? null : 'BACTERIOLOGICAL') : c.basis,
        ini_treatment_date: treated ? (c.treatmentStart ?? c.registered) : null,
        outcome: c.outcome ?? null, outcome_date: c.outcome ? (c.outcomeDate ?? sql`${c.registered}::date + 200`) : null,
        hiv_result: c.hiv?.result ?? newestHiv?.result ?? null, hiv_date: c.hiv ? c.registered : (newestHiv?.date ?? null),
        microscopy_result: c.microscopy ?? null, microscopy_date: c.microscopy ? c.registered : null,
        xpert_result: c.xpert ?? null, xpert_date: c.xpert ? c.registered : null,
        drug_resistance_type: c.resistance ?? null, culture_result: c.culture ?? null, culture_date: c.culture ? c.registered : null,
        culture_conversion_date: c.converted ?? null, culture_reversion_date: c.reverted ?? null, treatment_ini_date: c.treatment ? (c.treatmentStart ?? c.registered) : null, treatment_end_date: c.treatment?.end ?? null,
      })
      .execute();
    if (c.treatment) {
      await db
        .insertInto('treatment')
        .values({
          id: crypto.randomUUID(), workspace_id: workspaceId, case_id: caseId, regimen_id: c.treatment.regimenId ?? null,
          moved_to_individualized: c.treatment.individualized ?? false, ini_date: c.treatmentStart ?? c.registered, end_date: c.treatment.end,
        })
        .execute();
    }
    for (const x of c.cultures ?? []) {
      await db.insertInto('examcul').values({ id: crypto.randomUUID(), workspace_id: workspaceId, case_id: caseId, date: x.date, result: x.result }).execute();
    }
    if (c.dst) {
      const lab = (await db.selectFrom('unit').select('id').where('workspace_id', '=', workspaceId).where('type', '=', 'LAB').orderBy('name').limit(1).executeTakeFirstOrThrow()).id;
      const none = Object.fromEntries(['h', 'r', 'e', 'z', 's', 'am', 'cfz', 'cm', 'cs', 'eto', 'lfx', 'ofx'].map((d) => [`result_${d}`, 'NOTDONE']));
      const given = Object.fromEntries(Object.entries(c.dst).map(([d, v]) => [`result_${d.toLowerCase()}`, v]));
      // the result columns are named from the drugs: by name
      await kyselyByName(db).insertInto('examdst').values({ id: crypto.randomUUID(), workspace_id: workspaceId, case_id: caseId, date: c.registered, laboratory_id: lab, ...none, ...given }).execute();
    }
    for (const x of c.hivExams ?? []) {
      await db
        .insertInto('examhiv')
        .values({ id: crypto.randomUUID(), workspace_id: workspaceId, case_id: caseId, date: x.date, result: x.result, started_ar_tdate: x.art ? x.date : null, started_cp_tdate: x.cpt ? x.date : null })
        .execute();
    }
    if (c.hiv) {
      await db
        .insertInto('examhiv')
        .values({
          id: crypto.randomUUID(), workspace_id: workspaceId, case_id: caseId, date: c.registered, result: c.hiv.result,
          started_ar_tdate: c.hiv.art ? c.registered : null, started_cp_tdate: c.hiv.cpt ? c.registered : null,
        })
        .execute();
    }
  }
  // written beside the writer: their analytic rows computed as a generator's are
  await refreshAnalyticWhere(db, server.ctx.registry, sql`c.workspace_id = ${workspaceId}`);
  return ids;
}
