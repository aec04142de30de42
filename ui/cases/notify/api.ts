/** Calls of the new-case notification (seed 001 §7 "Tags, suspects, new notification"): see cases/notify/routes.ts. */
import { api, type Doc, type RemoteForm } from '../../api/index.ts';

export interface PatientHit {
  patient: { id: string; name: string; middleName: string | null; lastName: string | null; gender: string; birthDate: string | null };
  caseId: string | null;
  caseNumber: string | null;
  classification: string | null;
  diagnosisType: string | null;
  state: string | null;
  registrationDate: string | null;
  diagnosisDate: string | null;
  iniTreatmentDate: string | null;
  outcomeDate: string | null;
  outcome: string | null;
  otherOutcome: string | null;
  notificationUnit: { id: string; name: string; adminUnit: { id: string; name: string } | null } | null;
}

export interface PatientQuery {
  name?: string;
  middleName?: string;
  lastName?: string;
  birthDate?: string;
}

export interface PatientSearchResult {
  list: PatientHit[];
  count: number;
  countCapped: boolean;
  page: number;
  pageSize: number;
}

export const notifyApi = {
  /** One page (from 1) of the patients matching the typed name parts, closest first. */
  search: (q: PatientQuery, page: number) => api.post<PatientSearchResult>('/api/tbl/patient/search', { ...q, page }),
  /** The notification form of a diagnosis type and classification. */
  form: (diagnosisType: string, caseClassification: string) => api.post<RemoteForm>('/api/cases/case/newnotif/form', { diagnosisType, caseClassification }),
  /** Saves the notification; resolves to the new case's id. */
  save: (body: { doc: Doc; unitId: string; patientId?: string; diagnosisType: string; caseClassification: string }) =>
    api.post<string>('/api/cases/case/newnotif', body),
};
