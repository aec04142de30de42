/**
 * Export to DHIS2: the mappings declared in `schemas/reports/dhis2/` (`mapping.ts`, read and
 * checked at start against the WHO forms and the indicators: a bad file stops it), a period's values
 * per org unit (`values.ts`), written as DHIS2's data value set or as ADX (`formats.ts`, `period.ts`),
 * sent to the workspace's DHIS2 server with a dry run first (`client.ts`) and recorded (`routes.ts`).
 * The page is `ui/dhis2/`; see docs/dhis2.md.
 */
import { reportCatalogue } from '../../engine/report-vars.ts';
import type { DeclaredRoute } from '../../server/http/define-route.ts';
import type { AppContext } from '../../server/types.ts';
import { indicatorsDir, loadIndicators } from '../dak/definition.ts';
import { formsDir, loadForms } from '../who/definition.ts';
import { whoCatalogue } from '../who/rules.ts';
import { loadMappings, mappingsDir } from './mapping.ts';
import { dhis2Routes } from './routes.ts';

/**
 * The export's routes with the mappings the schemas folder declares.
 * @example dhis2ExportRoutes(ctx).length // 7
 */
export function dhis2ExportRoutes(ctx: AppContext): DeclaredRoute[] {
  const cat = whoCatalogue(reportCatalogue(ctx.registry), ctx.registry);
  const forms = loadForms(formsDir(ctx.schemasDir), cat, ctx.registry.table('tbcase'));
  const indicators = loadIndicators(indicatorsDir(ctx.schemasDir));
  return dhis2Routes(ctx, { registry: ctx.registry, cat, forms, indicators }, loadMappings(mappingsDir(ctx.schemasDir), forms, indicators));
}
