/**
 * `/sys/sync` — offline synchronisation: checking, then not running (password + 'Продолжить'),
 * in progress (phase title + wait icon + progress and counts, polled every 800 ms; a first status
 * other than NOT_RUNNING goes straight here), success (counts, button home) or error ('Произошла
 * ошибка' with the reason, and a way back to the form); the local changes the server refused are
 * listed with their reasons, each with 'Отменить изменение'. On a server (not the offline client) it says that synchronisation is for
 * offline clients and asks nothing.
 */
import { useEffect, useState } from 'react';
import { Alert, Button, Card, Form, Input, Popconfirm, Progress, Result, Table, Typography, type ButtonProps } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { errorsOf, syncApi } from '../../api/index.ts';
import { WaitIcon } from '../../generic/index.ts';
import { LinkButton } from '../../generic/LinkButton.tsx';
import { useSession } from '../../session/index.ts';
import { nextPhase, SYNC_POLL_MS, type SyncPhase } from './syncPhase.ts';
import { PageTitle } from '../../generic/PageTitle.tsx';
import { useData } from '../../generic/data/useData.ts';
import { dateTimeText as formatDateTime } from '../../i18n/dates.ts';
import { SyncConflictsTable } from '../../cases/case/SyncConflictsCard.tsx';
import type { SyncStatus } from '../../api/sync.ts';

export default function SyncPage() {
  const { t } = useTranslation();
  const session = useSession();
  if (!session.clientMode) {
    return (
      <Card title={<PageTitle size={16} style={{ margin: 0 }}>{t('ui.sync.title')}</PageTitle>} data-testid="sync-page" data-phase="server" style={{ maxWidth: 560 }}>
        <Result status="info" title={t('ui.sync.serverTitle')} subTitle={t('ui.sync.serverText')} />
      </Card>
    );
  }
  return <ClientSyncPage />;
}

function ClientSyncPage() {
  const { t } = useTranslation();
  const [phase, setPhase] = useState<SyncPhase>('checking');
  const [status, setStatus] = useState<syncApi.SyncStatus | null>(null);
  const [errors, setErrors] = useState<string[]>([]);
  const [starting, setStarting] = useState(false);

  // the synchronisation's state: read on opening, and every SYNC_POLL_MS while one runs
  const { data: read } = useData(
    (signal) =>
      syncApi.syncStatus(signal).then(
        (s): { status: SyncStatus; unreadable?: boolean } => ({ status: s ?? { id: 'NOT_RUNNING' } }),
        (err) => {
          if (signal.aborted) throw err;
          return { status: { id: 'ERROR', error: errorsOf(err).map((e) => t(e.msg)).join('; ') }, unreadable: true };
        },
      ),
    [],
    { poll: () => (phase === 'running' ? SYNC_POLL_MS : false) },
  );
  useEffect(() => {
    if (!read) return;
    setStatus(read.status);
    // a state that cannot be read is an error at once; what the client says moves the phase on
    if (read.unreadable) setPhase('error');
    else setPhase((p) => (p === 'checking' || p === 'running' ? nextPhase(p, read.status.id) : p));
  }, [read]);

  const start = async ({ password }: { password: string }) => {
    setStarting(true);
    setErrors([]);
    try {
      await syncApi.startSync(password);
      setStatus(null);
      setPhase('running');
    } catch (err) {
      setErrors(errorsOf(err).map((e) => t(e.msg)));
    } finally {
      setStarting(false);
    }
  };

  const counts = status?.counts ?? {};
  return (
    <Card title={<PageTitle size={16} style={{ margin: 0 }}>{t('ui.sync.title')}</PageTitle>} data-testid="sync-page" data-phase={phase} style={{ maxWidth: 640 }}>
      {errors.map((e, i) => (
        <Alert key={i} type="error" showIcon title={e} style={{ marginBottom: 12 }} data-testid="sync-start-error" />
      ))}
      {phase === 'checking' ? (
        <>
          <Typography.Text>{t('ui.sync.checking')}</Typography.Text>
          <WaitIcon />
        </>
      ) : null}
      {phase === 'notRunning' ? (
        <Form layout="vertical" onFinish={(v) => void start(v)}>
          {status?.lastSyncAt ? <Typography.Paragraph type="secondary">{t('ui.sync.lastSync', { at: formatDateTime(status.lastSyncAt) })}</Typography.Paragraph> : null}
          <AutoSyncNote auto={status?.auto} />
          <Form.Item name="password" label={t('ui.sync.password')} rules={[{ required: true, message: t('ui.msg.required') }]}>
            <Input.Password data-testid="sync-password" autoComplete="current-password" />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={starting} data-testid="sync-continue">
            {t('ui.sync.continue')}
          </Button>
        </Form>
      ) : null}
      {phase === 'running' ? (
        <div data-testid="sync-running">
          <Typography.Title level={5} data-testid="sync-phase-title">{status?.title || t('ui.sync.starting')}</Typography.Title>
          <WaitIcon />
          {counts.total ? <Progress percent={Math.round(((counts.done ?? 0) * 100) / counts.total)} aria-label={status?.title || t('ui.sync.starting')} data-testid="sync-progress" /> : null}
          <SyncCounts counts={counts} />
        </div>
      ) : null}
      {phase === 'success' ? (
        <Result
          status="success"
          title={t('ui.sync.success')}
          subTitle={<SyncCounts counts={counts} />}
          extra={
            <LinkButton to="/sys/home" type="primary" data-testid="sync-home">{t('ui.common.goHome')}</LinkButton>
          }
        />
      ) : null}
      {phase === 'error' ? (
        <Result
          status="error"
          title={t('ui.common.error')}
          subTitle={<span data-testid="sync-error-reason">{status?.error || t('ui.sync.errorText')}</span>}
          extra={
            <Button onClick={() => (setErrors([]), setPhase('notRunning'))} data-testid="sync-retry">
              {t('ui.sync.retry')}
            </Button>
          }
        />
      ) : null}
      {phase !== 'running' && phase !== 'checking' && status?.rejected?.length ? <RejectedList list={status.rejected} onChanged={() => void syncApi.syncStatus().then((s) => s && setStatus(s))} /> : null}
      {phase !== 'running' && phase !== 'checking' ? <UnsentList phase={phase} /> : null}
      {phase !== 'running' && phase !== 'checking' ? <ConflictsList phase={phase} /> : null}
    </Card>
  );
}

