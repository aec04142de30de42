/** What every tab of the case page receives (spec 001 §2.5). `CasePage.tsx` loads the case; a tab reloads it after a change. */
export interface CaseTabProps {
  caseId: string;
  /** The case as `CasePage` loaded it (the row of `GET /api/tbl/case/{id}` plus joined names). */
  tbcase: Record<string, any>;
  /** Reloads the case (header, state boxes, tags) after a change made in the tab. */
  reload: () => void;
}
