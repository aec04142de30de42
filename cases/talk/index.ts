/**
 * A case's comments (per group of its data) and review issues with their answers: hooks by table
 * and the issue's close / reopen actions, plugged into the case module (cases/index.ts).
 */
export { talkHooks } from './hooks.ts';
export { issueActions } from './actions.ts';
