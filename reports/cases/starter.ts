/**
 * The two reports a new workspace starts with, both on its dashboard: treatment outcome
 * by gender (bar) and the HIV result by classification of the cases on treatment (pie). Written in
 * the creating transaction, in the new workspace, through the table writer.
 */
import type { Workspace } from '../../engine/generated/index.ts';
import { t } from '../../engine/i18n.ts';
import type { HooksOn, SaveContext } from '../../server/types.ts';
import { SavedReports, type ReportInput } from './saved.ts';

/**
 * The starter report documents in a language.
 * @example starterReports('ru')[0].indicators[0] // { title: 'Исход лечения по полу', chart: 'bar', columnVariables: ['gender'], rowVariables: ['outcome'], … }
 */
export const starterReports = (lang: 'ru' | 'en'): ReportInput[] => [
  {
    title: t(lang, 'casereport.starter.outcomeByGender'),
    dashboard: true,
    indicators: [{ title: t(lang, 'casereport.starter.outcomeByGender'), size: 6, chart: 'bar', display: 0, columnVariables: ['gender'], rowVariables: ['outcome'] }],
  },
  {
    title: t(lang, 'casereport.starter.hivByClassification'),
    dashboard: true,
    indicators: [{ title: t(lang, 'casereport.starter.hivByClassification'), size: 6, chart: 'pie', display: 0, filters: { state: ['ONTREATMENT'] }, columnVariables: ['classification'], rowVariables: ['hivResult'] }],
  },
];

async function addStarterReports({ em, ctx, session, id, isNew }: SaveContext<Workspace>) {
  if (!isNew) return;
  const inNew = { ...session, workspaceId: id, userwsId: null, administrator: true, unitId: null, unitName: null, adminUnitId: null, adminUnitName: null };
  const reports = new SavedReports(ctx, em, inNew);
  for (const r of starterReports(session.lang)) await reports.save(r, undefined, em);
}

/** The workspace table's hook that gives a new workspace its starter reports. */
export const starterReportHooks: HooksOn<'workspace'> = { afterSave: addStarterReports };
