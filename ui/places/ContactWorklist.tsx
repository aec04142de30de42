/**
 * The unit worklist's contact lists (`cases/contacts/worklist.ts`): the contacts waiting
 * for evaluation — children under five first, then household contacts, then the longest waiting —
 * and the TPT courses with a dose missed in the last 14 days, each a card with its row count whose
 * rows open the contact on its index case's page. Not drawn without CASECONTACT (the lists are null).
 *
 * @example <ContactWorklist data={worklist} />
 */
import { Card, Empty, Table, Tag } from 'antd';
import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { dateText } from '../cases/treatment/format.ts';
import type { ContactToEvaluateRow, TptMissedRow, Worklist, WorklistContact } from './worklistApi.ts';

export function ContactWorklist({ data }: { data: Worklist }) {
  const { t } = useTranslation();
  const person = {
    key: 'person',
    title: t('contact.person'),
    render: (_: unknown, r: WorklistContact) => (
      <Link data-testid="worklist-contact" to={`/sys/case?id=${encodeURIComponent(r.caseId)}&tab=data&contact=${encodeURIComponent(r.contactId)}`}>
        {r.person}
      </Link>
    ),
  };
  const age = { key: 'age', title: t('contact.age'), render: (_: unknown, r: WorklistContact) => (r.age === null ? '—' : r.age < 5 ? <Tag color="red">{r.age}</Tag> : r.age) };
  const index = { key: 'case', title: t('contact.indexCase'), dataIndex: 'caseNumber' };
  return (
    <>
      {data.contactsToEvaluate ? (
        <ListCard id="contacts" title={t('ui.contacts.worklist.toEvaluate')} rows={data.contactsToEvaluate}>
          {[
            person, age, index,
            { key: 'type', title: t('contact.contactType'), render: (_: unknown, r: ContactToEvaluateRow) => t(`contactType.${r.contactType}`) },
            { key: 'date', title: t('contact.registrationDate'), render: (_: unknown, r: ContactToEvaluateRow) => dateText(r.registrationDate) },
            { key: 'waiting', title: t('ui.contacts.worklist.waiting'), render: (_: unknown, r: ContactToEvaluateRow) => t('ui.contacts.worklist.days', { count: r.daysWaiting }) },
          ]}
        </ListCard>
      ) : null}
      {data.tptMissedDoses ? (
        <ListCard id="tpt" title={t('ui.contacts.worklist.tptMissed')} rows={data.tptMissedDoses}>
          {[
            person, age, index,
            { key: 'regimen', title: t('tptcourse.regimen'), dataIndex: 'regimen' },
            { key: 'missed', title: t('ui.places.worklist.missedDays'), render: (_: unknown, r: TptMissedRow) => t('ui.places.worklist.missedOf', { missed: r.notTaken + r.notRecorded, planned: r.plannedDays }) },
            { key: 'notTaken', title: t('dayStatus.NOT_TAKEN'), dataIndex: 'notTaken' },
            { key: 'notRecorded', title: t('ui.places.worklist.notRecorded'), dataIndex: 'notRecorded' },
          ]}
        </ListCard>
      ) : null}
    </>
  );
}

function ListCard<R extends WorklistContact>({ id, title, rows, children }: { id: string; title: string; rows: R[]; children: any[] }) {
  const { t } = useTranslation();
  return (
    <Card data-testid={`worklist-${id}`} title={`${title} (${rows.length})`} size="small">
      {rows.length ? (
        <Table<R> size="small" pagination={false} rowKey="contactId" dataSource={rows} columns={children} onRow={(r) => ({ 'data-testid': `worklist-row-${r.contactId}` }) as any} />
      ) : (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('ui.places.worklist.none')} />
      )}
    </Card>
  );
}
