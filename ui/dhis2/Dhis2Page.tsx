/**
 * `/sys/dhis2` — the numbers for DHIS2: choose the mapping (a DHIS2 data set), the period
 * and the place; show the values each org unit would send; download them as DHIS2's JSON or as ADX;
 * a dry run (DHIS2 checks, stores nothing) and its import summary; then the sending; the past
 * sendings below, and the DHIS2 server's settings for a holder of SETUPWS. Needs DHIS_EXPORT; sending
 * DHIS_EXPORT_EDT (the server says so too).
 */
import { useEffect, useState } from 'react';
import { Alert, Button, Card, Col, InputNumber, Row, Select, Space, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { errorsOf, fetchOptions, type FieldError, type Option } from '../api/index.ts';
import { NoPermission } from '../generic/NoPermission.tsx';
import { PageTitle } from '../generic/PageTitle.tsx';
import { download } from '../reports/download.ts';
import { hasPermission, useSession } from '../session/index.ts';
import { dhis2Api, type ExportChoice, type MappingInfo, type Preview, type Sending } from './api.ts';
import { SendingSummary } from './SendingSummary.tsx';
import { SendingsList } from './SendingsList.tsx';
import { ServerSettingsCard } from './ServerSettingsCard.tsx';
import { useData } from '../generic/data/useData.ts';

const PERMISSION = 'DHIS_EXPORT';

export default function Dhis2Page() {
  const session = useSession();
  if (!hasPermission(session, PERMISSION)) return <NoPermission permission={PERMISSION} />;
  return <Dhis2Export maySend={hasPermission(session, `${PERMISSION}_EDT`)} maySetUp={hasPermission(session, 'SETUPWS')} />;
}

/** The last whole quarter: what a programme sends next. */
function lastQuarter(now = new Date()): { year: number; quarter: number } {
  const q = Math.floor(now.getMonth() / 3);
  return q === 0 ? { year: now.getFullYear() - 1, quarter: 4 } : { year: now.getFullYear(), quarter: q };
}

const NO_MAPPINGS: MappingInfo[] = [];
const NO_PLACES: Option[] = [];

const sameChoice = (a: ExportChoice, b: ExportChoice) => JSON.stringify(a) === JSON.stringify(b);

function Dhis2Export({ maySend, maySetUp }: { maySend: boolean; maySetUp: boolean }) {
  const { t } = useTranslation();
  const [choice, setChoice] = useState<ExportChoice>({ mapping: '', ...lastQuarter(), scope: 'WORKSPACE' });
  const [preview, setPreview] = useState<Preview | null>(null);
  const [last, setLast] = useState<{ sending: Sending; choice: ExportChoice } | null>(null);
  const [errors, setErrors] = useState<FieldError[]>([]);
  const [busy, setBusy] = useState(false);
  const [reload, setReload] = useState(0);

  const { data: mappings = NO_MAPPINGS, errors: mappingErrors } = useData((signal) => dhis2Api.mappings(signal), []);
  // the first mapping is chosen until the user chooses
  useEffect(() => {
    if (mappings[0]) setChoice((c) => ({ ...c, mapping: c.mapping || mappings[0].id }));
  }, [mappings]);
  useEffect(() => void (mappingErrors.length && setErrors(mappingErrors)), [mappingErrors]);
  // the units or areas of the scope chosen last: a list read for a scope left before it came is never shown
  const { data: places = NO_PLACES } = useData(
    (signal) => fetchOptions(choice.scope === 'UNIT' ? 'unit' : 'adminunit', {}, signal).catch((): Option[] => []),
    [choice.scope],
    { enabled: choice.scope !== 'WORKSPACE', keepPrevious: false },
  );

  const mapping = mappings.find((m) => m.id === choice.mapping);
  const quarterly = mapping?.periodType !== 'Yearly';
  const asked: ExportChoice = { ...choice, quarter: quarterly ? choice.quarter : undefined, scopeId: choice.scope === 'WORKSPACE' ? undefined : choice.scopeId };
  const ready = !!mapping && (asked.scope === 'WORKSPACE' || !!asked.scopeId);
  const change = (patch: Partial<ExportChoice>) => {
    setChoice((c) => ({ ...c, ...patch }));
    setPreview(null);
  };

  const act = async (work: () => Promise<void>) => {
    setBusy(true);
    setErrors([]);
    try {
      await work();
    } catch (e) {
      setErrors(errorsOf(e));
    } finally {
      setBusy(false);
    }
  };
  const fileName = (ext: string) => `${asked.mapping}-${asked.year}${asked.quarter ? `Q${asked.quarter}` : ''}.${ext}`;
  const send = (dryRun: boolean) =>
    act(async () => {
      const sending = await dhis2Api.send(asked, dryRun);
      setLast({ sending, choice: asked });
      setReload((n) => n + 1);
    });
  // the real sending follows a dry run of the same choice that DHIS2 accepted (the server checks the very values)
  const dryRunPassed = !!last && last.sending.dryRun && ['SUCCESS', 'WARNING'].includes(last.sending.status) && sameChoice(last.choice, asked);

  return (
    <div data-testid="dhis2-page">
      <PageTitle>{t('ui.dhis2.title')}</PageTitle>
      <Typography.Paragraph type="secondary">{t('ui.dhis2.intro')}</Typography.Paragraph>
      <Card>
        <Row gutter={[16, 12]}>
          <Col xs={24} md={10}>
            <label htmlFor="dhis2-mapping">{t('ui.dhis2.mapping')}</label>
            <Select id="dhis2-mapping" data-testid="dhis2-mapping" style={{ width: '100%' }} value={choice.mapping || undefined} onChange={(mapping) => change({ mapping })}
              options={mappings.map((m) => ({ value: m.id, label: `${m.name} (${m.dataSet})` }))} />
          </Col>
          <Col xs={12} md={4}>
            <label htmlFor="dhis2-year">{t('ui.dhis2.year')}</label>
            <InputNumber id="dhis2-year" data-testid="dhis2-year" style={{ width: '100%' }} min={1990} max={2200} value={choice.year} onChange={(y) => y && change({ year: y })} />
          </Col>
          {quarterly && (
            <Col xs={12} md={4}>
              <label htmlFor="dhis2-quarter">{t('ui.dhis2.quarter')}</label>
              <Select id="dhis2-quarter" data-testid="dhis2-quarter" style={{ width: '100%' }} value={choice.quarter} onChange={(quarter) => change({ quarter })}
                options={[1, 2, 3, 4].map((q) => ({ value: q, label: t('ui.dhis2.quarterN', { n: q }) }))} />
            </Col>
          )}
          <Col xs={24} md={6}>
            <label htmlFor="dhis2-scope">{t('ui.dhis2.place')}</label>
            <Select id="dhis2-scope" data-testid="dhis2-scope" style={{ width: '100%' }} value={choice.scope} onChange={(scope) => change({ scope, scopeId: undefined })}
              options={(['WORKSPACE', 'ADMINUNIT', 'UNIT'] as const).map((s) => ({ value: s, label: t(`ui.dhis2.scope.${s}`) }))} />
          </Col>
          {choice.scope !== 'WORKSPACE' && (
            <Col xs={24} md={10}>
              <label htmlFor="dhis2-scope-id">{t(`ui.dhis2.scope.${choice.scope}`)}</label>
              <Select id="dhis2-scope-id" data-testid="dhis2-scope-id" style={{ width: '100%' }} showSearch optionFilterProp="label" value={choice.scopeId}
                onChange={(scopeId) => change({ scopeId })} options={places.map((p) => ({ value: String(p.value), label: p.label }))} />
            </Col>
          )}
        </Row>
        <Space wrap style={{ marginTop: 16 }}>
          <Button type="primary" data-testid="dhis2-preview" disabled={!ready} loading={busy} onClick={() => act(async () => setPreview(await dhis2Api.preview(asked)))}>{t('ui.dhis2.preview')}</Button>
          <Button data-testid="dhis2-json" disabled={!ready || busy} onClick={() => act(async () => download(new Blob([JSON.stringify(await dhis2Api.file(asked, 'json'), null, 2)], { type: 'application/json' }), fileName('json')))}>{t('ui.dhis2.downloadJson')}</Button>
          <Button data-testid="dhis2-adx" disabled={!ready || busy} onClick={() => act(async () => download(new Blob([String(await dhis2Api.file(asked, 'adx'))], { type: 'application/adx+xml' }), fileName('adx.xml')))}>{t('ui.dhis2.downloadAdx')}</Button>
          {maySend && <Button data-testid="dhis2-dryrun" disabled={!ready || busy} onClick={() => send(true)}>{t('ui.dhis2.dryRun')}</Button>}
          {maySend && <Button type="primary" danger data-testid="dhis2-send" disabled={!ready || busy || !dryRunPassed} onClick={() => send(false)}>{t('ui.dhis2.send')}</Button>}
        </Space>
        {maySend && !dryRunPassed && <Typography.Paragraph type="secondary" style={{ marginTop: 8 }}>{t('ui.dhis2.dryRunFirst')}</Typography.Paragraph>}
        {errors.length > 0 && <Alert style={{ marginTop: 12 }} type="error" data-testid="dhis2-errors" showIcon message={errors.map((e) => e.msg).join('; ')} />}
      </Card>

      {last && <SendingSummary sending={last.sending} />}

      {preview && (
        <Card title={t('ui.dhis2.values', { count: preview.values.length, period: preview.period })} style={{ marginTop: 16 }} data-testid="dhis2-values">
          {preview.unmapped.length > 0 && <Alert type="warning" showIcon style={{ marginBottom: 12 }} data-testid="dhis2-unmapped" message={t('ui.dhis2.unmapped', { names: preview.unmapped.join(', ') })} />}
          {preview.withheld > 0 && <Alert type="info" showIcon style={{ marginBottom: 12 }} message={t('ui.dhis2.withheld', { count: preview.withheld })} />}
          {preview.orgUnits.length === 0 && <Alert type="warning" showIcon message={t('ui.dhis2.noOrgUnits')} />}
          <Table size="small" rowKey={(v) => `${v.orgUnit}.${v.dataElement}.${v.categoryOptionCombo}`} dataSource={preview.values} pagination={{ pageSize: 50, showSizeChanger: false }}
            columns={[
              { title: t('ui.dhis2.orgUnit'), dataIndex: 'orgUnitName' },
              { title: t('ui.dhis2.what'), dataIndex: 'label' },
              { title: t('ui.dhis2.dataElement'), render: (_, v) => <Typography.Text code>{v.dataElement} / {v.categoryOptionCombo}</Typography.Text> },
              { title: t('ui.dhis2.value'), dataIndex: 'value', align: 'right' },
            ]} />
        </Card>
      )}

      <SendingsList reload={reload} />
      {maySetUp && <ServerSettingsCard />}
    </div>
  );
}
