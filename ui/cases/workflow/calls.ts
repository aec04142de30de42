/**
 * The case workflow's calls, on the spec's paths: each runs a declared action of the
 * case on the server (cases/workflow), which checks the permission and the transition and answers
 * `{errors: [{field, msg}]}` when refused (thrown as an ApiError).
 * @example await caseCalls.close(id, { outcome: 'CURED', outcomeDate: '2025-06-30' })
 */
import { api } from '../../api/index.ts';

const path = (id: string) => encodeURIComponent(id);

export const caseCalls = {
  validate: (id: string) => api.get(`/api/cases/case/validate/${path(id)}`),
  reopen: (id: string) => api.get(`/api/cases/case/reopen/${path(id)}`),
  undoTransfer: (id: string) => api.get(`/api/cases/case/undotransferout/${path(id)}`),
  close: (id: string, doc: { outcomeDate: string; outcome: string; otherOutcome?: string | null }) =>
    api.post('/api/cases/case/close', { tbcaseId: id, ...doc }),
  transferOut: (id: string, doc: { unitToId: string; moveDate?: string }) => api.post('/api/cases/case/transferout', { tbcaseId: id, ...doc }),
  transferIn: (id: string, doc: { moveDate?: string } = {}) => api.post('/api/cases/case/transferin', { tbcaseId: id, ...doc }),
  suspectFollowupForm: (classification: string) =>
    api.get<{ doc: { outcome?: string; date?: string }; schema: Record<string, unknown>; title: string }>(`/api/cases/case/suspectfollowup/initform/${path(classification)}`),
  suspectFollowup: (id: string, doc: { outcome: string; date: string }) => api.post('/api/cases/case/suspectfollowup', { tbcaseId: id, doc }),
  tags: (id: string, tagIds: string[], newTags: string[] | null) => api.post('/api/cases/tag/update', { tbcaseId: id, tagIds, newTags }),
  remove: (id: string) => api.del(`/api/tbl/case/${path(id)}`),
};

/** Today as `YYYY-MM-DD` in the browser's time zone. */
export const today = () => {
  const d = new Date();
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};
