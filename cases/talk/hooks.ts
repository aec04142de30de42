/**
 * What the schemas of a case's comments and review issues cannot say (their write permissions are
 * declared in `x-table.write`; author, unit and dates by `x-readonly` + `x-default`):
 * - a comment, an issue's text and an answer are changed only by their author (or an administrator);
 * - a row stays with its case (issue): an update cannot move it;
 * - an issue is opened open, and only CLOSEDEL_ISSUE closes or reopens it (./actions.ts);
 * - a closed issue takes no new answer.
 */
import { sql } from 'kysely';
import { t } from '../../engine/i18n.ts';
import { kysely } from '../../server/db/kysely.ts';
import type { Session, HooksOn, ModuleHooks } from '../../server/types.ts';
import { ApiError } from '../../server/http/errors.ts';
import { assertPermission } from '../../server/http/middleware.ts';

/** Refuses (403) a change of someone else's row. */
function assertAuthor(s: Session, prev: { userId?: string } | undefined): void {
  if (prev && prev.userId !== s.userId && !s.administrator) throw new ApiError(403, [{ field: null, msg: t(s.lang, 'talk.notAuthor') }]);
}

/** Keeps the parent of an updated row (a comment cannot be moved to another case). */
function keepParent<T extends object>(doc: T, prev: T | undefined, key: keyof T): void {
  if (prev) doc[key] = prev[key];
}

export const commentHooks: HooksOn<'casecomment'> = {
  beforeSave({ session, doc, prev }) {
    assertAuthor(session, prev);
    keepParent(doc, prev, 'caseId');
  },
};

export const issueHooks: HooksOn<'issue'> = {
  beforeSave({ session, isNew, doc, prev }) {
    if (isNew) {
      doc.closed = false;
      return;
    }
    keepParent(doc, prev, 'caseId');
    if (doc.description !== prev!.description) assertAuthor(session, prev);
    if (Boolean(doc.closed) !== Boolean(prev!.closed)) assertPermission(session, 'CLOSEDEL_ISSUE');
  },
};

export const answerHooks: HooksOn<'issuefollowup'> = {
  /** `POST /api/tbl/issuefollowup/query {caseId}`: the answers to every issue of a case, in one page. */
  filters: {
    caseId: {
      schema: { type: 'string', format: 'uuid' },
      apply: (q, caseId: string) => q.where(sql<boolean>`t.issue_id in (select i.id from issue i where i.case_id = ${caseId})`),
    },
  },
  async beforeSave({ em, session, isNew, doc, prev }) {
    assertAuthor(session, prev);
    keepParent(doc, prev, 'issueId');
    if (!isNew) return;
    const issue = await kysely(em).selectFrom('issue').select('closed').where('id', '=', doc.issueId).executeTakeFirst();
    if (issue?.closed) throw new ApiError(400, [{ field: 'issueId', msg: t(session.lang, 'issue.closedNoAnswer') }]);
  },
};

/** The talk part's hooks, by table. */
export const talkHooks: ModuleHooks = { casecomment: commentHooks, issue: issueHooks, issuefollowup: answerHooks };
