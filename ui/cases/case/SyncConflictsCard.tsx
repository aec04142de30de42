import { useCallback, useEffect, useState } from 'react';
import { Alert, Button, Card, Space, Table, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { errorsOf, syncApi } from '../../api/index.ts';
import { dateText, dateTimeText } from '../../i18n/dates.ts';

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
 * The synchronisation conflicts of a case (issue 24, docs/sync.md): each field an offline client
 * changed that the server had changed too — the server's value (kept) and the client's side by side,
 * who changed it on the client and when — and, for a user who may edit it, 'keep this one' on either
 * value. Shown only when the case has conflicts; `onChange` reloads the case after a client's value
 * is kept.
 * @example <SyncConflictsCard caseId={tbcase.id} version={tbcase.version} onChange={reload} />
 */
export function SyncConflictsCard({ caseId, version, onChange }: { caseId: string; version?: number; onChange: () => void }) {
  const { t } = useTranslation();
  const valueText = useConflictValueText();
  const [list, setList] = useState<syncApi.SyncConflict[]>([]);
  const [errors, setErrors] = useState<string[]>([]);
  const [busy, setBusy] = useState<string>();

  const load = useCallback(() => {
    syncApi.caseConflicts(caseId).then((r) => setList(r.list), () => setList([]));
  }, [caseId]);
  useEffect(load, [load, version]);

  if (!list.length) return null;

  const keep = async (c: syncApi.SyncConflict, which: 'server' | 'client') => {
    setBusy(c.id + which);
    setErrors([]);
    try {
      await syncApi.keepConflictValue(c.id, which);
      if (which === 'client') onChange();
      load();
    } catch (err) {
      setErrors(errorsOf(err).map((e) => t(e.msg)));
    } finally {
      setBusy(undefined);
    }
  };

  const side = (c: syncApi.SyncConflict, which: 'server' | 'client') => (
    <Space direction="vertical" size={2} data-testid={`sync-conflict-${which}`}>
      <Typography.Text strong={c.kept === which || (!c.resolved && which === 'server')}>{valueText(c[which])}</Typography.Text>
      {c.mayResolve ? (
        <Button size="small" data-testid={`sync-conflict-keep-${which}`} loading={busy === c.id + which} onClick={() => void keep(c, which)}>
          {t('ui.sync.conflicts.keep')}
        </Button>
      ) : null}
    </Space>
  );

  return (
    <Card size="small" data-testid="sync-conflicts" title={t('ui.sync.conflicts.title')} style={{ marginBottom: 16 }}>
      {errors.map((e, i) => (
        <Alert key={i} type="error" showIcon title={e} style={{ marginBottom: 8 }} />
      ))}
      <Table
        size="small"
        rowKey="id"
        pagination={false}
        dataSource={list}
        onRow={(c) => ({ 'data-testid': 'sync-conflict', 'data-field': c.field, 'data-resolved': String(c.resolved) }) as React.HTMLAttributes<HTMLElement>}
        columns={[
          { key: 'field', title: t('ui.sync.conflicts.field'), render: (_, c) => c.fieldTitle },
          { key: 'server', title: t('ui.sync.conflicts.server'), render: (_, c) => side(c, 'server') },
          { key: 'client', title: t('ui.sync.conflicts.client'), render: (_, c) => side(c, 'client') },
          {
            key: 'who',
            title: t('ui.sync.conflicts.who'),
            render: (_, c) => (
              <span data-testid="sync-conflict-who">
                {c.userName ?? '—'}, {c.changedAt ? dateTimeText(c.changedAt, false) : '—'}
              </span>
            ),
          },
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
    </Card>
  );
}
