/**
 * `…/cases/reportedt[?rep={id}]` — the report editor: the editable title
 * (placeholder 'Название отчета (нажмите здесь, чтобы изменить)'), the dashboard switch, the
 * report's filters, its indicators (each {@link IndicatorEditor}), 'Обновить' computing them one
 * after another, save (a new report is saved for this place) and cancel. An indicator without a
 * column and a row variable (a trend: a row variable) is neither computed nor saved: the 'Indicator' warning says why.
 */
import { useEffect, useState } from 'react';
import { Alert, Button, Flex, Modal, Space, Switch, Typography } from 'antd';
import { HeldTextInput } from '../generic/HeldTextInput.tsx';
import { PlusOutlined, ReloadOutlined, SaveOutlined } from '@ant-design/icons';
import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { errorsOf } from '../api/index.ts';
import { TimedAlerts, useTimedAlerts, WaitIcon } from '../generic/index.ts';
import { placeLink, type PlaceRef } from '../places/api.ts';
import { useData } from '../generic/data/useData.ts';
import { useSession } from '../session/SessionContext.tsx';
import { indicatorRequest, reportsApi, type Filters, type IndicatorSchema, type ReportSchema } from './api.ts';
import type { CellRef } from './chartSeries.ts';
import { CellCasesDialog } from './CellCasesDialog.tsx';
import { FiltersEditor } from './FiltersEditor.tsx';
import { ExportSourceContext } from './ExportSource.tsx';
import { IndicatorEditor, NEW_INDICATOR } from './IndicatorEditor.tsx';
import { flash } from './useFlash.ts';
import { useIndicatorRefresh } from './useIndicatorRefresh.ts';

/**
 * An indicator needs at least one column and one row variable; a trend, whose columns are the
 * quarters, only a row variable.
 * @example lacksVariables({ ...NEW_INDICATOR, columnVariables: ['gender'] }) // true
 * @example lacksVariables({ ...NEW_INDICATOR, rowVariables: ['gender'], trend: 'registrationDate' }) // false
 */
export const lacksVariables = (s: IndicatorSchema) => !s.rowVariables.length || (!s.trend && !s.columnVariables.length);

/** What the server stores of an indicator (`reports/cases/bodies.ts` indicatorSchema). */
const stored = ({ title, size, chart, display, filters, columnVariables, rowVariables, selection, selIndex, trend, rate }: IndicatorSchema): IndicatorSchema =>
  ({ title, size, chart, display, filters, columnVariables, rowVariables, ...(selection ? { selection, selIndex } : {}), ...(trend ? { trend } : {}), ...(rate ? { rate } : {}) });

