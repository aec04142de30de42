/* Generated from schemas/ by `npm run gen:types`. Do not edit. */

import type { ColumnType, Generated } from 'kysely';
import type { Casereport, Changelog, Dhis2Send, Importjob, Importrow, Syncclient } from './index.ts';

/** A row of `adherence`, as read. */
export interface AdherenceRow {
  id: string;
  created_at: ColumnType<string, string | Date | undefined, string | Date>;
  updated_at: ColumnType<string, string | Date | undefined, string | Date>;
  version: Generated<number>;
  workspace_id: string;
  case_id: string;
  year: number;
  month: number;
  days: string;
}

/** A row of `adminunit`, as read. */
export interface AdminunitRow {
  id: string;
  created_at: ColumnType<string, string | Date | undefined, string | Date>;
  updated_at: ColumnType<string, string | Date | undefined, string | Date>;
  version: Generated<number>;
  workspace_id: string;
  name: string;
  parent_id: string | null;
  country_structure_id: string;
  custom_id: string | null;
  dhis2_uid: string | null;
  p0_id: string | null;
  p1_id: string | null;
  p2_id: string | null;
  p3_id: string | null;
  p4_id: string | null;
  level: number | null;
  units_count: number | null;
}

/** A row of `agerange`, as read. */
export interface AgerangeRow {
  id: string;
  created_at: ColumnType<string, string | Date | undefined, string | Date>;
  updated_at: ColumnType<string, string | Date | undefined, string | Date>;
  version: Generated<number>;
  workspace_id: string;
  ini_age: number;
  end_age: number;
  name: string | null;
}

/** A row of `caseanalytic`, as read. */
export interface CaseanalyticRow {
  id: string;
  workspace_id: string;
  owner_unit_id: string | null;
  state: string | null;
  diagnosis_type: string | null;
  classification: string | null;
  validated: boolean | null;
  transferring: boolean | null;
  registration_group: string | null;
  diagnosis_basis: string | null;
  registration_date: ColumnType<string | null, string | null | Date, string | null | Date>;
  diagnosis_date: ColumnType<string | null, string | null | Date, string | null | Date>;
  ini_treatment_date: ColumnType<string | null, string | null | Date, string | null | Date>;
  outcome_date: ColumnType<string | null, string | null | Date, string | null | Date>;
  outcome: string | null;
  infection_site: string | null;
  extrapulmonary_form: string | null;
  drug_resistance_type: string | null;
  microscopy_result: string | null;
  xpert_result: string | null;
  culture_result: string | null;
  hiv_result: string | null;
  culture_conversion_date: ColumnType<string | null, string | null | Date, string | null | Date>;
  smear_conversion_date: ColumnType<string | null, string | null | Date, string | null | Date>;
  notification_unit_id: string | null;
  transfer_from_unit_id: string | null;
  treatment_end_date: ColumnType<string | null, string | null | Date, string | null | Date>;
  culture_reversion_date: ColumnType<string | null, string | null | Date, string | null | Date>;
  owner_unit_area1: string | null;
  owner_unit_area2: string | null;
  owner_unit_area3: string | null;
  owner_unit_area4: string | null;
  owner_unit_area5: string | null;
  tag: Generated<string[]>;
  culture_at_month6: string | null;
  dst_h: string | null;
  dst_r: string | null;
  dst_lfx: string | null;
  dst_ofx: string | null;
  hiv_status: string | null;
  hiv_art: ColumnType<string | null, string | null | Date, string | null | Date>;
  art_started: boolean | null;
  hiv_cpt: ColumnType<string | null, string | null | Date, string | null | Date>;
  cpt_started: boolean | null;
  gender: string | null;
  age_range: string | null;
  age_range_years: number | null;
  nationality: string | null;
  medicine: Generated<string[]>;
  regimen: string | null;
  individualized: boolean | null;
}

/** A row of `casecomment`, as read. */
export interface CasecommentRow {
  id: string;
  created_at: ColumnType<string, string | Date | undefined, string | Date>;
  updated_at: ColumnType<string, string | Date | undefined, string | Date>;
  version: Generated<number>;
  workspace_id: string;
  case_id: string;
  group: string;
  comment: string;
  user_id: string | null;
  date: ColumnType<string | null, string | null | Date, string | null | Date>;
}

/** A row of `casecount`, as read. */
export interface CasecountRow {
  id: string;
  created_at: ColumnType<string, string | Date | undefined, string | Date>;
  updated_at: ColumnType<string, string | Date | undefined, string | Date>;
  version: Generated<number>;
  workspace_id: string;
  unit_id: string;
  suspect: number;
  tb: number;
  drtb: number;
  ntm: number;
  on_treatment: number;
  not_on_treatment: number;
  not_validated: number;
  transferring: number;
  closed: number;
}

/** A row of `casecounter`, as read. */
export interface CasecounterRow {
  id: string;
  created_at: ColumnType<string, string | Date | undefined, string | Date>;
  updated_at: ColumnType<string, string | Date | undefined, string | Date>;
  version: Generated<number>;
  workspace_id: string;
  last: number;
}

/** A row of `casecube`, as read. */
export interface CasecubeRow {
  id: string;
  created_at: ColumnType<string, string | Date | undefined, string | Date>;
  updated_at: ColumnType<string, string | Date | undefined, string | Date>;
  version: Generated<number>;
  workspace_id: string;
  unit_id: string;
  gender: string;
  classification: string;
  diagnosis_type: string;
  state: string;
  outcome: string;
  hiv_result: string;
  registration_group: string;
  infection_site: string;
  validated: boolean;
  registration_year: number;
  n: number;
}

/** A row of `casereport`, as read. */
export interface CasereportRow {
  id: string;
  created_at: ColumnType<string, string | Date | undefined, string | Date>;
  updated_at: ColumnType<string, string | Date | undefined, string | Date>;
  version: Generated<number>;
  workspace_id: string;
  name: string;
  scope: string;
  scope_id: string | null;
  dashboard: boolean;
  filters: ColumnType<Record<string, unknown> | null, Record<string, unknown> | null | string, Record<string, unknown> | null | string>;
  indicators: ColumnType<NonNullable<Casereport["indicators"]> | null, NonNullable<Casereport["indicators"]> | null | string, NonNullable<Casereport["indicators"]> | null | string>;
}

