/**
 * A case's comments, review issues and answers on the generic table API (`/api/tbl/casecomment`,
 * `/issue`, `/issuefollowup`; the issue's `closeIssue` / `reopenIssue` actions). The server sets
 * each row's author, unit and date; a stored row is read back so the list shows them.
 */
import { api, tableApi } from '../../api/index.ts';

export type CommentGroup = 'DATA' | 'PREV_TREATS' | 'CONTACTS' | 'ADV_REACTS' | 'COMORBIDITIES';

/** `{id, name}` of a referenced row, as the generic API joins it. */
export interface Named {
  id?: string;
  name?: string;
}

export interface CaseComment {
  id?: string;
  caseId: string;
  group: CommentGroup;
  comment: string;
  userId?: string;
  user?: Named;
  date?: string;
}

export interface Issue {
  id?: string;
  caseId: string;
  title: string;
  description: string;
  closed?: boolean;
  user?: Named;
  unit?: Named;
  creationDate?: string;
  userId?: string;
}

export interface IssueAnswer {
  id?: string;
  issueId: string;
  text: string;
  user?: Named;
  unit?: Named;
  followupDate?: string;
  userId?: string;
}

const all = { pageSize: 500, count: false };
/** Every row of a table that the filters name (a case has a handful). */
const list = async <T>(table: string, filters: Record<string, unknown>) => (await tableApi.query(table, { ...filters, ...all })).list as unknown as T[];
const read = async <T>(table: string, id: string) => (await tableApi.read(table, id)) as unknown as T;
const created = async <T>(table: string, doc: object) => read<T>(table, await tableApi.create(table, doc as Record<string, unknown>));

export const talkApi = {
  comments: (caseId: string, group: CommentGroup) => list<CaseComment>('casecomment', { caseId, group }),
  addComment: (c: CaseComment) => created<CaseComment>('casecomment', { caseId: c.caseId, group: c.group, comment: c.comment }),
  editComment: async (id: string, comment: string) => read<CaseComment>('casecomment', await tableApi.update('casecomment', id, { comment })),
  removeComment: (id: string) => tableApi.remove('casecomment', id),

  issues: (caseId: string) => list<Issue>('issue', { caseId }),
  /** Every answer to the case's issues, in one call. */
  answers: (caseId: string) => list<IssueAnswer>('issuefollowup', { caseId }),
  addIssue: (i: Issue) => created<Issue>('issue', { caseId: i.caseId, title: i.title, description: i.description }),
  setClosed: async (id: string, closed: boolean) => {
    await api.post(`/api/tbl/issue/${encodeURIComponent(id)}/action/${closed ? 'closeIssue' : 'reopenIssue'}`, {});
    return read<Issue>('issue', id);
  },
  removeIssue: (id: string) => tableApi.remove('issue', id),
  addAnswer: (a: IssueAnswer) => created<IssueAnswer>('issuefollowup', { issueId: a.issueId, text: a.text }),
  removeAnswer: (id: string) => tableApi.remove('issuefollowup', id),
};
