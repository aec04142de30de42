/** Calls of the new-case notification: see cases/notify/routes.ts. */
import type { PatientSearchInput, PatientSearchResult } from '../../../cases/notify/patient-search.ts';
import { api, type Doc, type RemoteForm } from '../../api/index.ts';

// The server's own answer types (type-only: no server code enters the UI bundle).
export type { PatientHit, PatientSearchResult } from '../../../cases/notify/patient-search.ts';

/** The typed name parts and birth date of a search (the page is passed apart). */
export type PatientQuery = Omit<PatientSearchInput, 'page'>;

export const notifyApi = {
  /** One page (from 1) of the patients matching the typed name parts, closest first. */
  search: (q: PatientQuery, page: number) => api.post<PatientSearchResult>('/api/tbl/patient/search', { ...q, page }),
  /** The notification form of a diagnosis type and classification. */
  form: (diagnosisType: string, caseClassification: string) => api.post<RemoteForm>('/api/cases/case/newnotif/form', { diagnosisType, caseClassification }),
  /** Saves the notification; resolves to the new case's id. */
  save: (body: { doc: Doc; unitId: string; patientId?: string; diagnosisType: string; caseClassification: string }) =>
    api.post<string>('/api/cases/case/newnotif', body),
};
