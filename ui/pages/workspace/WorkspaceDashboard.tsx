/**
 * `/sys/workspace/general/dashboard` — the workspace dashboard: the indicators of
 * the workspace's dashboard reports, each a card with a chart and a table on the grid by its size;
 * above them the drug supply's warnings by unit (../../stock/StockWarningsCard.tsx).
 */
import { LazyDashboard } from '../../reports/LazyDashboard.tsx';
import { StockWarningsCard } from '../../stock/StockWarningsCard.tsx';

export function WorkspaceDashboard() {
  return (
    <div data-testid="workspace-dashboard">
      <StockWarningsCard />
      <LazyDashboard place={{ scope: 'WORKSPACE' }} />
    </div>
  );
}
