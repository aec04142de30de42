/**
 * The reports domain: the administrator reports (`admin/`) — session history, online users, command
 * history and statistics, error log — each under `POST /api/admin/rep/*` guarded by its permission
 * and limited to the session workspace and the reader's view (`admin/scope.ts`); and the case
 * reports (`cases/`): variables and filters declared in the schemas (`engine/report-vars.ts`), the
 * indicator engine (`indicator/`), saved reports, dashboards and the starter reports of a new
 * workspace; and the WHO quarterly forms
 * (`who/`), declared in `schemas/reports/who/`; the population by area and year imported from a file
 * (`population/`), the denominator of the notification rate; WHO's TB indicator set (`dak/`, the
 * DAK's TB.IND.1–51), declared in `schemas/reports/dak/`; the export of the forms' and indicators'
 * numbers to DHIS2 (`dhis2/`), mapped in `schemas/reports/dhis2/`. The UI screens of the administrator reports are in
 * `ui/admin/reports/`.
 */
import type { DeclaredRoute } from '../server/http/define-route.ts';
import type { AppContext, DomainModule } from '../server/types.ts';
import { adminReportRoutes, reportUsers } from './admin/index.ts';
import { caseReportRoutes } from './cases/routes.ts';
import { starterReportHooks } from './cases/starter.ts';
import { whoRoutes, whoSessionInfo } from './who/index.ts';
import { populationRoutes } from './population/import.ts';
import { dakIndicatorRoutes } from './dak/index.ts';
import { dhis2ExportRoutes } from './dhis2/index.ts';

/** The declared routes, made once per app: the WHO forms, indicators and DHIS2 mappings are read from `schemas/reports/` and checked. */
const declared = new WeakMap<AppContext, DeclaredRoute[]>();
const reportRoutes = (ctx: AppContext): DeclaredRoute[] => {
  let routes = declared.get(ctx);
  if (!routes) declared.set(ctx, (routes = [...adminReportRoutes(ctx), ...caseReportRoutes(ctx), ...whoRoutes(ctx), ...dakIndicatorRoutes(ctx), ...dhis2ExportRoutes(ctx), ...populationRoutes(ctx)]));
  return routes;
};

export const reportsModule: DomainModule = {
  name: 'reports',
  options: { 'report-users': reportUsers },
  hooks: { workspace: starterReportHooks },
  api: reportRoutes,
  sessionInfo: whoSessionInfo,
};
