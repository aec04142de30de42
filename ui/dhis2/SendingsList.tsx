/**
 * The past sendings to DHIS2, newest first: when, who, the period and mapping, a dry run or
 * the sending, DHIS2's status and counts, its conflicts (how many) or why it failed. 50 a page.
 * @example <SendingsList reload={n} />
 */
import { useEffect, useState } from 'react';
import { Button, Card, Table, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { dateTimeText } from '../i18n/dates.ts';
import { dhis2Api } from './api.ts';
import { useData } from '../generic/data/useData.ts';

const COLOR = { SUCCESS: 'green', WARNING: 'orange', ERROR: 'red', FAILED: 'red' } as const;

export function SendingsList({ reload }: { reload: number }) {
  const { t } = useTranslation();
  // the cursors of the pages shown so far (the first page has none): 'Newer' goes back one
  const [cursors, setCursors] = useState<(string | undefined)[]>([undefined]);
  const page = cursors.length;
  const after = cursors[page - 1];
  // a new sending shows on the first page
  useEffect(() => setCursors([undefined]), [reload]);
  const { data } = useData((signal) => dhis2Api.sends(after, signal), [after, reload]);
  const list = data?.list ?? [];
  const next = data?.next ?? null;
  return (
    <Card title={t('ui.dhis2.sendings')} style={{ marginTop: 16 }} data-testid="dhis2-sendings">
      <Table size="small" rowKey="id" dataSource={list} pagination={false} locale={{ emptyText: t('ui.dhis2.noSendings') }}
        columns={[
          { title: t('ui.dhis2.sentAt'), render: (_, s) => dateTimeText(s.sentAt, false) },
          { title: t('ui.dhis2.user'), dataIndex: 'userName' },
          { title: t('ui.dhis2.period'), dataIndex: 'period' },
          { title: t('ui.dhis2.mapping'), dataIndex: 'mapping' },
          { title: t('ui.dhis2.kind'), render: (_, s) => t(s.dryRun ? 'ui.dhis2.kindDry' : 'ui.dhis2.kindSent') },
          { title: t('ui.dhis2.statusTitle'), render: (_, s) => <Tag color={COLOR[s.status]}>{t(`ui.dhis2.status.${s.status}`)}</Tag> },
          { title: t('ui.dhis2.counts'), render: (_, s) => (s.status === 'FAILED' ? s.error : t('ui.dhis2.countsText', { imported: s.imported ?? 0, updated: s.updated ?? 0, ignored: s.ignored ?? 0, deleted: s.deleted ?? 0 })) },
          { title: t('ui.dhis2.conflictsTitle'), render: (_, s) => s.conflicts.length || '' },
        ]} />
      {(page > 1 || next) && (
        <div style={{ marginTop: 8 }}>
          <Button disabled={page === 1} onClick={() => setCursors((c) => c.slice(0, -1))}>{t('ui.dhis2.newer')}</Button>{' '}
          <Button disabled={!next} onClick={() => next && setCursors((c) => [...c, next])}>{t('ui.dhis2.older')}</Button>
        </div>
      )}
    </Card>
  );
}
