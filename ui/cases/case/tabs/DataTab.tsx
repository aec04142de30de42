/** Placeholder: the owner of this tab replaces it. */
import PendingPage from '../../../pages/pending/PendingPage.tsx';
import type { CaseTabProps } from '../types.ts';

export default function DataTab(_props: CaseTabProps) {
  return <PendingPage />;
}
