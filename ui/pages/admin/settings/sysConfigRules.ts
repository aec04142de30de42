/**
 * The clearing rules of the system configuration form: unticking allowRegPage
 * clears workspace, unit and userProfile; choosing another workspace clears unit and userProfile
 * (they belong to the workspace). The server applies the same rules on save
 * (`catalogues/sysconfig/config.ts`).
 *
 * Kept here rather than in the schema: `x-visible` only hides a field and `x-options-params` only
 * narrows its options (the unit and profile lists follow the workspace); which values a change
 * must throw away is this form's rule, which the format does not say.
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
