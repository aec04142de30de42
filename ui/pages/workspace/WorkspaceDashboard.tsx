/**
 * `/sys/workspace/general/dashboard` — the workspace dashboard (seed 000 §2.11): the indicators of
 * the workspace's dashboard reports, each a card with a chart and a table on the grid by its size.
 */
import { LazyDashboard } from '../../reports/LazyDashboard.tsx';

export function WorkspaceDashboard() {
  return (
    <div data-testid="workspace-dashboard">
      <LazyDashboard place={{ scope: 'WORKSPACE' }} />
    </div>
  );
}
