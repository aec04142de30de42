import type { CaseView } from '../case/types.ts';

/** What the command bar of the case page needs: the case, how to reload it, and the tag dialog's open state (the tags card opens it too). */
export interface CommandBarProps {
  tbcase: CaseView;
  reload: () => void;
  tagging: boolean;
  setTagging: (open: boolean) => void;
}

/** The case's command bar (spec 001 §4): filled in next. */
export function CommandBar(_props: CommandBarProps) {
  return null;
}
