/**
 * `/sys/import[?job=<id>]` — importing a register of cases: choose an XLSX or CSV file, map
 * its sheets and columns to fields (a first mapping comes from the headers), match the values the
 * server did not recognise, check it (the dry run: nothing written, each row's errors per field),
 * then import it, the progress on screen; the rows with what became of them, and the error report to
 * download. The job's id is in the address, so a reload — or a server restarted meanwhile — comes
 * back to where it stands. Needs CASE_IMPORT.
 */
import { useEffect, useState } from 'react';
import { Alert, Button, Card, Descriptions, Input, List, Progress, Select, Space, Typography } from 'antd';
import { Link, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { errorsOf, type FieldError } from '../../api/index.ts';
import { NoPermission } from '../../generic/NoPermission.tsx';
import { PageTitle } from '../../generic/PageTitle.tsx';
import { hasPermission, useSession } from '../../session/index.ts';
import { importApi, sameMapping, uploadFile, WORKING, type ColumnValues, type FieldsView, type ImportJob, type ImportMapping, type SavedMapping } from './api.ts';
import { ImportRows } from './ImportRows.tsx';
import { MappingEditor } from './MappingEditor.tsx';
import { ValuesEditor } from './ValuesEditor.tsx';
import { useData } from '../../generic/data/useData.ts';

const POLL_MS = 1000;
const NO_VALUES: ColumnValues[] = [];
const NO_JOBS: ImportJob[] = [];
const NO_MAPPINGS: SavedMapping[] = [];
const PERMISSION = 'CASE_IMPORT';

export default function ImportPage() {
  const session = useSession();
  if (!hasPermission(session, PERMISSION)) return <NoPermission permission={PERMISSION} />;
  return <Importer />;
}

function Importer() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const jobId = params.get('job');
  const [mapping, setMapping] = useState<ImportMapping | null>(null);
  const [errors, setErrors] = useState<FieldError[]>([]);
  const [busy, setBusy] = useState(false);
  const [sent, setSent] = useState<number | null>(null);
  const [saveAs, setSaveAs] = useState('');

  const { data: fields = null, errors: fieldsErrors } = useData((signal) => importApi.fields(signal), []);
  // the job, polled while the server works on it; another job's never shown
  const jobRead = useData((signal) => importApi.job(jobId!, signal), [jobId], {
    enabled: !!jobId,
    keepPrevious: false,
    poll: (j) => (j && WORKING.includes(j.state) ? POLL_MS : false),
  });
  const job = jobRead.data ?? null;
  useEffect(() => void (fieldsErrors.length && setErrors(fieldsErrors)), [fieldsErrors]);
  useEffect(() => void (jobRead.errors.length && setErrors(jobRead.errors)), [jobRead.errors]);
  useEffect(() => setMapping(null), [jobId]);

  // the mapping as the server holds it, when the job settles; the values it leaves unmatched
  const settled = job && !WORKING.includes(job.state) ? `${job.id}:${job.state}` : null;
  useEffect(() => {
    if (job?.mapping && settled) setMapping((m) => m ?? job.mapping);
  }, [settled]);
  const { data: values = NO_VALUES } = useData((signal) => importApi.values(job!.id, signal).catch((): ColumnValues[] => []), [settled], {
    enabled: !!settled && !!job?.mapping && job.state !== 'FAILED',
    keepPrevious: false,
  });

  const act = async (what: () => Promise<unknown>) => {
    setBusy(true);
    setErrors([]);
    try {
      await what();
    } catch (e) {
      setErrors(errorsOf(e));
    } finally {
      setBusy(false);
    }
  };
  // a background step was started: the job read again, and followed until it settles
  const refresh = () => jobRead.refetch();

  const upload = (file: File, mappingId?: string) =>
    act(async () => {
      setSent(0);
      const id = await uploadFile(file, setSent, mappingId);
      setSent(null);
      setParams({ job: id });
    }).finally(() => setSent(null));

  const check = () =>
    act(async () => {
      await importApi.setMapping(job!.id, mapping!, saveAs.trim() || undefined);
      setSaveAs('');
      await importApi.dryRun(job!.id);
      await refresh();
    });
  const run = () =>
    act(async () => {
      await importApi.run(job!.id);
      await refresh();
    });
  const cancel = () => act(async () => (await importApi.cancel(job!.id), await refresh()));

  const working = !!job && WORKING.includes(job.state);
  const mappable = !!job && ['READY', 'CHECKED', 'CANCELLED'].includes(job.state);
  const changed = !!job && !!mapping && !sameMapping(mapping, job.mapping);

  return (
    <Card title={<PageTitle size={18} style={{ margin: 0 }}>{t('ui.import.title')}</PageTitle>} data-testid="import-page" data-state={job?.state ?? 'NONE'}>
      <Space direction="vertical" size="large" style={{ width: '100%' }}>
        {errors.length > 0 && (
          <Alert type="error" data-testid="import-errors" message={<ul style={{ margin: 0, paddingLeft: 16 }}>{errors.map((e, i) => <li key={i}>{t(e.msg)}</li>)}</ul>} />
        )}
        {!jobId && <FileChooser busy={busy} sent={sent} onFile={upload} templates={fields?.templates ?? []} />}
        {jobId && !job && <Typography.Text type="secondary">{t('ui.import.loading')}</Typography.Text>}
        {job && (
          <>
            <Descriptions size="small" column={1} bordered>
              <Descriptions.Item label={t('ui.import.file')}>{job.fileName}</Descriptions.Item>
              <Descriptions.Item label={t('ui.import.state')}>
                <span data-testid="import-state">{job.stateLabel}</span>
              </Descriptions.Item>
              {(['CHECKED', 'DONE', 'IMPORTING', 'CHECKING'] as string[]).includes(job.state) && (
                <Descriptions.Item label={job.state === 'CHECKED' || job.state === 'CHECKING' ? t('ui.import.checkResult') : t('ui.import.runResult')}>
                  <span data-testid="import-counts" data-imported={job.counts.imported} data-errors={job.counts.errors} data-skipped={job.counts.skipped}>
                    {t(job.state === 'CHECKED' || job.state === 'CHECKING' ? 'ui.import.countsChecked' : 'ui.import.counts', job.counts)}
                  </span>
                </Descriptions.Item>
              )}
            </Descriptions>
            {working && (
              <div data-testid="import-progress" data-done={job.done} data-total={job.total}>
                <Progress percent={job.total ? Math.floor((job.done * 100) / job.total) : 0} />
                <Typography.Text type="secondary">{t('ui.import.progress', { done: job.done, total: job.total })}</Typography.Text>
              </div>
            )}
            {job.state === 'FAILED' && <Alert type="error" data-testid="import-failed" message={job.error} />}
            {mappable && fields && mapping && (
              <>
                <MappingEditor job={job} fields={fields} mapping={mapping} onChange={setMapping} />
                <ValuesEditor columns={values} mapping={mapping} onChange={setMapping} />
                <label>
                  <Typography.Text>{t('ui.import.saveAs')} </Typography.Text>
                  <Input data-testid="import-save-as" style={{ maxWidth: 360 }} maxLength={200} placeholder={t('ui.import.saveAsPlaceholder')} value={saveAs} onChange={(e) => setSaveAs(e.target.value)} />
                </label>
              </>
            )}
            <Space wrap>
              {mappable && (
                <Button type={job.checked && !changed ? 'default' : 'primary'} data-testid="import-check" loading={busy} onClick={check}>
                  {t('ui.import.check')}
                </Button>
              )}
              {job.state === 'CHECKED' && !changed && (
                <Button type="primary" data-testid="import-run" loading={busy} onClick={run} disabled={job.counts.imported === 0}>
                  {t('ui.import.run', { count: job.counts.imported })}
                </Button>
              )}
              {(working || mappable) && job.state !== 'CANCELLED' && (
                <Button data-testid="import-cancel" onClick={cancel} disabled={busy}>
                  {t('ui.import.cancel')}
                </Button>
              )}
              {['CHECKED', 'DONE'].includes(job.state) && job.counts.errors > 0 && (
                <a data-testid="import-report" href={importApi.reportUrl(job.id)} download>
                  {t('ui.import.report')}
                </a>
              )}
              <Link data-testid="import-new" to="/sys/import" onClick={() => setParams({})}>
                {t('ui.import.another')}
              </Link>
            </Space>
            {changed && job.state === 'CHECKED' && <Typography.Text type="warning" data-testid="import-recheck">{t('ui.import.recheck')}</Typography.Text>}
            {['CHECKED', 'DONE'].includes(job.state) && <ImportRows jobId={job.id} version={`${job.state}:${job.done}`} />}
          </>
        )}
      </Space>
    </Card>
  );
}