/** A row of `casetag`, as read. */
export interface CasetagRow {
  id: string;
  created_at: ColumnType<string, string | Date | undefined, string | Date>;
  updated_at: ColumnType<string, string | Date | undefined, string | Date>;
  version: Generated<number>;
  workspace_id: string;
  case_id: string;
  tag_id: string;
}

/** A row of `casetagcount`, as read. */
export interface CasetagcountRow {
  id: string;
  created_at: ColumnType<string, string | Date | undefined, string | Date>;
  updated_at: ColumnType<string, string | Date | undefined, string | Date>;
  version: Generated<number>;
  workspace_id: string;
  unit_id: string;
  tag_id: string;
  n: number;
}

/** A row of `casetagplace`, as read. */
export interface CasetagplaceRow {
  id: string;
  created_at: ColumnType<string, string | Date | undefined, string | Date>;
  updated_at: ColumnType<string, string | Date | undefined, string | Date>;
  version: Generated<number>;
  workspace_id: string;
  case_id: string;
  tag_id: string;
  unit_id: string;
  registration_date: ColumnType<string | null, string | null | Date, string | null | Date>;
}

/** A row of `changelog`, as read. */
export interface ChangelogRow {
  id: string;
  created_at: ColumnType<string, string | Date | undefined, string | Date>;
  updated_at: ColumnType<string, string | Date | undefined, string | Date>;
  version: Generated<number>;
  workspace_id: string;
  tx_key: string | number;
  seq: string | number;
  table_name: string;
  row_id: string;
  op: string;
  row_version: number;
  data: ColumnType<Record<string, unknown> | null, Record<string, unknown> | null | string, Record<string, unknown> | null | string>;
  user_id: string | null;
  changed_at: ColumnType<string | null, string | null | Date, string | null | Date>;
  units: ColumnType<NonNullable<Changelog["units"]> | null, NonNullable<Changelog["units"]> | null | string, NonNullable<Changelog["units"]> | null | string>;
  kept: ColumnType<NonNullable<Changelog["kept"]> | null, NonNullable<Changelog["kept"]> | null | string, NonNullable<Changelog["kept"]> | null | string>;
}

/** A row of `cmdhistory`, as read. */
export interface CmdhistoryRow {
  id: string;
  created_at: ColumnType<string, string | Date | undefined, string | Date>;
  updated_at: ColumnType<string, string | Date | undefined, string | Date>;
  version: Generated<number>;
  workspace_id: string | null;
  user_id: string | null;
  unit_id: string | null;
  admin_unit_id: string | null;
  exec_date: ColumnType<string, string | Date, string | Date>;
  type: string;
  action: string;
  entity_id: string | null;
  entity_name: string | null;
  detail: ColumnType<Record<string, unknown> | null, Record<string, unknown> | null | string, Record<string, unknown> | null | string>;
}

/** A row of `contact`, as read. */
export interface ContactRow {
  id: string;
  created_at: ColumnType<string, string | Date | undefined, string | Date>;
  updated_at: ColumnType<string, string | Date | undefined, string | Date>;
  version: Generated<number>;
  workspace_id: string;
  case_id: string;
  patient_id: string;
  registration_date: ColumnType<string, string | Date, string | Date>;
  unit_id: string | null;
  contact_type: string;
  relation: string | null;
  index_resistance: string | null;
  age: number | null;
  examinated: boolean;
  date_of_examination: ColumnType<string | null, string | null | Date, string | null | Date>;
  symptoms: string | null;
  chest_xray: string | null;
  infection_test: string | null;
  infection_test_date: ColumnType<string | null, string | null | Date, string | null | Date>;
  infection_test_result: string | null;
  evaluation_outcome: string | null;
  not_evaluated_reason: string | null;
  result_case_id: string | null;
  conduct: string | null;
  comments: string | null;
}

/** A row of `countrystructure`, as read. */
export interface CountrystructureRow {
  id: string;
  created_at: ColumnType<string, string | Date | undefined, string | Date>;
  updated_at: ColumnType<string, string | Date | undefined, string | Date>;
  version: Generated<number>;
  workspace_id: string;
  name: string;
  level: number;
}

/** A row of `dhis2send`, as read. */
export interface Dhis2SendRow {
  id: string;
  created_at: ColumnType<string, string | Date | undefined, string | Date>;
  updated_at: ColumnType<string, string | Date | undefined, string | Date>;
  version: Generated<number>;
  workspace_id: string;
  mapping: string;
  data_set: string | null;
  period: string;
  values: number | null;
  dry_run: boolean;
  status: string;
  imported: number | null;
  updated: number | null;
  ignored: number | null;
  deleted: number | null;
  error: string | null;
  digest: string | null;
  user_id: string;
  user_name: string | null;
  sent_at: ColumnType<string, string | Date, string | Date>;
  org_units: ColumnType<NonNullable<Dhis2Send["orgUnits"]> | null, NonNullable<Dhis2Send["orgUnits"]> | null | string, NonNullable<Dhis2Send["orgUnits"]> | null | string>;
  conflicts: ColumnType<NonNullable<Dhis2Send["conflicts"]> | null, NonNullable<Dhis2Send["conflicts"]> | null | string, NonNullable<Dhis2Send["conflicts"]> | null | string>;
}

/** A row of `dhis2server`, as read. */
export interface Dhis2ServerRow {
  id: string;
  created_at: ColumnType<string, string | Date | undefined, string | Date>;
  updated_at: ColumnType<string, string | Date | undefined, string | Date>;
  version: Generated<number>;
  workspace_id: string;
  url: string;
  username: string;
  password: string | null;
}

/** A row of `errorlog`, as read. */
export interface ErrorlogRow {
  id: string;
  created_at: ColumnType<string, string | Date | undefined, string | Date>;
  updated_at: ColumnType<string, string | Date | undefined, string | Date>;
  version: Generated<number>;
  error_date: ColumnType<string, string | Date, string | Date>;
  exception_class: string | null;
  url: string | null;
  user_id: string | null;
  user_name: string | null;
  workspace_id: string | null;
  workspace_name: string | null;
  exception_message: string | null;
  request: string | null;
  stack_trace: string | null;
}

/** A row of `examcul`, as read. */
export interface ExamculRow {
  id: string;
  created_at: ColumnType<string, string | Date | undefined, string | Date>;
  updated_at: ColumnType<string, string | Date | undefined, string | Date>;
  version: Generated<number>;
  workspace_id: string;
  case_id: string;
  date: ColumnType<string, string | Date, string | Date>;
  sample_number: string | null;
  laboratory_id: string | null;
  date_release: ColumnType<string | null, string | null | Date, string | null | Date>;
  method: string | null;
  result: string;
  number_of_colonies: number | null;
  comments: string | null;
}

