/**
 * WHO's TB indicator set (the DAK's TB.IND.1–51): declared in `schemas/reports/dak/`
 * (`definition.ts`, read and checked at start: a bad file stops it), counted over the cases' analytic
 * rows and the contacts with their TPT (`facts.ts`, `sql.ts`), per period and place (`compute.ts`),
 * served by `routes.ts`; the page is `ui/dak/`. See docs/who-indicators.md.
 */
import type { DeclaredRoute } from '../../server/http/define-route.ts';
import type { AppContext } from '../../server/types.ts';
import { indicatorsDir, loadIndicators } from './definition.ts';
import { dakRoutes } from './routes.ts';

/**
 * The indicators' routes with the definitions the schemas folder declares.
 * @example dakIndicatorRoutes(ctx).length // 4
 */
export function dakIndicatorRoutes(ctx: AppContext): DeclaredRoute[] {
  return dakRoutes(ctx, loadIndicators(indicatorsDir(ctx.schemasDir)));
}
