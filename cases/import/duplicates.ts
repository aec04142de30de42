/**
 * The duplicate-patient search of an import, the same guard the notification form gives the user
 * (`cases/notify/patient-search.ts`) made into rules a file can follow: a patient of the workspace with
 * the very name (as the search folds it: case, ё/е, Latin or Cyrillic spelling — `tb_name_key`) and the
 * same birth date is the row's patient, whom the new case is linked to (their stored data kept); those
 * born the same day with a name one typing error away, or of the very name born another day, are only
 * named in a warning, for the user to look at. And a case is not registered twice: one of that patient
 * already registered on the same day with the same classification, or one holding the row's case
 * number, is the row's case.
 */
import { sql, type Kysely } from 'kysely';
import type { Database } from '../../server/db/kysely.ts';
import type { Patient } from '../../engine/generated/index.ts';

export interface PatientMatch {
  /** The patient of the very name and birth date (the first, when several are). */
  exact?: string;
  /** Others that may be the same person: `Асанов Айбек, 01.05.1980`. */
  similar: { id: string; lastName: string | null; name: string; birthDate: string | null }[];
}

/** The name parts as the patient search types them: last, first, middle. */
const typedName = (p: Partial<Patient>) => [p.lastName, p.name, p.middleName].filter((x) => typeof x === 'string' && x.trim()).join(' ');

/**
 * @example await patientMatch(db, ws, { lastName: 'Асанов', name: 'Айбек', birthDate: '1980-05-01' }) // { exact: '…', similar: [] }
 */
export async function patientMatch(db: Kysely<Database>, workspaceId: string, p: Partial<Patient>): Promise<PatientMatch> {
  const typed = typedName(p);
  if (!typed) return { similar: [] };
  const rows = (await sql<{ id: string; last_name: string | null; name: string; birth_date: string | null; exact: boolean; same_day: boolean }>`
    with k as (select tb_name_key(${typed}) as key)
    select p.id, p.last_name, p.name, p.birth_date::text as birth_date,
           (p.search_key = k.key and p.birth_date is not distinct from ${p.birthDate ?? null}::date) as exact,
           (p.birth_date = ${p.birthDate ?? null}::date) as same_day
      from patient p, k
     where p.workspace_id = ${workspaceId}
       and ((${p.birthDate ?? null}::date is not null and p.birth_date = ${p.birthDate ?? null}::date and similarity(p.search_key, k.key) >= 0.5)
            or (string_to_array(p.search_key, ' ') @> string_to_array(k.key, ' ') and p.search_key = k.key))
     order by exact desc, same_day desc, p.created_at, p.id
     limit 6`.execute(db)).rows;
  const exact = p.birthDate ? rows.find((r) => r.exact) : undefined;
  return {
    exact: exact ? String(exact.id) : undefined,
    similar: rows.filter((r) => r !== exact).slice(0, 5).map((r) => ({ id: String(r.id), lastName: r.last_name, name: r.name, birthDate: r.birth_date })),
  };
}

/**
 * The case already registered that a row describes: the one holding its case number, or one of its
 * patient registered that day with that classification. `patientId` of that case says whose it is.
 */
export async function existingCase(db: Kysely<Database>, workspaceId: string, c: { caseNumber?: string; patientId?: string; registrationDate?: string; classification: string }): Promise<{ id: string; caseNumber: string | null; patientId: string } | undefined> {
  const pick = (q: any) => q.select(['id', 'case_number', 'patient_id']).where('workspace_id', '=', workspaceId).limit(1).executeTakeFirst();
  const found =
    (c.caseNumber ? await pick(db.selectFrom('tbcase').where('case_number', '=', c.caseNumber)) : undefined) ??
    (c.patientId && c.registrationDate
      ? await pick(db.selectFrom('tbcase').where('patient_id', '=', c.patientId).where('registration_date', '=', c.registrationDate).where('classification', '=', c.classification))
      : undefined);
  return found ? { id: String(found.id), caseNumber: found.case_number ?? null, patientId: String(found.patient_id) } : undefined;
}
