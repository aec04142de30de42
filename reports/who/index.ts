/**
 * The WHO quarterly forms: definitions read from `schemas/reports/who/` at start
 * (`definition.ts`; a bad one stops the start naming its file), computed on the report variables
 * and the framework's rules (`rules.ts`: the cohort outcome, the episode's HIV status).
 */
import { reportCatalogue } from '../../engine/report-vars.ts';
import { kysely } from '../../server/db/kysely.ts';
import type { Em } from '../../server/db/orm.ts';
import type { DeclaredRoute } from '../../server/http/define-route.ts';
import type { AppContext, Session } from '../../server/types.ts';
import { formSettings } from './compute.ts';
import { formsDir, loadForms } from './definition.ts';
import { whoFormRoutes } from './routes.ts';
import { whoCatalogue } from './rules.ts';

/**
 * The forms' routes with the forms the schemas folder declares.
 * @example whoRoutes(ctx).map((r) => r.path) // ['/api/who/forms', '/api/who/report', '/api/who/cases']
 */
export function whoRoutes(ctx: AppContext): DeclaredRoute[] {
  const cat = whoCatalogue(reportCatalogue(ctx.registry), ctx.registry);
  return whoFormRoutes(ctx, cat, loadForms(formsDir(ctx.schemasDir), cat, ctx.registry.table('tbcase')));
}

/**
 * What `POST /api/sys/session` adds for the reports: the WHO definitions the workspace follows, which
 * every exported report and form says it counted by.
 * @example await whoSessionInfo({ em, ctx, session }) // { tbDefinitions: 'WHO2021' }
 */
export async function whoSessionInfo({ em, ctx, session }: { em: Em; ctx: AppContext; session: Session }): Promise<{ tbDefinitions: string }> {
  return { tbDefinitions: (await formSettings(kysely(em), ctx.registry, session.workspaceId)).tbDefinitions };
}
