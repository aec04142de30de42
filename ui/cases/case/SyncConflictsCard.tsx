import { useState } from 'react';
import { Alert, Button, Card, Input, Popconfirm, Space, Table, Tag, Typography, type ButtonProps } from 'antd';
import { Link } from 'react-router';
import { useSession } from '../../session/index.ts';
import { useTranslation } from 'react-i18next';
import { errorsOf, syncApi } from '../../api/index.ts';
import { dateText, dateTimeText } from '../../i18n/dates.ts';
import { useData } from '../../generic/data/useData.ts';

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * A conflict's stored value as the reader reads it: a date in their format, yes / no, '—' for none.
 * @example const valueText = useConflictValueText(); valueText('2025-03-01') // '01.03.2025'
 */
export function useConflictValueText() {
  const { t } = useTranslation();
  return (v: unknown): string => {
    if (v === null || v === undefined || v === '') return '—';
    if (typeof v === 'string') return ISO_DATE.test(v) ? dateText(v) : v;
    if (typeof v === 'boolean') return t(v ? 'global.yes' : 'global.no');
    return typeof v === 'object' ? JSON.stringify(v) : String(v);
  };
}

/**
 * The synchronisation conflicts of a case (docs/sync.md): each field an offline client
 * changed that the server had changed too — the server's value (kept) and the client's side by side as
 * the reader reads them (labels, names, dates), who changed each side and when, and the state — and,
 * for a user who may edit it, 'keep this one' on either value after a confirmation. On the offline
 * client the conflicts are those it kept at its last synchronisation, and keeping one is done on the
 * server with the user's password. Shown only when the case has conflicts; `onChange` reloads the case
 * after a client's value is kept.
 * @example <SyncConflictsCard caseId={tbcase.id} version={tbcase.version} onChange={reload} />
 */
export function SyncConflictsCard({ caseId, version, onChange }: { caseId: string; version?: number; onChange: () => void }) {
  const { t } = useTranslation();
  // read again when the case changed (a synchronisation may have brought or settled one)
  const { data, refetch: load } = useData((signal) => syncApi.caseConflicts(caseId, signal), [caseId, version]);
  const list = data?.list ?? [];

  if (!list.length) return null;
  return (
    <Card size="small" data-testid="sync-conflicts" title={t('ui.sync.conflicts.title')} style={{ marginBottom: 16 }}>
      <SyncConflictsTable list={list} onKept={(which) => (which === 'client' ? onChange() : undefined, void load())} />
    </Card>
  );
}

/**
 * Conflicts as a table: the field, both values (the kept one in bold), who changed each side and when,
 * the state, and 'keep this one' with its confirmation; `withCase` adds a link to each one's case (the
 * offline client's sync page). `onKept` is told after a value was kept.
 * @example <SyncConflictsTable list={list} withCase onKept={reload} />
 */