/** A row of `examdst`, as read. */
export interface ExamdstRow {
  id: string;
  created_at: ColumnType<string, string | Date | undefined, string | Date>;
  updated_at: ColumnType<string, string | Date | undefined, string | Date>;
  version: Generated<number>;
  workspace_id: string;
  case_id: string;
  date: ColumnType<string, string | Date, string | Date>;
  sample_number: string | null;
  laboratory_id: string;
  date_release: ColumnType<string | null, string | null | Date, string | null | Date>;
  method: string | null;
  result_h: string;
  result_r: string;
  result_e: string;
  result_z: string;
  result_s: string;
  result_am: string;
  result_cfz: string;
  result_cm: string;
  result_cs: string;
  result_eto: string;
  result_lfx: string;
  result_ofx: string;
  comments: string | null;
}

/** A row of `examhiv`, as read. */
export interface ExamhivRow {
  id: string;
  created_at: ColumnType<string, string | Date | undefined, string | Date>;
  updated_at: ColumnType<string, string | Date | undefined, string | Date>;
  version: Generated<number>;
  workspace_id: string;
  case_id: string;
  date: ColumnType<string, string | Date, string | Date>;
  laboratory: string | null;
  result: string;
  started_ar_tdate: ColumnType<string | null, string | null | Date, string | null | Date>;
  started_cp_tdate: ColumnType<string | null, string | null | Date, string | null | Date>;
  comments: string | null;
}

/** A row of `exammic`, as read. */
export interface ExammicRow {
  id: string;
  created_at: ColumnType<string, string | Date | undefined, string | Date>;
  updated_at: ColumnType<string, string | Date | undefined, string | Date>;
  version: Generated<number>;
  workspace_id: string;
  case_id: string;
  date: ColumnType<string, string | Date, string | Date>;
  sample_type: string | null;
  other_sample_type: string | null;
  sample_number: string | null;
  visual_appearance: string | null;
  laboratory_id: string;
  date_release: ColumnType<string | null, string | null | Date, string | null | Date>;
  result: string;
  number_of_afb: number | null;
  comments: string | null;
}

/** A row of `examxpert`, as read. */
export interface ExamxpertRow {
  id: string;
  created_at: ColumnType<string, string | Date | undefined, string | Date>;
  updated_at: ColumnType<string, string | Date | undefined, string | Date>;
  version: Generated<number>;
  workspace_id: string;
  case_id: string;
  date: ColumnType<string, string | Date, string | Date>;
  sample_number: string | null;
  laboratory_id: string;
  date_release: ColumnType<string | null, string | null | Date, string | null | Date>;
  result: string;
  comments: string | null;
}

/** A row of `examxray`, as read. */
export interface ExamxrayRow {
  id: string;
  created_at: ColumnType<string, string | Date | undefined, string | Date>;
  updated_at: ColumnType<string, string | Date | undefined, string | Date>;
  version: Generated<number>;
  workspace_id: string;
  case_id: string;
  date: ColumnType<string, string | Date, string | Date>;
  presentation: string;
  evolution: string | null;
  comments: string | null;
}

/** A row of `importchunk`, as read. */
export interface ImportchunkRow {
  id: string;
  created_at: ColumnType<string, string | Date | undefined, string | Date>;
  updated_at: ColumnType<string, string | Date | undefined, string | Date>;
  version: Generated<number>;
  job_id: string;
  seq: number;
  data: string;
}

/** A row of `importjob`, as read. */
export interface ImportjobRow {
  id: string;
  created_at: ColumnType<string, string | Date | undefined, string | Date>;
  updated_at: ColumnType<string, string | Date | undefined, string | Date>;
  version: Generated<number>;
  workspace_id: string;
  file_name: string;
  file_size: number | null;
  format: string | null;
  sha256: string | null;
  state: string;
  error: string | null;
  user_id: string;
  userws_id: string | null;
  lang: string;
  time_zone: string | null;
  mapping: ColumnType<Record<string, unknown> | null, Record<string, unknown> | null | string, Record<string, unknown> | null | string>;
  mapping_name: string | null;
  checked_digest: string | null;
  total: number | null;
  done: number | null;
  counts: ColumnType<Record<string, unknown> | null, Record<string, unknown> | null | string, Record<string, unknown> | null | string>;
  cursor: ColumnType<Record<string, unknown> | null, Record<string, unknown> | null | string, Record<string, unknown> | null | string>;
  locked_by: string | null;
  locked_until: ColumnType<string | null, string | null | Date, string | null | Date>;
  started_at: ColumnType<string | null, string | null | Date, string | null | Date>;
  finished_at: ColumnType<string | null, string | null | Date, string | null | Date>;
  sheets: ColumnType<NonNullable<Importjob["sheets"]> | null, NonNullable<Importjob["sheets"]> | null | string, NonNullable<Importjob["sheets"]> | null | string>;
}

/** A row of `importledger`, as read. */
export interface ImportledgerRow {
  id: string;
  created_at: ColumnType<string, string | Date | undefined, string | Date>;
  updated_at: ColumnType<string, string | Date | undefined, string | Date>;
  version: Generated<number>;
  workspace_id: string;
  digest: string;
  table_name: string;
  row_id: string;
  job_id: string | null;
  file_name: string | null;
  row_number: number | null;
}

/** A row of `importmapping`, as read. */
export interface ImportmappingRow {
  id: string;
  created_at: ColumnType<string, string | Date | undefined, string | Date>;
  updated_at: ColumnType<string, string | Date | undefined, string | Date>;
  version: Generated<number>;
  workspace_id: string;
  name: string;
  mapping: ColumnType<Record<string, unknown>, Record<string, unknown> | string, Record<string, unknown> | string>;
}

/** A row of `importrow`, as read. */
export interface ImportrowRow {
  id: string;
  created_at: ColumnType<string, string | Date | undefined, string | Date>;
  updated_at: ColumnType<string, string | Date | undefined, string | Date>;
  version: Generated<number>;
  job_id: string;
  sheet: number;
  row_number: number;
  key: string | null;
  status: string;
  case_id: string | null;
  new_patient_key: string | null;
  new_patient_birth_date: ColumnType<string | null, string | null | Date, string | null | Date>;
  new_patient_last_name: string | null;
  new_patient_name: string | null;
  made_digest: string | null;
  cells: ColumnType<NonNullable<Importrow["cells"]>, NonNullable<Importrow["cells"]> | string, NonNullable<Importrow["cells"]> | string>;
  messages: ColumnType<NonNullable<Importrow["messages"]> | null, NonNullable<Importrow["messages"]> | null | string, NonNullable<Importrow["messages"]> | null | string>;
}

