/**
 * A case's comments (per group of its data) and review issues with their answers: hooks by table
 * and the issue's close / reopen actions, plugged into the case module (cases/index.ts). No route of its
 * own: they are the generic table API on `casecomment`, `issue` and `issuefollowup` (write permissions in
 * `x-table.write`) and the declared actions.
 */
export { talkHooks } from './hooks.ts';
export { issueActions } from './actions.ts';