export function SyncConflictsTable({ list, withCase, onKept }: { list: syncApi.SyncConflict[]; withCase?: boolean; onKept: (which: 'server' | 'client') => void }) {
  const { t } = useTranslation();
  const valueText = useConflictValueText();
  const text = (c: syncApi.SyncConflict, which: 'server' | 'client') => c[`${which}Text`] ?? valueText(c[which]);
  const side = (c: syncApi.SyncConflict, which: 'server' | 'client') => (
    <Space direction="vertical" size={2} data-testid={`sync-conflict-${which}`}>
      <Typography.Text strong={c.kept === which || (!c.resolved && which === 'server')}>{text(c, which)}</Typography.Text>
      {c.mayResolve ? <KeepButton conflict={c} which={which} value={text(c, which)} other={text(c, which === 'server' ? 'client' : 'server')} onKept={() => onKept(which)} /> : null}
    </Space>
  );
  const who = (name?: string | null, at?: string | null) => `${name ?? '—'}, ${at ? dateTimeText(at, false) : '—'}`;
  return (
    <Table
      size="small"
      rowKey="id"
      pagination={false}
      dataSource={list}
      onRow={(c) => ({ 'data-testid': 'sync-conflict', 'data-field': c.field, 'data-resolved': String(c.resolved) }) as React.HTMLAttributes<HTMLElement>}
      columns={[
        ...(withCase ? [{ key: 'case', title: t('ui.sync.conflicts.case'), render: (_: unknown, c: syncApi.SyncConflict) => (c.rootId ? <Link to={`/sys/case?id=${c.rootId}`} data-testid="sync-conflict-case">{t('ui.sync.conflicts.openCase')}</Link> : '—') }] : []),
        { key: 'field', title: t('ui.sync.conflicts.field'), render: (_, c) => c.fieldTitle },
        { key: 'server', title: t('ui.sync.conflicts.server'), render: (_, c) => side(c, 'server') },
        { key: 'client', title: t('ui.sync.conflicts.client'), render: (_, c) => side(c, 'client') },
        { key: 'whoServer', title: t('ui.sync.conflicts.whoServer'), render: (_, c) => <span data-testid="sync-conflict-who-server">{who(c.serverUserName, c.serverChangedAt)}</span> },
        { key: 'who', title: t('ui.sync.conflicts.who'), render: (_, c) => <span data-testid="sync-conflict-who">{who(c.userName, c.changedAt)}</span> },
        {
          key: 'state',
          title: t('ui.sync.conflicts.state'),
          render: (_, c) =>
            c.resolved ? (
              <Tag color="green" data-testid="sync-conflict-state">
                {t(c.kept === 'client' ? 'ui.sync.conflicts.keptClient' : 'ui.sync.conflicts.keptServer', { name: c.resolvedByName ?? '—' })}
              </Tag>
            ) : (
              <Tag color="orange" data-testid="sync-conflict-state">
                {t('ui.sync.conflicts.open')}
              </Tag>
            ),
        },
      ]}
    />
  );
}

/** 'Keep this one' after a confirmation naming the value; on the offline client the confirmation asks the user's password too (the server checks it). */
function KeepButton({ conflict, which, value, other, onKept }: { conflict: syncApi.SyncConflict; which: 'server' | 'client'; value: string; other: string; onKept: () => void }) {
  const { t } = useTranslation();
  const session = useSession();
  const onClient = !!session.clientMode;
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const keep = async () => {
    setError(null);
    try {
      await syncApi.keepConflictValue(conflict.id, which, onClient ? password : undefined);
      onKept();
    } catch (err) {
      setError(errorsOf(err).map((e) => t(e.msg)).join('; '));
      throw err;
    }
  };
  return (
    <Popconfirm
      title={t('ui.sync.conflicts.keepConfirm', { value })}
      description={
        <div style={{ maxWidth: 360 }}>
          <Typography.Paragraph style={{ marginBottom: 8 }}>{which === 'server' ? t('ui.sync.conflicts.keepConfirmServer') : t('ui.sync.conflicts.keepConfirmClient', { other })}</Typography.Paragraph>
          {onClient ? (
            <>
              <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>{t('ui.sync.conflicts.keepOnClient')}</Typography.Paragraph>
              <Input.Password placeholder={t('ui.sync.conflicts.password')} aria-label={t('ui.sync.conflicts.password')} value={password} onChange={(e) => setPassword(e.target.value)} data-testid="sync-conflict-password" autoComplete="current-password" />
            </>
          ) : null}
          {error ? <Alert type="error" showIcon title={error} style={{ marginTop: 8 }} data-testid="sync-conflict-error" /> : null}
        </div>
      }
      onConfirm={keep}
      okButtonProps={{ 'data-testid': 'sync-conflict-keep-ok' } as ButtonProps}
    >
      <Button size="small" data-testid={`sync-conflict-keep-${which}`}>
        {t('ui.sync.conflicts.keep')}
      </Button>
    </Popconfirm>
  );
}
