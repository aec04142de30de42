/**
 * `/sys/unit/contacts?id=` — the unit's contact register: every contact the unit follows,
 * newest registration first, 50 a page (`POST /api/cases/unit/{unitId}/contacts`, keyset pages:
 * 'Далее' goes on from the last row, 'Назад' returns), all of them or only those waiting for
 * evaluation or on TPT; each row the registration date, the person (age, sex), the index case
 * (a link to its contacts card, the contact opened), type and relation, the evaluation and TPT.
 *
 * @example <ContactRegister unitId={id} />
 */
import { useState } from 'react';
import { Alert, Button, Card, Flex, Segmented, Space, Table, Typography } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { countText } from '../generic/countText.ts';
import { EmptyListWarning } from '../generic/EmptyListWarning.tsx';
import { WaitIcon } from '../generic/WaitIcon.tsx';
import { contactsApi, type ContactRow, type RegisterFilter } from '../cases/contacts/api.ts';
import { EvaluationTag, TptTag } from '../cases/contacts/status.tsx';
import { dateText } from '../cases/treatment/format.ts';
import { useData } from '../generic/data/useData.ts';

const FILTERS: RegisterFilter[] = ['all', 'waiting', 'tpt'];

export function ContactRegister({ unitId }: { unitId: string }) {
  const { t, i18n } = useTranslation();
  const [filter, setFilter] = useState<RegisterFilter>('all');
  // the cursors of the pages shown before this one: 'Назад' pops the last
  const [cursors, setCursors] = useState<(string | null)[]>([null]);
  const after = cursors.at(-1) ?? null;
  const { data, error, loading } = useData((signal) => contactsApi.register(unitId, filter, after, signal), [unitId, filter, after]);

  const columns = [
    { key: 'date', title: t('contact.registrationDate'), render: (_: unknown, r: ContactRow) => dateText(r.registrationDate) },
    {
      key: 'person',
      title: t('contact.person'),
      render: (_: unknown, r: ContactRow) => (
        <div>
          <Typography.Text strong>{r.person.name}</Typography.Text>
          <div>
            <Typography.Text type="secondary">{[r.age !== null ? t('ui.contacts.age', { count: r.age }) : null, t(`gender.${r.person.gender}`)].filter(Boolean).join(', ')}</Typography.Text>
          </div>
        </div>
      ),
    },
    {
      key: 'index',
      title: t('contact.indexCase'),
      render: (_: unknown, r: ContactRow) => (
        <Link data-testid="register-case" to={`/sys/case?id=${encodeURIComponent(r.indexCase.id)}&tab=data&contact=${encodeURIComponent(r.id)}`}>
          {[r.indexCase.caseNumber, r.indexCase.patient].filter(Boolean).join(' · ')}
        </Link>
      ),
    },
    { key: 'type', title: t('contact.contactType'), render: (_: unknown, r: ContactRow) => [t(`contactType.${r.contactType}`), r.relation ? t(`contactRelation.${r.relation}`) : null].filter(Boolean).join(', ') },
    { key: 'evaluation', title: t('ui.contacts.evaluation'), render: (_: unknown, r: ContactRow) => <EvaluationTag row={r} /> },
    { key: 'tpt', title: t('tptcourse.title'), render: (_: unknown, r: ContactRow) => <TptTag tpt={r.tpt} /> },
  ];

  return (
    <Card data-testid="contact-register" title={t('ui.contacts.register')} size="small">
      <Flex justify="space-between" wrap gap={8} style={{ marginBottom: 12 }}>
        <Segmented<RegisterFilter>
          data-testid="register-filter"
          value={filter}
          onChange={(v) => (setFilter(v), setCursors([null]))}
          options={FILTERS.map((f) => ({ value: f, label: <span data-testid={`register-filter-${f}`}>{t(`ui.contacts.filter.${f}`)}</span> }))}
        />
        {data ? (
          <Typography.Text type="secondary" data-testid="register-count">
            {t('ui.common.count', { count: countText(data.count, { capped: data.countCapped }, i18n.language) as unknown as number })}
          </Typography.Text>
        ) : null}
      </Flex>
      {error ? <Alert type="error" showIcon title={error} data-testid="alert-error" /> : null}
      {!data ? (
        <WaitIcon />
      ) : data.list.length ? (
        <Table<ContactRow>
          size="small"
          rowKey="id"
          loading={loading}
          pagination={false}
          dataSource={data.list}
          columns={columns}
          onRow={(r) => ({ 'data-testid': 'register-row', 'data-id': r.id }) as any}
        />
      ) : (
        <EmptyListWarning />
      )}
      <Space style={{ marginTop: 12 }}>
        <Button data-testid="register-prev" disabled={cursors.length < 2} onClick={() => setCursors(cursors.slice(0, -1))}>
          {t('ui.contacts.prev')}
        </Button>
        <Button data-testid="register-next" disabled={!data?.next} onClick={() => data?.next && setCursors([...cursors, data.next])}>
          {t('ui.contacts.next')}
        </Button>
      </Space>
    </Card>
  );
}