/** A row of `issue`, as read. */
export interface IssueRow {
  id: string;
  created_at: ColumnType<string, string | Date | undefined, string | Date>;
  updated_at: ColumnType<string, string | Date | undefined, string | Date>;
  version: Generated<number>;
  workspace_id: string;
  case_id: string;
  title: string;
  description: string;
  user_id: string | null;
  unit_id: string | null;
  creation_date: ColumnType<string | null, string | null | Date, string | null | Date>;
  closed: boolean | null;
}

/** A row of `issuefollowup`, as read. */
export interface IssuefollowupRow {
  id: string;
  created_at: ColumnType<string, string | Date | undefined, string | Date>;
  updated_at: ColumnType<string, string | Date | undefined, string | Date>;
  version: Generated<number>;
  workspace_id: string;
  issue_id: string;
  text: string;
  user_id: string | null;
  unit_id: string | null;
  followup_date: ColumnType<string | null, string | null | Date, string | null | Date>;
}

/** A row of `job`, as read. */
export interface JobRow {
  id: string;
  created_at: ColumnType<string, string | Date | undefined, string | Date>;
  updated_at: ColumnType<string, string | Date | undefined, string | Date>;
  version: Generated<number>;
  kind: string;
  state: string;
  workspace_id: string | null;
  params: ColumnType<Record<string, unknown> | null, Record<string, unknown> | null | string, Record<string, unknown> | null | string>;
  dedupe_key: string | null;
  done: number;
  total: number | null;
  cursor: ColumnType<Record<string, unknown> | null, Record<string, unknown> | null | string, Record<string, unknown> | null | string>;
  attempts: number;
  error: string | null;
  user_id: string | null;
  locked_by: string | null;
  locked_until: ColumnType<string | null, string | null | Date, string | null | Date>;
  heartbeat_at: ColumnType<string | null, string | null | Date, string | null | Date>;
  started_at: ColumnType<string | null, string | null | Date, string | null | Date>;
  finished_at: ColumnType<string | null, string | null | Date, string | null | Date>;
}

/** A row of `loginattempt`, as read. */
export interface LoginattemptRow {
  id: string;
  created_at: ColumnType<string, string | Date | undefined, string | Date>;
  updated_at: ColumnType<string, string | Date | undefined, string | Date>;
  version: Generated<number>;
  login: string;
  attempt_date: ColumnType<string, string | Date, string | Date>;
  success: boolean;
  ip_address: string | null;
}

/** A row of `medexam`, as read. */
export interface MedexamRow {
  id: string;
  created_at: ColumnType<string, string | Date | undefined, string | Date>;
  updated_at: ColumnType<string, string | Date | undefined, string | Date>;
  version: Generated<number>;
  workspace_id: string;
  case_id: string;
  date: ColumnType<string, string | Date, string | Date>;
  appointment_type: string | null;
  responsible: string | null;
  using_presc_medicines: boolean;
  reason_not_using_presc_medicines: string | null;
  weight: number;
  height: number | null;
  comments: string | null;
}

/** A row of `nameword`, as read. */
export interface NamewordRow {
  id: string;
  created_at: ColumnType<string, string | Date | undefined, string | Date>;
  updated_at: ColumnType<string, string | Date | undefined, string | Date>;
  version: Generated<number>;
  word: string;
}

/** A row of `patient`, as read. */
export interface PatientRow {
  id: string;
  created_at: ColumnType<string, string | Date | undefined, string | Date>;
  updated_at: ColumnType<string, string | Date | undefined, string | Date>;
  version: Generated<number>;
  workspace_id: string;
  name: string;
  middle_name: string | null;
  last_name: string | null;
  gender: string;
  birth_date: ColumnType<string | null, string | null | Date, string | null | Date>;
  nationality: string | null;
  mother_name: string | null;
  document_number: string | null;
  address_admin_unit_id: string | null;
  address_street: string | null;
  address_house: string | null;
  address_apartment: string | null;
  phone: string | null;
  contact_phone: string | null;
  search_key: string | null;
}

/** A row of `patientword`, as read. */
export interface PatientwordRow {
  id: string;
  created_at: ColumnType<string, string | Date | undefined, string | Date>;
  updated_at: ColumnType<string, string | Date | undefined, string | Date>;
  version: Generated<number>;
  workspace_id: string;
  patient_id: string;
  w1: string;
  w2: string;
}

/** A row of `population`, as read. */
export interface PopulationRow {
  id: string;
  created_at: ColumnType<string, string | Date | undefined, string | Date>;
  updated_at: ColumnType<string, string | Date | undefined, string | Date>;
  version: Generated<number>;
  workspace_id: string;
  admin_unit_id: string;
  year: number;
  population: number;
}

/** A row of `prescription`, as read. */
export interface PrescriptionRow {
  id: string;
  created_at: ColumnType<string, string | Date | undefined, string | Date>;
  updated_at: ColumnType<string, string | Date | undefined, string | Date>;
  version: Generated<number>;
  workspace_id: string;
  case_id: string;
  product_id: string;
  ini_date: ColumnType<string, string | Date, string | Date>;
  end_date: ColumnType<string, string | Date, string | Date>;
  dose_unit: number;
  frequency: number;
  comments: string | null;
}

/** A row of `prevtreat`, as read. */
export interface PrevtreatRow {
  id: string;
  created_at: ColumnType<string, string | Date | undefined, string | Date>;
  updated_at: ColumnType<string, string | Date | undefined, string | Date>;
  version: Generated<number>;
  workspace_id: string;
  case_id: string;
  month: number;
  year: number;
  outcome_month: number | null;
  outcome_year: number | null;
  outcome: string;
  am: boolean;
  cfz: boolean;
  cm: boolean;
  cs: boolean;
  e: boolean;
  eto: boolean;
  h: boolean;
  lfx: boolean;
  ofx: boolean;
  r: boolean;
  s: boolean;
  z: boolean;
}

