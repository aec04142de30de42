/**
 * Synchronisation conflicts (ADMIN): the workspace's open conflicts of offline uploads,
 * newest first — the case (a link to its page, where a user with edit rights keeps one value), the
 * field, the server's kept value and the client's, who changed it on the client and when; 50 at a
 * time, 'Показать ещё' for more.
 */
import { useState } from 'react';
import { Alert, Button, Card, Table } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { errorsOf, syncApi } from '../../api/index.ts';
import { useConflictValueText } from '../../cases/case/SyncConflictsCard.tsx';
import { dateTimeText } from '../../i18n/dates.ts';
import { useData } from '../../generic/data/useData.ts';

export default function SyncConflictsReport() {
  const { t } = useTranslation();
  const valueText = useConflictValueText();
  const { data, error, loading, setData } = useData((signal) => syncApi.openConflicts(undefined, signal), []);
  const [more, setMore] = useState<{ loading: boolean; errors: string[] }>({ loading: false, errors: [] });
  const list = data?.list ?? [];
  const next = data?.next ?? null;
  const errors = [...(error ? [error] : []), ...more.errors];

  /** 'Показать ещё': the next 50 after the last shown, added below. */
  const loadMore = async (after: string) => {
    setMore({ loading: true, errors: [] });
    try {
      const page = await syncApi.openConflicts(after);
      setData((old) => ({ list: [...(old?.list ?? []), ...page.list], next: page.next }));
      setMore({ loading: false, errors: [] });
    } catch (err) {
      setMore({ loading: false, errors: errorsOf(err).map((e) => t(e.msg)) });
    }
  };

  return (
    <Card title={t('ui.sync.conflicts.adminTitle')} data-testid="report-syncconflicts">
      {errors.map((e, i) => (
        <Alert key={i} type="error" showIcon title={e} style={{ marginBottom: 8 }} />
      ))}
      <Table
        size="small"
        rowKey="id"
        loading={loading || more.loading}
        pagination={false}
        dataSource={list}
        locale={{ emptyText: t('ui.sync.conflicts.none') }}
        onRow={() => ({ 'data-testid': 'sync-conflict-row' }) as React.HTMLAttributes<HTMLElement>}
        columns={[
          { key: 'case', title: t('ui.sync.conflicts.case'), render: (_, c) => (c.rootId ? <Link to={`/sys/case?id=${c.rootId}`}>{t('ui.sync.conflicts.openCase')}</Link> : '—') },
          { key: 'field', title: t('ui.sync.conflicts.field'), render: (_, c) => c.fieldTitle },
          { key: 'server', title: t('ui.sync.conflicts.server'), render: (_, c) => c.serverText ?? valueText(c.server) },
          { key: 'client', title: t('ui.sync.conflicts.client'), render: (_, c) => c.clientText ?? valueText(c.client) },
          { key: 'who', title: t('ui.sync.conflicts.who'), render: (_, c) => `${c.userName ?? '—'}, ${c.changedAt ? dateTimeText(c.changedAt, false) : '—'}` },
        ]}
      />
      {next ? (
        <Button style={{ marginTop: 12 }} onClick={() => void loadMore(next)} loading={more.loading} data-testid="sync-conflicts-more">
          {t('ui.sync.conflicts.more')}
        </Button>
      ) : null}
    </Card>
  );
}
