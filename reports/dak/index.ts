/**
 * WHO's TB indicator set (the DAK's TB.IND.1–51): declared in `schemas/reports/dak/`
 * (`definition.ts`, read and checked at start: a bad file stops it), counted over the cases' analytic
 * rows and the contacts with their TPT (`facts.ts`, `sql.ts`), per period and place (`compute.ts`),
 * served by `routes.ts`; the page is `ui/dak/`. See docs/who-indicators.md.
 */
import type { Hono } from 'hono';
import type { AppContext, Env } from '../../server/types.ts';
import { indicatorsDir, loadIndicators } from './definition.ts';
import { dakRoutes } from './routes.ts';

/** Mounts the indicators' routes with the definitions the schemas folder declares. */
export function dakIndicatorRoutes(app: Hono<Env>, ctx: AppContext): void {
  dakRoutes(app, ctx, loadIndicators(indicatorsDir(ctx.schemasDir)));
}