/** A row of `product`, as read. */
export interface ProductRow {
  id: string;
  created_at: ColumnType<string, string | Date | undefined, string | Date>;
  updated_at: ColumnType<string, string | Date | undefined, string | Date>;
  version: Generated<number>;
  workspace_id: string;
  type: string;
  short_name: string;
  name: string;
  active: boolean;
  custom_id: string | null;
  category: string | null;
  line: string | null;
}

/** A row of `product_substances`, as read. */
export interface ProductSubstancesRow {
  id: string;
  parent_id: string;
  idx: number;
  value_id: string;
}

/** A row of `regimen`, as read. */
export interface RegimenRow {
  id: string;
  created_at: ColumnType<string, string | Date | undefined, string | Date>;
  updated_at: ColumnType<string, string | Date | undefined, string | Date>;
  version: Generated<number>;
  workspace_id: string;
  name: string;
  classification: string;
  custom_id: string | null;
  active: boolean;
}

/** A row of `regimen_medicines`, as read. */
export interface RegimenMedicinesRow {
  id: string;
  parent_id: string;
  idx: number;
  medicine_id: string;
  default_dose_unit: number;
  default_frequency: number;
  ini_day: number;
  days: number;
}

/** A row of `sideeffect`, as read. */
export interface SideeffectRow {
  id: string;
  created_at: ColumnType<string, string | Date | undefined, string | Date>;
  updated_at: ColumnType<string, string | Date | undefined, string | Date>;
  version: Generated<number>;
  workspace_id: string;
  case_id: string;
  side_effect: string;
  month: number;
  substance_id: string | null;
  substance2_id: string | null;
  comment: string | null;
}

/** A row of `source`, as read. */
export interface SourceRow {
  id: string;
  created_at: ColumnType<string, string | Date | undefined, string | Date>;
  updated_at: ColumnType<string, string | Date | undefined, string | Date>;
  version: Generated<number>;
  workspace_id: string;
  short_name: string;
  name: string;
  custom_id: string | null;
  active: boolean | null;
}

/** A row of `stockbatch`, as read. */
export interface StockbatchRow {
  id: string;
  created_at: ColumnType<string, string | Date | undefined, string | Date>;
  updated_at: ColumnType<string, string | Date | undefined, string | Date>;
  version: Generated<number>;
  workspace_id: string;
  unit_id: string;
  product_id: string;
  source_id: string;
  batch_number: string;
  manufacturer: string;
  expiry_date: ColumnType<string, string | Date, string | Date>;
  quantity: number;
}

/** A row of `stockcount`, as read. */
export interface StockcountRow {
  id: string;
  created_at: ColumnType<string, string | Date | undefined, string | Date>;
  updated_at: ColumnType<string, string | Date | undefined, string | Date>;
  version: Generated<number>;
  workspace_id: string;
  unit_id: string;
  date: ColumnType<string, string | Date, string | Date>;
  note: string | null;
}

/** A row of `stockcount_items`, as read. */
export interface StockcountItemsRow {
  id: string;
  parent_id: string;
  idx: number;
  batch_id: string;
  counted: number;
  on_hand: number | null;
  difference: number | null;
  movement_id: string | null;
}

/** A row of `stockmovement`, as read. */
export interface StockmovementRow {
  id: string;
  created_at: ColumnType<string, string | Date | undefined, string | Date>;
  updated_at: ColumnType<string, string | Date | undefined, string | Date>;
  version: Generated<number>;
  workspace_id: string;
  unit_id: string;
  type: string;
  reason: string | null;
  note: string | null;
  date: ColumnType<string, string | Date, string | Date>;
  product_id: string;
  source_id: string;
  batch_number: string;
  manufacturer: string;
  expiry_date: ColumnType<string, string | Date, string | Date>;
  quantity: number;
  case_id: string | null;
  batch_id: string | null;
  balance: number | null;
  transfer_id: string | null;
  order_id: string | null;
}

/** A row of `stockorder`, as read. */
export interface StockorderRow {
  id: string;
  created_at: ColumnType<string, string | Date | undefined, string | Date>;
  updated_at: ColumnType<string, string | Date | undefined, string | Date>;
  version: Generated<number>;
  workspace_id: string;
  unit_id: string;
  date: ColumnType<string, string | Date, string | Date>;
  supplier_id: string | null;
  authorizer_id: string | null;
  state: string | null;
  authorized_date: ColumnType<string | null, string | null | Date, string | null | Date>;
  sent_date: ColumnType<string | null, string | null | Date, string | null | Date>;
  received_date: ColumnType<string | null, string | null | Date, string | null | Date>;
  cancelled_date: ColumnType<string | null, string | null | Date, string | null | Date>;
}

/** A row of `stockorder_items`, as read. */
export interface StockorderItemsRow {
  id: string;
  parent_id: string;
  idx: number;
  product_id: string;
  quantity: number;
}

/** A row of `stockorder_shipped`, as read. */
export interface StockorderShippedRow {
  id: string;
  parent_id: string;
  idx: number;
  batch_id: string;
  quantity: number;
}

/** A row of `stocktransfer`, as read. */
export interface StocktransferRow {
  id: string;
  created_at: ColumnType<string, string | Date | undefined, string | Date>;
  updated_at: ColumnType<string, string | Date | undefined, string | Date>;
  version: Generated<number>;
  workspace_id: string;
  unit_from_id: string;
  unit_to_id: string;
  date: ColumnType<string, string | Date, string | Date>;
  state: string | null;
  received_date: ColumnType<string | null, string | null | Date, string | null | Date>;
  cancelled_date: ColumnType<string | null, string | null | Date, string | null | Date>;
}

/** A row of `stocktransfer_items`, as read. */
export interface StocktransferItemsRow {
  id: string;
  parent_id: string;
  idx: number;
  batch_id: string;
  quantity: number;
}

/** A row of `substance`, as read. */
export interface SubstanceRow {
  id: string;
  created_at: ColumnType<string, string | Date | undefined, string | Date>;
  updated_at: ColumnType<string, string | Date | undefined, string | Date>;
  version: Generated<number>;
  workspace_id: string;
  short_name: string;
  name: string;
  line: string;
  active: boolean;
  custom_id: string | null;
  display_order: number | null;
  dst_result_form: boolean | null;
  prev_treatment_form: boolean | null;
}

