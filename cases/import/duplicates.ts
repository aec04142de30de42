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

/** A patient's match with the name key its search folds the row's name to (`tb_name_key`), null without a name. */
export interface KeyedMatch extends PatientMatch {
  key: string | null;
  /**
   * In a dry run, the file's earlier row (its `importrow` id) that registers the very patient (name key
   * and birth date) — the run links this row to the patient that row made, as to {@link PatientMatch.exact}.
   */
  earlierRow?: string;
}

/**
 * The new patient a dry run's row would register, kept on its `importrow` for the file's later rows to
 * be compared with (the dry run rolls the patient itself back).
 */
export interface NewPatient {
  key: string;
  birthDate: string | null;
  lastName: string | null;
  name: string | null;
}

/**
 * @example await patientMatch(db, ws, { lastName: 'Асанов', name: 'Айбек', birthDate: '1980-05-01' }) // { exact: '…', similar: [] }
 */
export async function patientMatch(db: Kysely<Database>, workspaceId: string, p: Partial<Patient>, earlier?: EarlierRows): Promise<KeyedMatch> {
  return (await patientMatches(db, workspaceId, [p], earlier))[0];
}

/**
 * A dry run's import job, whose earlier rows' answers (on `importrow`) stand for what the run will have
 * written by then: their new patients ({@link NewPatient}) are compared with as if stored, the rows they
 * make found by digest as if in the ledger (ledger.ts `madeRows`).
 */
export interface EarlierRows {
  jobId: string;
  /** The job's file, named in a row's 'already imported'. */
  fileName: string;
}

/**
 * The matches of several rows' patients in one statement (a chunk of a register): for each, what
 * {@link patientMatch} answers — the same conditions, order and limit, each row's looked up by the
 * patient indexes (birth date; the whole name key, a B-tree range that stays short however common a
 * name's words are — the key's word index had to intersect every patient of a common first name) —
 * with the row's name key, folded once a row (`materialized`), not once a patient compared.
 * On the benchmark's register of 4,000 patients a chunk of 100 rows asked 235 ms, now 37 ms.
 *
 * `earlier` (a dry run, whose chunks are rolled back): the new patients the job's earlier rows would
 * register are candidates too, by the same rule and indexes (`importrow`'s name key and birth date),
 * ranked after the stored patients in the file's order — as the run, having written them by then, finds
 * them. One whose very name and birth date a stored patient has (one the dry run's chunk wrote for a row
 * linked to it) is that patient already. A row's very own is `earlierRow`, not `exact`: no patient is stored.
 * @example await patientMatches(db, ws, [{ lastName: 'Асанов', name: 'Айбек', birthDate: '1980-05-01' }, { name: 'Бекова' }]) // [{ exact: '…', similar: [], key: 'asanov aibek' }, …]
 */
export async function patientMatches(db: Kysely<Database>, workspaceId: string, patients: Partial<Patient>[], earlier?: EarlierRows): Promise<KeyedMatch[]> {
  const typed = patients.map(typedName);
  const births = patients.map((p) => (typeof p.birthDate === 'string' && p.birthDate ? p.birthDate : null));
  const asked = typed.flatMap((name, i) => (name ? [i] : []));
  const out: KeyedMatch[] = patients.map(() => ({ similar: [], key: null }));
  if (!asked.length) return out;
  // the stored patients, then (a dry run) the earlier rows' new ones: both found by the same rule
  const stored = sql`select p.id, p.last_name, p.name, p.birth_date::text as birth_date,
               (p.search_key = k.key and p.birth_date is not distinct from k.birth) as exact, p.birth_date = k.birth as same_birth,
               false as made_by_row, p.created_at, 0 as row_number
          from patient p
         where p.workspace_id = ${workspaceId}
           and ((k.birth is not null and p.birth_date = k.birth and similarity(p.search_key, k.key) >= 0.5)
                or p.search_key = k.key)`;
  const made = earlier
    ? sql`union all
        select r.id, r.new_patient_last_name, r.new_patient_name, r.new_patient_birth_date::text,
               (r.new_patient_key = k.key and r.new_patient_birth_date is not distinct from k.birth), r.new_patient_birth_date = k.birth,
               true, null, r.row_number
          from importrow r
         where r.job_id = ${earlier.jobId}
           and ((k.birth is not null and r.new_patient_birth_date = k.birth and similarity(r.new_patient_key, k.key) >= 0.5)
                or r.new_patient_key = k.key)
           and not exists (select 1 from patient s where s.workspace_id = ${workspaceId} and s.search_key = r.new_patient_key and s.birth_date = r.new_patient_birth_date)`
    : sql``;
  const rows = (await sql<{ ord: string; key: string; id: string | null; last_name: string | null; name: string; birth_date: string | null; exact: boolean; made_by_row: boolean }>`
    with k as materialized (select i.ord, tb_name_key(i.typed) as key, i.birth::date as birth
                 from unnest(${asked.map((i) => typed[i])}::text[], ${asked.map((i) => births[i])}::text[]) with ordinality as i(typed, birth, ord))
    select k.ord, k.key, m.id, m.last_name, m.name, m.birth_date, m.exact, m.made_by_row
      from k left join lateral (
        select c.*, row_number() over (order by c.exact desc, c.same_birth desc, c.made_by_row, c.created_at, c.row_number, c.id) as rank
          from (${stored} ${made}) c
         order by rank
         limit 6) m on true
     order by k.ord, m.rank`.execute(db)).rows;
  const found = new Map<number, typeof rows>();
  for (const r of rows) {
    const i = asked[Number(r.ord) - 1];
    out[i].key = r.key;
    if (r.id !== null) found.set(i, [...(found.get(i) ?? []), r]);
  }
  for (const [i, list] of found) {
    const exact = births[i] ? list.find((r) => r.exact) : undefined;
    if (exact?.made_by_row) out[i].earlierRow = String(exact.id);
    else out[i].exact = exact ? String(exact.id) : undefined;
    out[i].similar = list.filter((r) => r !== exact).slice(0, 5).map((r) => ({ id: String(r.id), lastName: r.last_name, name: r.name, birthDate: r.birth_date }));
  }
  return out;
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
