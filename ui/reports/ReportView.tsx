/**
 * `…/cases/report?rep={id}` — a saved report computed for the place: its title and
 * filters, its indicator cards on the 12-column grid, each computed in its own request one after
 * another on open and on 'Обновить', the whole report to XLSX (a sheet per indicator, each saying what it counts), and for DATA_ANALISYS holders
 * edit and delete (which returns to the list). A number or a chart segment opens its cases.
 */
import { useEffect, useState } from 'react';
import { Alert, Button, Flex, Space } from 'antd';
import { DeleteOutlined, EditOutlined, FileExcelOutlined, ReloadOutlined, UnorderedListOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { errorsOf } from '../api/index.ts';
import { SectionTitle } from '../generic/PageTitle.tsx';
import { TimedAlerts, useConfirm, useTimedAlerts, WaitIcon } from '../generic/index.ts';
import { placeLink, type PlaceRef } from '../places/api.ts';
import { useData } from '../generic/data/useData.ts';
import { hasPermission, useSession } from '../session/index.ts';
import { indicatorRequest, reportsApi, type ReportSchema } from './api.ts';
import type { CellRef } from './chartSeries.ts';
import { CellCasesDialog } from './CellCasesDialog.tsx';
import { download, fileName } from './download.ts';
import { XLSX_TYPE, xlsxOf } from './exportXlsx.ts';
import { exportHeader } from './exportFacts.ts';
import { ExportSourceContext, useIndicatorFactsOf } from './ExportSource.tsx';
import { FilterDisplay } from './FilterDisplay.tsx';
import { filterText } from './filterText.ts';
import { IndicatorCard } from './IndicatorCard.tsx';
import { IndicatorGrid } from './IndicatorGrid.tsx';
import { WRITE } from './ReportList.tsx';
import { tableRows } from './tableRows.ts';
import { flash, useFlash } from './useFlash.ts';
import { useIndicatorRefresh } from './useIndicatorRefresh.ts';

export function ReportView({ place, reportId }: { place: PlaceRef; reportId: string }) {
  const { t, i18n } = useTranslation();
  const navigate = useNavigate();
  const session = useSession();
  const alerts = useTimedAlerts();
  useFlash(alerts);
  const [confirm, confirmDialog] = useConfirm();
  const showError = (err: unknown) => alerts.error(errorsOf(err).map((e) => t(e.msg)).join('; '));
  const ind = useIndicatorRefresh(place, showError);
  const [schema, setSchema] = useState<ReportSchema>();
  const [drill, setDrill] = useState<{ index: number; cell: CellRef }>();
  const factsOf = useIndicatorFactsOf({ place, reportFilters: () => schema?.filters ?? {}, init: () => init });
  // the report's schemas first, then each indicator computed in its own request, one after another
  const { data: report, error } = useData((signal) => reportsApi.exec(place, reportId, false, signal), [place.scope, place.id, reportId]);
  const { data: init } = useData(() => reportsApi.init(), []);
  useEffect(() => {
    if (!report) return;
    setSchema(report.schema);
    void ind.refresh(report.schema.filters, report.indicators.map((x) => x.schema));
  }, [report]);

  if (error) return <Alert data-testid="alert-error" type="error" showIcon title={error} />;
  if (!report || !schema) return <WaitIcon />;
  const writer = hasPermission(session, WRITE);
  const remove = async () => {
    if (!(await confirm(t('ui.msg.confirmDelete')))) return;
    try {
      await reportsApi.remove(reportId);
      void navigate(placeLink(place, 'cases/reports'), { state: flash('ui.msg.deleted') });
    } catch (err) {
      showError(err);
    }
  };
  const exportReport = async () => {
    const sheets = await Promise.all(
      ind.items.flatMap((x, i) => (x.data ? [{ title: x.schema.title || `${t('ui.reports.untitledIndicator')} ${i + 1}`, rows: tableRows(x.data), schema: x.schema }] : [])).map(async ({ schema: s, ...sheet }) => ({ ...sheet, header: exportHeader(await factsOf(s), t) })),
    );
    download(new Blob([await xlsxOf(sheets)], { type: XLSX_TYPE }), fileName(schema.title, 'xlsx'));
  };
  const drilled = drill ? ind.items[drill.index] : undefined;

  return (
    <div data-testid="report-view" data-id={reportId} data-state={ind.refreshing === null ? 'ready' : 'refreshing'}>
      <TimedAlerts {...alerts} />
      <Flex justify="space-between" align="start" wrap gap={8}>
        <SectionTitle data-testid="report-title" style={{ marginTop: 0 }}>
          {schema.title}
        </SectionTitle>
        <Space wrap>
          <Button icon={<UnorderedListOutlined />} data-testid="report-to-list" onClick={() => navigate(placeLink(place, 'cases/reports'))}>
            {t('ui.reports.toList')}
          </Button>
          <Button icon={<ReloadOutlined />} data-testid="report-refresh" loading={ind.refreshing !== null} onClick={() => void ind.refresh(schema.filters, ind.items.map((x) => x.schema))}>
            {t('ui.reports.refresh')}
          </Button>
          <Button icon={<FileExcelOutlined />} data-testid="report-export-xlsx" onClick={() => void exportReport()}>
            {t('ui.reports.exportXlsx')}
          </Button>
          {writer ? (
            <>
              <Button icon={<EditOutlined />} data-testid="report-edit" onClick={() => navigate(placeLink(place, 'cases/reportedt', { rep: reportId }))}>
                {t('ui.common.edit')}
              </Button>
              <Button danger icon={<DeleteOutlined />} data-testid="report-delete" onClick={() => void remove()}>
                {t('ui.common.delete')}
              </Button>
            </>
          ) : null}
        </Space>
      </Flex>
      <div style={{ marginBottom: 12 }}>
        <FilterDisplay items={filterText(init, schema.filters, i18n.language)} testId="report-filters" />
      </div>
      <ExportSourceContext.Provider value={{ place, reportFilters: () => schema.filters, init: () => init }}>
        <IndicatorGrid
          items={ind.items.map((x, i) => ({
            key: String(i),
            size: x.schema.size,
            card: <IndicatorCard indicator={x} refreshing={ind.refreshing === i} onCell={(cell) => setDrill({ index: i, cell })} />,
          }))}
        />
      </ExportSourceContext.Provider>
      {drill && drilled?.data ? (
        <CellCasesDialog
          place={place}
          title={drilled.schema.title || t('ui.reports.untitledIndicator')}
          request={indicatorRequest(schema.filters, drilled.schema)}
          data={drilled.data}
          cell={drill.cell}
          init={init}
          onClose={() => setDrill(undefined)}
        />
      ) : null}
      {confirmDialog}
    </div>
  );
}