/** A row of `syncclient`, as read. */
export interface SyncclientRow {
  id: string;
  created_at: ColumnType<string, string | Date | undefined, string | Date>;
  updated_at: ColumnType<string, string | Date | undefined, string | Date>;
  version: Generated<number>;
  workspace_id: string;
  server_url: string;
  unit_id: string;
  phase: string;
  counts: ColumnType<Record<string, unknown> | null, Record<string, unknown> | null | string, Record<string, unknown> | null | string>;
  error: string | null;
  feed_position: string | null;
  local_seq: string | number | null;
  send_up_to: string | number | null;
  last_sync_at: ColumnType<string | null, string | null | Date, string | null | Date>;
  sync_token: string | null;
  sync_token_user: string | null;
  auto_sync: ColumnType<Record<string, unknown> | null, Record<string, unknown> | null | string, Record<string, unknown> | null | string>;
  rejected: ColumnType<NonNullable<Syncclient["rejected"]> | null, NonNullable<Syncclient["rejected"]> | null | string, NonNullable<Syncclient["rejected"]> | null | string>;
  conflicts: ColumnType<NonNullable<Syncclient["conflicts"]> | null, NonNullable<Syncclient["conflicts"]> | null | string, NonNullable<Syncclient["conflicts"]> | null | string>;
}

/** A row of `syncconflict`, as read. */
export interface SyncconflictRow {
  id: string;
  created_at: ColumnType<string, string | Date | undefined, string | Date>;
  updated_at: ColumnType<string, string | Date | undefined, string | Date>;
  version: Generated<number>;
  workspace_id: string;
  table_name: string;
  row_id: string;
  root_id: string | null;
  field: string;
  values: ColumnType<Record<string, unknown>, Record<string, unknown> | string, Record<string, unknown> | string>;
  server_version: number | null;
  change_id: string;
  user_id: string | null;
  changed_at: ColumnType<string | null, string | null | Date, string | null | Date>;
  server_user_id: string | null;
  server_changed_at: ColumnType<string | null, string | null | Date, string | null | Date>;
  resolved: boolean | null;
  kept: string | null;
  resolved_by: string | null;
  resolved_at: ColumnType<string | null, string | null | Date, string | null | Date>;
}

/** A row of `syncpush`, as read. */
export interface SyncpushRow {
  id: string;
  created_at: ColumnType<string, string | Date | undefined, string | Date>;
  updated_at: ColumnType<string, string | Date | undefined, string | Date>;
  version: Generated<number>;
  workspace_id: string;
  change_id: string;
  table_name: string;
  row_id: string;
  op: string;
  result: string;
  answer: ColumnType<Record<string, unknown> | null, Record<string, unknown> | null | string, Record<string, unknown> | null | string>;
  user_id: string | null;
  changed_at: ColumnType<string | null, string | null | Date, string | null | Date>;
  pushed_by: string | null;
  pushed_at: ColumnType<string, string | Date, string | Date>;
}

/** A row of `syncreader`, as read. */
export interface SyncreaderRow {
  id: string;
  created_at: ColumnType<string, string | Date | undefined, string | Date>;
  updated_at: ColumnType<string, string | Date | undefined, string | Date>;
  version: Generated<number>;
  workspace_id: string;
  user_id: string;
  caught_up_at: ColumnType<string, string | Date, string | Date>;
}

/** A row of `synctoken`, as read. */
export interface SynctokenRow {
  id: string;
  created_at: ColumnType<string, string | Date | undefined, string | Date>;
  updated_at: ColumnType<string, string | Date | undefined, string | Date>;
  version: Generated<number>;
  workspace_id: string;
  user_id: string;
  userws_id: string | null;
  token_hash: string;
  device: string;
  expires_at: ColumnType<string, string | Date, string | Date>;
  last_used_at: ColumnType<string | null, string | null | Date, string | null | Date>;
  revoked_at: ColumnType<string | null, string | null | Date, string | null | Date>;
}

/** A row of `sysconfig`, as read. */
export interface SysconfigRow {
  id: string;
  created_at: ColumnType<string, string | Date | undefined, string | Date>;
  updated_at: ColumnType<string, string | Date | undefined, string | Date>;
  version: Generated<number>;
  system_url: string;
  page_root_url: string;
  admin_mail: string;
  ula_active: boolean;
  allow_reg_page: boolean | null;
  workspace_id: string | null;
  unit_id: string | null;
  user_profile_id: string | null;
}

/** A row of `syssession`, as read. */
export interface SyssessionRow {
  id: string;
  created_at: ColumnType<string, string | Date | undefined, string | Date>;
  updated_at: ColumnType<string, string | Date | undefined, string | Date>;
  version: Generated<number>;
  token_hash: string;
  user_id: string;
  userws_id: string | null;
  workspace_id: string;
  login_date: ColumnType<string, string | Date, string | Date>;
  last_access: ColumnType<string, string | Date, string | Date>;
  logout_date: ColumnType<string | null, string | null | Date, string | null | Date>;
  ip_address: string | null;
  application: string | null;
  language: string | null;
}

/** A row of `sysuser`, as read. */
export interface SysuserRow {
  id: string;
  created_at: ColumnType<string, string | Date | undefined, string | Date>;
  updated_at: ColumnType<string, string | Date | undefined, string | Date>;
  version: Generated<number>;
  login: string;
  name: string;
  email: string;
  password_hash: string | null;
  active: boolean;
  password_expired: boolean;
  email_confirmed: boolean;
  mobile: string | null;
  time_zone: string | null;
  language: string | null;
  send_system_messages: boolean;
  failed_logins: number;
  locked_until: ColumnType<string | null, string | null | Date, string | null | Date>;
  last_login: ColumnType<string | null, string | null | Date, string | null | Date>;
  password_changed_at: ColumnType<string | null, string | null | Date, string | null | Date>;
  registration_date: ColumnType<string | null, string | null | Date, string | null | Date>;
  sysadmin: boolean | null;
  ula_accepted_at: ColumnType<string | null, string | null | Date, string | null | Date>;
  email_token: string | null;
}

/** A row of `tag`, as read. */
export interface TagRow {
  id: string;
  created_at: ColumnType<string, string | Date | undefined, string | Date>;
  updated_at: ColumnType<string, string | Date | undefined, string | Date>;
  version: Generated<number>;
  workspace_id: string;
  name: string;
  active: boolean;
  auto_generated: boolean | null;
  consistency_check: boolean;
  sql_condition: string | null;
  daily_update: boolean | null;
}

/** A row of `tagrefresh`, as read. */
export interface TagrefreshRow {
  id: string;
  created_at: ColumnType<string, string | Date | undefined, string | Date>;
  updated_at: ColumnType<string, string | Date | undefined, string | Date>;
  version: Generated<number>;
  workspace_id: string;
  day: ColumnType<string, string | Date, string | Date>;
}