/**
 * What this client has not yet sent: each change's case (a link), what it changes (the table, the
 * fields), who and when; a change the server refused says so with its reasons. Reloaded when a
 * synchronisation ends.
 */
function UnsentList({ phase }: { phase: SyncPhase }) {
  const { t } = useTranslation();
  const { data = { count: 0, list: [] } } = useData((signal) => syncApi.unsentChanges(signal).catch(() => ({ count: 0, list: [] })), [phase]);
  if (!data.count) return null;
  return (
    <div style={{ marginTop: 16 }} data-testid="sync-unsent">
      <Typography.Title level={5}>{t('ui.sync.unsentTitle', { count: data.count })}</Typography.Title>
      <Table
        size="small"
        rowKey={(c) => `${c.table}:${c.id}`}
        pagination={false}
        dataSource={data.list}
        onRow={() => ({ 'data-testid': 'sync-unsent-item' }) as React.HTMLAttributes<HTMLElement>}
        columns={[
          { key: 'case', title: t('ui.sync.unsentCase'), render: (_, c) => (c.caseId ? <Link to={`/sys/case?id=${c.caseId}`}>{c.caseNumber || t('ui.sync.conflicts.openCase')}</Link> : '—') },
          {
            key: 'what',
            title: t('ui.sync.unsentWhat'),
            render: (_, c) => (
              <>
                {t(`ui.sync.unsentOp.${c.op}`)}: {c.tableTitle}
                {c.op === 'update' && c.fields.length ? ` (${c.fields.join(', ')})` : ''}
                {c.errors ? (
                  <div>
                    <Typography.Text type="danger" data-testid="sync-unsent-refused">{t('ui.sync.unsentRefused')}: {c.errors.map((e) => e.msg).join('; ')}</Typography.Text>
                  </div>
                ) : null}
              </>
            ),
          },
          { key: 'when', title: t('ui.sync.unsentWhen'), render: (_, c) => `${c.userName ?? '—'}, ${formatDateTime(c.at)}` },
        ]}
      />
    </div>
  );
}

/**
 * The conflicts of the unit's cases the client kept at its last synchronisation (open ones, and those
 * resolved lately), each with a link to its case; reloaded when a synchronisation ends.
 */
