/**
 * Where an indicator's export learns what it counts (`exportFacts.ts`): the screen holding the card —
 * a report, the report editor, a dashboard — says its place and how to read the report's filters and
 * their names; the card adds its own filters. The place's name is the page's, the workspace's when
 * the place is the workspace.
 */
import { createContext, useContext } from 'react';
import { useTranslation } from 'react-i18next';
import { dateTimeText } from '../i18n/dates.ts';
import type { PlaceRef } from '../places/api.ts';
import { useSession } from '../session/index.ts';
import { indicatorFilters } from '../../reports/indicator/overlay.ts';
import type { Filters, IndicatorSchema, ReportInit } from './api.ts';
import { periodAndFilters, type ExportFacts } from './exportFacts.ts';

export interface ExportSource {
  place: PlaceRef;
  /** The report's filters (read when a file is made: a dashboard's answer leaves them out). */
  reportFilters: () => Filters | Promise<Filters>;
  /** The filters' names and values' labels. */
  init: () => ReportInit | undefined | Promise<ReportInit | undefined>;
}

export const ExportSourceContext = createContext<ExportSource | undefined>(undefined);

/**
 * What an indicator's file says it counts: the place, its period and filters (the report's overlaid
 * by its own), the workspace's WHO definitions, now — the source the screen gives (`ExportSourceContext`).
 * @example const factsOf = useIndicatorFacts(); const facts = await factsOf(indicator.schema);
 */
export const useIndicatorFacts = () => useIndicatorFactsOf(useContext(ExportSourceContext));

/**
 * The same from a source named here (a screen exporting all its cards at once).
 * @example const factsOf = useIndicatorFactsOf({ place, reportFilters: () => report.filters, init: () => init });
 */
export function useIndicatorFactsOf(source: ExportSource | undefined): (schema: IndicatorSchema) => Promise<ExportFacts> {
  const session = useSession();
  const { i18n } = useTranslation();
  return async (schema) => {
    const filters = indicatorFilters(source ? await source.reportFilters() : {}, schema.filters);
    const init = source ? await source.init() : undefined;
    const place = source?.place;
    const name = place?.name ?? (!place || place.scope === 'WORKSPACE' ? session.workspaceName : '');
    return { place: name, ...periodAndFilters(init, filters, i18n.language), definitions: session.tbDefinitions, made: dateTimeText(Date.now(), false) };
  };
}
