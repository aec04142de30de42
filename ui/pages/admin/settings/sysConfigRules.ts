/**
 * The clearing rules of the system configuration form (spec 000 §4): unticking allowRegPage
 * clears workspace, unit and userProfile; choosing another workspace clears unit and userProfile
 * (they belong to the workspace). The server applies the same rules on save.
 */
import type { Doc } from '../../../api/index.ts';

export function clearDependents(next: Doc, prev: Doc): Doc {
  const out: Doc = { ...next };
  if (out.allowRegPage !== true) {
    delete out.workspace;
    delete out.unit;
    delete out.userProfile;
  } else if ((out.workspace ?? null) !== (prev.workspace ?? null) || !out.workspace) {
    delete out.unit;
    delete out.userProfile;
  }
  return out;
}

/** Unit and profile options come from the chosen workspace, not the session's. */
export const WORKSPACE_BOUND = ['unit', 'userProfile'];