/** A row of `tbcase`, as read. */
export interface TbcaseRow {
  id: string;
  created_at: ColumnType<string, string | Date | undefined, string | Date>;
  updated_at: ColumnType<string, string | Date | undefined, string | Date>;
  version: Generated<number>;
  workspace_id: string;
  patient_id: string;
  case_number: string | null;
  owner_unit_id: string;
  notification_unit_id: string | null;
  state: string;
  diagnosis_type: string;
  classification: string;
  validated: boolean;
  transferring: boolean;
  registration_group: string | null;
  diagnosis_basis: string | null;
  registration_date: ColumnType<string | null, string | null | Date, string | null | Date>;
  diagnosis_date: ColumnType<string | null, string | null | Date, string | null | Date>;
  ini_treatment_date: ColumnType<string | null, string | null | Date, string | null | Date>;
  outcome_date: ColumnType<string | null, string | null | Date, string | null | Date>;
  outcome: string | null;
  other_outcome: string | null;
  infection_site: string | null;
  extrapulmonary_form: string | null;
  drug_resistance_type: string | null;
  transfer_from_unit_id: string | null;
  comorbidities_alcohol_excessive_use: boolean | null;
  comorbidities_tobacco_use_within: boolean | null;
  comorbidities_aids: boolean | null;
  comorbidities_diabetes: boolean | null;
  comorbidities_anaemia: boolean | null;
  comorbidities_malnutrition: boolean | null;
  move_date: ColumnType<string | null, string | null | Date, string | null | Date>;
  adherence_alert_from: ColumnType<string | null, string | null | Date, string | null | Date>;
  treatment_ini_date: ColumnType<string | null, string | null | Date, string | null | Date>;
  treatment_end_date: ColumnType<string | null, string | null | Date, string | null | Date>;
  microscopy_result: string | null;
  microscopy_date: ColumnType<string | null, string | null | Date, string | null | Date>;
  xpert_result: string | null;
  xpert_date: ColumnType<string | null, string | null | Date, string | null | Date>;
  culture_result: string | null;
  culture_date: ColumnType<string | null, string | null | Date, string | null | Date>;
  weight: number | null;
  weight_date: ColumnType<string | null, string | null | Date, string | null | Date>;
  hiv_result: string | null;
  hiv_date: ColumnType<string | null, string | null | Date, string | null | Date>;
  culture_conversion_date: ColumnType<string | null, string | null | Date, string | null | Date>;
  culture_reversion_date: ColumnType<string | null, string | null | Date, string | null | Date>;
  smear_conversion_date: ColumnType<string | null, string | null | Date, string | null | Date>;
  smear_reversion_date: ColumnType<string | null, string | null | Date, string | null | Date>;
}

/** A row of `tombstone`, as read. */
export interface TombstoneRow {
  id: string;
  created_at: ColumnType<string, string | Date | undefined, string | Date>;
  updated_at: ColumnType<string, string | Date | undefined, string | Date>;
  version: Generated<number>;
  workspace_id: string;
  table_name: string;
  row_id: string;
  row_version: number;
  deleted_at: ColumnType<string, string | Date, string | Date>;
}

/** A row of `tptadherence`, as read. */
export interface TptadherenceRow {
  id: string;
  created_at: ColumnType<string, string | Date | undefined, string | Date>;
  updated_at: ColumnType<string, string | Date | undefined, string | Date>;
  version: Generated<number>;
  workspace_id: string;
  tptcourse_id: string;
  year: number;
  month: number;
  days: string;
}

/** A row of `tptcourse`, as read. */
export interface TptcourseRow {
  id: string;
  created_at: ColumnType<string, string | Date | undefined, string | Date>;
  updated_at: ColumnType<string, string | Date | undefined, string | Date>;
  version: Generated<number>;
  workspace_id: string;
  contact_id: string;
  unit_id: string | null;
  eligible: boolean;
  eligibility_date: ColumnType<string | null, string | null | Date, string | null | Date>;
  not_eligible_reason: string | null;
  liver_test: string | null;
  regimen_id: string | null;
  weight_kg: number | null;
  dose: string | null;
  start_date: ColumnType<string | null, string | null | Date, string | null | Date>;
  expected_end_date: ColumnType<string | null, string | null | Date, string | null | Date>;
  status: string;
  status_date: ColumnType<string | null, string | null | Date, string | null | Date>;
  outcome: string | null;
  outcome_date: ColumnType<string | null, string | null | Date, string | null | Date>;
  comments: string | null;
}

/** A row of `tptcourse_contraindications`, as read. */
export interface TptcourseContraindicationsRow {
  id: string;
  parent_id: string;
  idx: number;
  value: string;
}

/** A row of `tptregimen`, as read. */
export interface TptregimenRow {
  id: string;
  created_at: ColumnType<string, string | Date | undefined, string | Date>;
  updated_at: ColumnType<string, string | Date | undefined, string | Date>;
  version: Generated<number>;
  workspace_id: string;
  code: string;
  name: string;
  frequency: string;
  weeks: number;
  doses: number;
  min_doses: number;
  window_weeks: number;
  min_age_years: number | null;
  active: boolean;
}

/** A row of `tptregimen_bands`, as read. */
export interface TptregimenBandsRow {
  id: string;
  parent_id: string;
  idx: number;
  from_kg: number;
  to_kg: number | null;
  dose: string;
}

/** A row of `tptregimen_for_resistance`, as read. */
export interface TptregimenForResistanceRow {
  id: string;
  parent_id: string;
  idx: number;
  value: string;
}

/** A row of `treatment`, as read. */
export interface TreatmentRow {
  id: string;
  created_at: ColumnType<string, string | Date | undefined, string | Date>;
  updated_at: ColumnType<string, string | Date | undefined, string | Date>;
  version: Generated<number>;
  workspace_id: string;
  case_id: string;
  regimen_id: string | null;
  moved_to_individualized: boolean;
  ini_date: ColumnType<string, string | Date, string | Date>;
  end_date: ColumnType<string, string | Date, string | Date>;
}

/** A row of `treatunit`, as read. */
export interface TreatunitRow {
  id: string;
  created_at: ColumnType<string, string | Date | undefined, string | Date>;
  updated_at: ColumnType<string, string | Date | undefined, string | Date>;
  version: Generated<number>;
  workspace_id: string;
  case_id: string;
  unit_id: string;
  ini_date: ColumnType<string, string | Date, string | Date>;
  end_date: ColumnType<string, string | Date, string | Date>;
}