/** The file input (with a saved mapping to start from), the templates to fill, and the latest imports, each opened again by its link. */
function FileChooser({ busy, sent, onFile, templates }: { busy: boolean; sent: number | null; onFile: (f: File, mappingId?: string) => void; templates: FieldsView['templates'] }) {
  const { t } = useTranslation();
  const { data: jobs = NO_JOBS } = useData((signal) => importApi.jobs(signal).catch((): ImportJob[] => []), []);
  const { data: saved = NO_MAPPINGS } = useData((signal) => importApi.mappings(signal).catch((): SavedMapping[] => []), []);
  const [mappingId, setMappingId] = useState<string | undefined>();
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Typography.Paragraph>{t('ui.import.intro')}</Typography.Paragraph>
      {saved.length > 0 && (
        <label>
          <Typography.Text strong>{t('ui.import.savedMapping')} </Typography.Text>
          <Select id="import-saved-mapping" data-testid="import-saved-mapping" style={{ minWidth: 280 }} allowClear placeholder={t('ui.import.savedMappingNone')} value={mappingId}
            onChange={(v) => setMappingId(v)} options={saved.map((m) => ({ value: m.id, label: m.name }))} />
        </label>
      )}
      <label>
        <Typography.Text strong>{t('ui.import.chooseFile')} </Typography.Text>
        <input
          type="file"
          data-testid="import-file"
          accept=".xlsx,.csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,text/csv"
          disabled={busy}
          onChange={(e) => {
            const f = e.target.files?.[0];
            if (f) onFile(f, mappingId);
          }}
        />
      </label>
      {templates.length > 0 && (
        <Typography.Paragraph data-testid="import-templates">
          {t('ui.import.templates')}{' '}
          {templates.map((x, i) => (
            <span key={x.form}>
              {i > 0 && ', '}
              <a data-testid="import-template" data-form={x.form} href={importApi.templateUrl(x.form)} download>
                {x.title}
              </a>
            </span>
          ))}
        </Typography.Paragraph>
      )}
      {sent !== null && <Typography.Text type="secondary">{t('ui.import.uploading', { kb: Math.round(sent / 1024) })}</Typography.Text>}
      {jobs.length > 0 && (
        <List
          size="small"
          header={<Typography.Text strong>{t('ui.import.latest')}</Typography.Text>}
          dataSource={jobs.slice(0, 10)}
          renderItem={(j) => (
            <List.Item data-testid="import-job" data-id={j.id}>
              <Link to={`/sys/import?job=${j.id}`}>{j.fileName}</Link> — {j.stateLabel}
              {j.userName ? ` (${j.userName})` : ''}
            </List.Item>
          )}
        />
      )}
    </Space>
  );
}
