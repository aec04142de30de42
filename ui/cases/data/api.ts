/** The case data tab's calls (cases/case-data on the server). */
import { api, type Doc, type RemoteForm } from '../../api/index.ts';

/** The read-only case form: the remote form plus each part's shown fields, named (`views`), and `resources.canEdit`. */
export interface ReadonlyCaseForm extends RemoteForm {
  views: Record<string, { title: string; value: unknown }[]>;
  resources: RemoteForm['resources'] & { canEdit?: boolean; form?: { name: string; parts: Record<string, string>; ids?: Record<string, string>; versions?: Record<string, number> } };
}

const id = (caseId: string) => encodeURIComponent(caseId);

export const caseDataApi = {
  /** `GET /api/tbl/case/form/readonly/{caseId}` */
  readonly: (caseId: string, signal?: AbortSignal) => api.get<ReadonlyCaseForm>(`/api/tbl/case/form/readonly/${id(caseId)}`, signal),
  /** `GET /api/cases/case/edit/form/{caseId}`: the case's notification form with the case and patient. */
  editForm: (caseId: string) => api.get<RemoteForm>(`/api/cases/case/edit/form/${id(caseId)}`),
  /** `POST /api/cases/case/edit/save {doc, caseId, patientId, versions}`: `versions` as the edit form gave them (a part changed since → 409). */
  save: (caseId: string, patientId: string, doc: Doc, versions?: Record<string, number>) =>
    api.post<string>('/api/cases/case/edit/save', { doc, caseId, patientId, ...(versions ? { versions } : {}) }),
  /** `POST /api/cases/case/comorbidity/{caseId}` with the six flags. */
  comorbidities: (caseId: string, flags: Doc) => api.post<string>(`/api/cases/case/comorbidity/${id(caseId)}`, flags),
};
