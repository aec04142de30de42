/**
 * The WHO quarterly forms (issue 23): definitions read from `schemas/reports/who/` at start
 * (`definition.ts`; a bad one stops the start naming its file), computed on the report variables.
 */
import type { Hono } from 'hono';
import { reportCatalogue } from '../../engine/report-vars.ts';
import type { AppContext, Env } from '../../server/types.ts';
import { formsDir, loadForms } from './definition.ts';
import { whoFormRoutes } from './routes.ts';

/** Mounts the forms' routes with the forms the schemas folder declares. */
export function whoRoutes(app: Hono<Env>, ctx: AppContext): void {
  const cat = reportCatalogue(ctx.registry);
  whoFormRoutes(app, ctx, cat, loadForms(formsDir(ctx.schemasDir), cat, ctx.registry.table('tbcase')));
}
