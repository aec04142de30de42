/**
 * The permissions a change of a case's workflow fields needs when no declared action made it — an
 * offline client's upload carries the row as its action left it, so the server asks for the
 * permission of the action that makes such a change:
 * - validated (or the mark taken back) → CASE_VALIDATE; transfer started, accepted or undone → CASE_TRANSFER;
 * - closed with an outcome → CASE_CLOSE, or NEWCASE for a presumptive case found not TB (the suspect
 *   follow-up); reopened → CASE_REOPEN;
 * - treatment started or cancelled (state, treatment start) → CASE_TREAT.
 * Pure: the case before and after.
 *
 * @example transitionPermissions({ state: 'ONTREATMENT' }, { state: 'CLOSED', outcome: 'CURED' }) // ['CASE_CLOSE']
 */
export interface WorkflowFacts {
  state?: string;
  validated?: boolean;
  transferring?: boolean;
  iniTreatmentDate?: string | null;
  outcome?: string | null;
}

export function transitionPermissions(prev: WorkflowFacts, next: WorkflowFacts): string[] {
  const needed = new Set<string>();
  if (!!prev.validated !== !!next.validated) needed.add('CASE_VALIDATE');
  if (!!prev.transferring !== !!next.transferring) needed.add('CASE_TRANSFER');
  if (prev.state !== 'CLOSED' && next.state === 'CLOSED') needed.add(next.outcome === 'NOT_TB' ? 'NEWCASE' : 'CASE_CLOSE');
  else if (prev.state === 'CLOSED' && next.state !== 'CLOSED') needed.add('CASE_REOPEN');
  else if (prev.state !== next.state || (prev.iniTreatmentDate ?? null) !== (next.iniTreatmentDate ?? null)) needed.add('CASE_TREAT');
  return [...needed];
}