export function ReportEditor({ place, reportId }: { place: PlaceRef; reportId?: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const session = useSession();
  const wholeWorkspaceWriter = session.administrator || (session.view === 'WORKSPACE' && !!session.playOtherUnits);
  const alerts = useTimedAlerts();
  const showError = (err: unknown) => alerts.error(errorsOf(err).map((e) => (e.field ? `${e.field}: ${t(e.msg)}` : t(e.msg))).join('; '));
  const ind = useIndicatorRefresh(place, showError);
  const [report, setReport] = useState<ReportSchema>({ title: '', dashboard: false, filters: {} });
  const [warning, setWarning] = useState(false);
  const [saving, setSaving] = useState(false);
  const [drill, setDrill] = useState<{ index: number; cell: CellRef }>();
  const { data: init, error } = useData(() => reportsApi.init(), []);
  const { data: loaded, error: loadError } = useData((signal) => (reportId ? reportsApi.exec(place, reportId, false, signal) : Promise.resolve(undefined)), [reportId]);
  useEffect(() => {
    if (loaded) {
      setReport(loaded.schema);
      void ind.refresh(loaded.schema.filters, loaded.indicators.map((x) => x.schema));
    } else if (!reportId) ind.set([{ schema: { ...NEW_INDICATOR } }]);
  }, [loaded]);

  if (error || loadError) return <Alert data-testid="alert-error" type="error" showIcon title={error ?? loadError} />;
  if (!init || (reportId && !loaded)) return <WaitIcon />;
  const schemas = ind.items.map((x) => x.schema);
  const setSchema = (i: number, s: IndicatorSchema) => ind.set(ind.items.map((x, j) => (j === i ? { ...x, schema: s } : x)));
  const refreshAll = () => (schemas.some(lacksVariables) ? setWarning(true) : void ind.refresh(report.filters, schemas));
  // one indicator: computed alone, the others kept (the first one's too)
  const refreshOne = (i: number) => {
    const schema = ind.items[i].schema;
    return lacksVariables(schema) ? setWarning(true) : void ind.refreshOne(report.filters, i, schema);
  };
  const save = async () => {
    if (schemas.some(lacksVariables)) return setWarning(true);
    setSaving(true);
    try {
      const scope = reportId ? { scope: report.scope, ...(report.scopeId ? { scopeId: report.scopeId } : {}) } : { scope: place.scope, ...(place.id ? { scopeId: place.id } : {}) };
      const id = await reportsApi.save({ title: report.title.trim(), dashboard: report.dashboard, filters: report.filters, ...scope, indicators: schemas.map(stored) }, reportId);
      void navigate(placeLink(place, 'cases/report', { rep: reportId ?? id }), { state: flash(reportId ? 'ui.msg.updated' : 'ui.msg.created') });
    } catch (err) {
      showError(err);
    } finally {
      setSaving(false);
    }
  };
  const drilled = drill ? ind.items[drill.index] : undefined;

  return (
    <div data-testid="report-editor" data-state={ind.refreshing === null ? 'ready' : 'refreshing'}>
      <TimedAlerts {...alerts} />
      <HeldTextInput
        data-testid="report-title-input"
        aria-label={t('ui.reports.titlePlaceholder')}
        variant="borderless"
        maxLength={200}
        style={{ fontSize: 20, fontWeight: 600, paddingInline: 0, marginBottom: 8 }}
        placeholder={t('ui.reports.titlePlaceholder')}
        value={report.title}
        onChange={(title) => setReport((r) => ({ ...r, title }))}
      />
      <Flex vertical gap={12}>
        {/* the dashboards are the workspace's: offered to a writer of the whole workspace (reports/cases/report-rights.ts) */}
        {(wholeWorkspaceWriter || report.dashboard) && (
          <Space>
            <Switch id="report-dashboard" data-testid="report-dashboard" disabled={!wholeWorkspaceWriter} checked={report.dashboard} onChange={(dashboard) => setReport({ ...report, dashboard })} />
            <label htmlFor="report-dashboard">{t('ui.reports.dashboard')}</label>
          </Space>
        )}
        <Typography.Text strong>{t('ui.reports.filters')}</Typography.Text>
        <FiltersEditor init={init} value={report.filters} onChange={(filters: Filters) => setReport({ ...report, filters })} testId="report-filters-editor" />
        <Typography.Text strong>{t('ui.reports.indicators')}</Typography.Text>
        <ExportSourceContext.Provider value={{ place, reportFilters: () => report.filters, init: () => init }}>
          {ind.items.map((x, i) => (
            <IndicatorEditor
              key={i}
              index={i}
              init={init}
              value={x}
              refreshing={ind.refreshing === i}
              onChange={(s) => setSchema(i, s)}
              onRefresh={() => refreshOne(i)}
              onRemove={() => ind.set(ind.items.filter((_, j) => j !== i))}
              onCell={(cell) => setDrill({ index: i, cell })}
            />
          ))}
        </ExportSourceContext.Provider>
        <div>
          <Button icon={<PlusOutlined />} data-testid="indicator-add" onClick={() => ind.set([...ind.items, { schema: { ...NEW_INDICATOR } }])}>
            {t('ui.reports.addIndicator')}
          </Button>
        </div>
        <Space wrap>
          <Button type="primary" icon={<SaveOutlined />} loading={saving} data-testid="report-save" onClick={() => void save()}>
            {t('ui.common.save')}
          </Button>
          <Button icon={<ReloadOutlined />} data-testid="report-refresh" loading={ind.refreshing !== null} onClick={refreshAll}>
            {t('ui.reports.refresh')}
          </Button>
          <Button data-testid="report-cancel" onClick={() => navigate(reportId ? placeLink(place, 'cases/report', { rep: reportId }) : placeLink(place, 'cases/reports'))}>
            {t('ui.common.cancel')}
          </Button>
        </Space>
      </Flex>
      <Modal
        open={warning}
        title={t('ui.reports.indicatorWarning')}
        onOk={() => setWarning(false)}
        onCancel={() => setWarning(false)}
        cancelButtonProps={{ style: { display: 'none' } }}
        okButtonProps={{ 'data-testid': 'indicator-warning-ok' } as never}
      >
        <div data-testid="indicator-warning">{t('indicator.needVariables')}</div>
      </Modal>
      {drill && drilled?.data ? (
        <CellCasesDialog
          place={place}
          title={drilled.schema.title || t('ui.reports.untitledIndicator')}
          request={indicatorRequest(report.filters, drilled.schema)}
          data={drilled.data}
          cell={drill.cell}
          init={init}
          onClose={() => setDrill(undefined)}
        />
      ) : null}
    </div>
  );
}