function ConflictsList({ phase }: { phase: SyncPhase }) {
  const { t } = useTranslation();
  const { data, refetch } = useData((signal) => syncApi.recentConflicts(signal).catch(() => ({ list: [] })), [phase]);
  const list = data?.list ?? [];
  const load = () => void refetch();
  if (!list.length) return null;
  return (
    <div style={{ marginTop: 16 }} data-testid="sync-conflict-list">
      <Typography.Title level={5}>{t('ui.sync.conflicts.listTitle', { count: list.filter((c) => !c.resolved).length })}</Typography.Title>
      <SyncConflictsTable list={list} withCase onKept={load} />
    </div>
  );
}

/** What the synchronisation counted, in one line: sent and how the server took them, received. */
function SyncCounts({ counts }: { counts: NonNullable<syncApi.SyncStatus['counts']> }) {
  const { t } = useTranslation();
  const parts = (['sent', 'applied', 'merged', 'conflict', 'rejected', 'received', 'appliedLocally', 'removedLocally'] as const)
    .filter((k) => counts[k] !== undefined)
    .map((k) => `${t(`ui.sync.count.${k}`)}: ${counts[k]}`);
  return parts.length ? <Typography.Paragraph type="secondary" data-testid="sync-counts">{parts.join(' · ')}</Typography.Paragraph> : null;
}

/**
 * The local changes the server refused, each with its reasons: they stay on this client until the row
 * is edited again (the next synchronisation sends it again) or the change is discarded here.
 */
function RejectedList({ list, onChanged }: { list: syncApi.RejectedChange[]; onChanged: () => void }) {
  const { t } = useTranslation();
  return (
    <Alert
      type="warning"
      showIcon
      style={{ marginTop: 12 }}
      data-testid="sync-rejected"
      title={t('ui.sync.rejectedTitle', { count: list.length })}
      description={
        <ul style={{ margin: 0, paddingInlineStart: 18 }}>
          {list.map((r) => (
            <li key={r.changeId} data-testid="sync-rejected-item">
              {t([`${r.table}.singular`, `${r.table}.title`])} ({formatDateTime(r.at)}): {r.errors.map((e) => e.msg).join('; ')}{' '}
              <DiscardButton change={r} onDone={onChanged} />
            </li>
          ))}
        </ul>
      }
    />
  );
}

/** Discards one rejected change after a confirmation; a row of the server needs the password (its version is fetched). */
function DiscardButton({ change, onDone }: { change: syncApi.RejectedChange; onDone: () => void }) {
  const { t } = useTranslation();
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const created = change.op === 'create';
  const discard = async () => {
    try {
      await syncApi.discardRejected(change.changeId, created ? undefined : password);
      onDone();
    } catch (err) {
      setError(errorsOf(err).map((e) => t(e.msg)).join('; '));
      throw err;
    }
  };
  return (
    <Popconfirm
      title={t(created ? 'ui.sync.discardCreated' : 'ui.sync.discardEdited')}
      description={
        <>
          {created ? null : (
            <Input.Password placeholder={t('ui.sync.discardPassword')} aria-label={t('ui.sync.discardPassword')} value={password} onChange={(e) => setPassword(e.target.value)} data-testid="sync-discard-password" autoComplete="current-password" />
          )}
          {error ? <div><Typography.Text type="danger" data-testid="sync-discard-error">{error}</Typography.Text></div> : null}
        </>
      }
      onConfirm={discard}
      okButtonProps={{ 'data-testid': 'sync-discard-ok' } as ButtonProps}
    >
      <Button size="small" data-testid="sync-discard">{t('ui.sync.discard')}</Button>
    </Popconfirm>
  );
}

/** What the automatic synchronisation did last: when it ran and how it ended, when it let a run pass and why. */
function AutoSyncNote({ auto }: { auto: SyncStatus['auto'] }) {
  const { t } = useTranslation();
  if (!auto) return null;
  const lines = [
    auto.keyUser ? t('ui.sync.auto.on', { user: auto.keyUser, minutes: auto.intervalMinutes ?? 0 }) : t('ui.sync.auto.noKey'),
    auto.lastRunAt ? t(auto.lastResult === 'ok' ? 'ui.sync.auto.ranOk' : 'ui.sync.auto.ranError', { at: formatDateTime(auto.lastRunAt), error: auto.lastError ?? '' }) : null,
    auto.skippedAt && auto.skippedReason ? t(`ui.sync.auto.skipped.${auto.skippedReason}`, { at: formatDateTime(auto.skippedAt) }) : null,
  ].filter(Boolean);
  return (
    <div data-testid="sync-auto">
      {lines.map((l, i) => (
        <Typography.Paragraph key={i} type="secondary" style={{ marginBottom: 4 }}>
          {l}
        </Typography.Paragraph>
      ))}
    </div>
  );
}