/** A row of `unit`, as read. */
export interface UnitRow {
  id: string;
  created_at: ColumnType<string, string | Date | undefined, string | Date>;
  updated_at: ColumnType<string, string | Date | undefined, string | Date>;
  version: Generated<number>;
  workspace_id: string;
  type: string;
  name: string;
  active: boolean;
  address_address: string | null;
  address_complement: string | null;
  address_admin_unit_id: string;
  address_zip_code: string | null;
  custom_id: string | null;
  dhis2_uid: string | null;
  receive_from_manufacturer: boolean | null;
  supplier_id: string | null;
  authorizer_id: string | null;
  num_days_order: number | null;
  tb_facility: boolean | null;
  drtb_facility: boolean | null;
  ntm_facility: boolean | null;
  notification_unit: boolean | null;
  perform_microscopy: boolean | null;
  perform_xpert: boolean | null;
  perform_culture: boolean | null;
  perform_dst: boolean | null;
}

/** A row of `userprofile`, as read. */
export interface UserprofileRow {
  id: string;
  created_at: ColumnType<string, string | Date | undefined, string | Date>;
  updated_at: ColumnType<string, string | Date | undefined, string | Date>;
  version: Generated<number>;
  workspace_id: string;
  name: string;
}

/** A row of `userprofile_permissions`, as read. */
export interface UserprofilePermissionsRow {
  id: string;
  parent_id: string;
  idx: number;
  permission: string;
  can_change: boolean | null;
}

/** A row of `userws`, as read. */
export interface UserwsRow {
  id: string;
  created_at: ColumnType<string, string | Date | undefined, string | Date>;
  updated_at: ColumnType<string, string | Date | undefined, string | Date>;
  version: Generated<number>;
  workspace_id: string;
  unit_id: string;
  comments: string | null;
  play_other_units: boolean | null;
  administrator: boolean | null;
  view: string;
  user_id: string | null;
  pending: boolean | null;
  invite_name: string | null;
  invite_email: string | null;
  invite_login: string | null;
  invite_user_id: string | null;
}

/** A row of `userws_profiles`, as read. */
export interface UserwsProfilesRow {
  id: string;
  parent_id: string;
  idx: number;
  value_id: string;
}

/** A row of `workspace`, as read. */
export interface WorkspaceRow {
  id: string;
  created_at: ColumnType<string, string | Date | undefined, string | Date>;
  updated_at: ColumnType<string, string | Date | undefined, string | Date>;
  version: Generated<number>;
  name: string;
  time_zone: string | null;
  send_system_messages: boolean;
  patient_name_composition: string;
  suspect_case_number: string;
  confirmed_case_number: string;
  case_validation_tb: string;
  tb_definitions: string | null;
  transfer_outcome: string | null;
  case_validation_drtb: string;
  case_validation_ntm: string;
  months_to_alert_expired_medicines: number;
  min_stock_on_hand: number;
  max_stock_on_hand: number;
}

/** Every table the migrations build, by name: what `kysely()` is typed by. */
export interface Database {
  adherence: AdherenceRow;
  adminunit: AdminunitRow;
  agerange: AgerangeRow;
  caseanalytic: CaseanalyticRow;
  casecomment: CasecommentRow;
  casecount: CasecountRow;
  casecounter: CasecounterRow;
  casecube: CasecubeRow;
  casereport: CasereportRow;
  casetag: CasetagRow;
  casetagcount: CasetagcountRow;
  casetagplace: CasetagplaceRow;
  changelog: ChangelogRow;
  cmdhistory: CmdhistoryRow;
  contact: ContactRow;
  countrystructure: CountrystructureRow;
  dhis2send: Dhis2SendRow;
  dhis2server: Dhis2ServerRow;
  errorlog: ErrorlogRow;
  examcul: ExamculRow;
  examdst: ExamdstRow;
  examhiv: ExamhivRow;
  exammic: ExammicRow;
  examxpert: ExamxpertRow;
  examxray: ExamxrayRow;
  importchunk: ImportchunkRow;
  importjob: ImportjobRow;
  importledger: ImportledgerRow;
  importmapping: ImportmappingRow;
  importrow: ImportrowRow;
  issue: IssueRow;
  issuefollowup: IssuefollowupRow;
  job: JobRow;
  loginattempt: LoginattemptRow;
  medexam: MedexamRow;
  nameword: NamewordRow;
  patient: PatientRow;
  patientword: PatientwordRow;
  population: PopulationRow;
  prescription: PrescriptionRow;
  prevtreat: PrevtreatRow;
  product: ProductRow;
  product_substances: ProductSubstancesRow;
  regimen: RegimenRow;
  regimen_medicines: RegimenMedicinesRow;
  sideeffect: SideeffectRow;
  source: SourceRow;
  stockbatch: StockbatchRow;
  stockcount: StockcountRow;
  stockcount_items: StockcountItemsRow;
  stockmovement: StockmovementRow;
  stockorder: StockorderRow;
  stockorder_items: StockorderItemsRow;
  stockorder_shipped: StockorderShippedRow;
  stocktransfer: StocktransferRow;
  stocktransfer_items: StocktransferItemsRow;
  substance: SubstanceRow;
  syncclient: SyncclientRow;
  syncconflict: SyncconflictRow;
  syncpush: SyncpushRow;
  syncreader: SyncreaderRow;
  synctoken: SynctokenRow;
  sysconfig: SysconfigRow;
  syssession: SyssessionRow;
  sysuser: SysuserRow;
  tag: TagRow;
  tagrefresh: TagrefreshRow;
  tbcase: TbcaseRow;
  tombstone: TombstoneRow;
  tptadherence: TptadherenceRow;
  tptcourse: TptcourseRow;
  tptcourse_contraindications: TptcourseContraindicationsRow;
  tptregimen: TptregimenRow;
  tptregimen_bands: TptregimenBandsRow;
  tptregimen_for_resistance: TptregimenForResistanceRow;
  treatment: TreatmentRow;
  treatunit: TreatunitRow;
  unit: UnitRow;
  userprofile: UserprofileRow;
  userprofile_permissions: UserprofilePermissionsRow;
  userws: UserwsRow;
  userws_profiles: UserwsProfilesRow;
  workspace: WorkspaceRow;
}
