/** `/sys/workspace/cases/*` — the workspace's Cases tab: the cases view of the whole workspace (within the user's view). */
import { CasesView } from '../../places/CasesView.tsx';

export function WorkspaceCasesTab() {
  return (
    <div data-testid="workspace-cases">
      <CasesView place={{ scope: 'WORKSPACE' }} />
    </div>
  );
}
