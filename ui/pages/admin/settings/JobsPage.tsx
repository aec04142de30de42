/**
 * `/sys/admin/settings/jobs` — the server's background jobs (server/jobs/): each with its progress,
 * state, who asked, when, and its error; an administrator cancels a waiting or running one and
 * retries a failed or cancelled one (it resumes where it stopped). `GET /api/sys/jobs`, asked again
 * every 2 s while a job waits or runs.
 */
import { useState } from 'react';
import { Alert, Button, Card, Popconfirm, Progress, Space, Table, Tag, Typography, type ButtonProps } from 'antd';
import { useTranslation } from 'react-i18next';
import { api, errorsOf } from '../../../api/index.ts';
import { dateTimeText } from '../../../i18n/dates.ts';
import { WaitIcon } from '../../../generic/WaitIcon.tsx';
import { useData } from '../../../generic/data/useData.ts';

/** A job as `GET /api/sys/jobs` lists it. */
export interface JobView {
  id: string;
  kind: string;
  state: 'queued' | 'running' | 'done' | 'failed' | 'cancelled';
  done: number;
  total: number | null;
  attempts: number;
  error: string | null;
  workspaceName: string | null;
  userName: string | null;
  createdAt: string;
  startedAt: string | null;
  finishedAt: string | null;
  heartbeatAt: string | null;
  lockedBy: string | null;
}

const stateColor: Record<JobView['state'], string> = { queued: 'default', running: 'processing', done: 'success', failed: 'error', cancelled: 'warning' };

/** `done / total` as a whole percent (100 for a finished job of nothing). */
export const percentOf = (j: Pick<JobView, 'done' | 'total' | 'state'>): number =>
  j.total ? Math.min(100, Math.floor((j.done * 100) / j.total)) : j.state === 'done' ? 100 : 0;

export default function JobsPage() {
  const { t } = useTranslation();
  const [actError, setActError] = useState<string | null>(null);
  // read again every 2 s while a job waits or runs
  const { data: jobs, error: loadError, refetch: load } = useData((signal) => api.get<JobView[]>('/api/sys/jobs', signal), [], {
    poll: (list) => (list?.some((j) => j.state === 'queued' || j.state === 'running') ? 2000 : false),
  });
  const error = actError ?? loadError;

  const act = async (job: JobView, op: 'cancel' | 'retry') => {
    setActError(null);
    try {
      await api.post(`/api/sys/jobs/${job.id}/${op}`, {});
    } catch (err) {
      setActError(errorsOf(err).map((e) => t(e.msg)).join('; '));
    }
    await load();
  };

  const kindLabel = (kind: string) => t(`ui.jobs.kinds.${kind}`, { defaultValue: kind });
  return (
    <Card title={t('ui.jobs.title')} data-testid="jobs-page">
      <Typography.Paragraph type="secondary">{t('ui.jobs.hint')}</Typography.Paragraph>
      {error ? <Alert type="error" showIcon title={error} data-testid="jobs-error" style={{ marginBottom: 12 }} /> : null}
      {!jobs ? (
        <WaitIcon />
      ) : (
        <Table<JobView>
          rowKey="id"
          size="small"
          dataSource={jobs}
          pagination={{ pageSize: 50, hideOnSinglePage: true }}
          locale={{ emptyText: t('ui.jobs.none') }}
          onRow={(j) => ({ 'data-testid': `job-${j.id}` }) as React.HTMLAttributes<HTMLElement>}
          columns={[
            { title: t('ui.jobs.kind'), key: 'kind', render: (_, j) => <span title={j.kind}>{kindLabel(j.kind)}</span> },
            { title: t('ui.jobs.state'), key: 'state', render: (_, j) => <Tag color={stateColor[j.state]} data-testid="job-state">{t(`ui.jobs.states.${j.state}`)}</Tag> },
            {
              title: t('ui.jobs.progress'),
              key: 'progress',
              width: 220,
              render: (_, j) => (
                <div data-testid="job-progress">
                  <Progress percent={percentOf(j)} size="small" status={j.state === 'failed' ? 'exception' : j.state === 'running' ? 'active' : undefined} />
                  <Typography.Text type="secondary">{j.total === null ? t('ui.jobs.doneOnly', { done: j.done }) : t('ui.jobs.doneOf', { done: j.done, total: j.total })}</Typography.Text>
                </div>
              ),
            },
            { title: t('ui.jobs.workspace'), key: 'ws', render: (_, j) => j.workspaceName ?? t('ui.jobs.allWorkspaces') },
            { title: t('ui.jobs.who'), key: 'who', render: (_, j) => j.userName ?? t('ui.jobs.system') },
            { title: t('ui.jobs.created'), key: 'created', render: (_, j) => dateTimeText(j.createdAt) },
            { title: t('ui.jobs.started'), key: 'started', render: (_, j) => dateTimeText(j.startedAt) },
            { title: t('ui.jobs.finished'), key: 'finished', render: (_, j) => dateTimeText(j.finishedAt) },
            { title: t('ui.jobs.attempts'), key: 'attempts', dataIndex: 'attempts' },
            { title: t('ui.jobs.error'), key: 'error', render: (_, j) => (j.error ? <Typography.Text type="danger" data-testid="job-error">{j.error}</Typography.Text> : null) },
            {
              title: '',
              key: 'actions',
              render: (_, j) => (
                <Space>
                  {j.state === 'queued' || j.state === 'running' ? (
                    <Popconfirm title={t('ui.jobs.cancelConfirm')} onConfirm={() => act(j, 'cancel')} okButtonProps={{ 'data-testid': 'job-cancel-ok' } as ButtonProps}>
                      <Button size="small" danger data-testid="job-cancel">
                        {t('ui.jobs.cancel')}
                      </Button>
                    </Popconfirm>
                  ) : null}
                  {j.state === 'failed' || j.state === 'cancelled' ? (
                    <Button size="small" onClick={() => void act(j, 'retry')} data-testid="job-retry">
                      {t('ui.jobs.retry')}
                    </Button>
                  ) : null}
                </Space>
              ),
            },
          ]}
        />
      )}
    </Card>
  );
}
