/**
 * The case data tab's contacts card 'Контакты' (shown with CASECONTACT):
 * the index case's contacts — each a person with their age, relation and type, where the evaluation
 * stands and the TPT course's status — 'Добавить' (CASECONTACT_EDT, not on a case only seen) adds
 * one through the patient search ({@link AddContactDialog}), a click opens the contact
 * ({@link ContactDrawer}: evaluation, notification, TPT and its calendar); `?contact=<id>` in the URL
 * opens it too (the worklist's links). The comments of the group CONTACTS below.
 *
 * @example <ContactsCard caseId={caseId} tbcase={tbcase} />
 */
import { useEffect, useState } from 'react';
import { Button, Card, Flex, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useData } from '../../generic/data/useData.ts';
import { EmptyListWarning, TimedAlerts, useTimedAlerts, WaitIcon } from '../../generic/index.ts';
import { hasPermission, useSession } from '../../session/index.ts';
import { useCaseReadOnly } from '../case/readOnly.ts';
import type { CaseTabProps } from '../case/types.ts';
import CaseComments from '../talk/CaseComments.tsx';
import { AddContactDialog } from './AddContactDialog.tsx';
import { contactsApi } from './api.ts';
import { ContactDrawer } from './ContactDrawer.tsx';
import { EvaluationTag, TptTag } from './status.tsx';

export function ContactsCard({ caseId, tbcase }: Pick<CaseTabProps, 'caseId' | 'tbcase'>) {
  const { t } = useTranslation();
  const session = useSession();
  const alerts = useTimedAlerts();
  const [params, setParams] = useSearchParams();
  const [adding, setAdding] = useState(false);
  const open = params.get('contact');
  const caseReadOnly = useCaseReadOnly();
  const editable = hasPermission(session, 'CASECONTACT_EDT') && !caseReadOnly;

  const { data: rows = null, error, refetch: load } = useData((signal) => contactsApi.ofCase(caseId, signal), [caseId]);
  useEffect(() => void (error && alerts.error(error)), [error]);

  const show = (id: string | null) => {
    const next = new URLSearchParams(params);
    if (id) next.set('contact', id);
    else next.delete('contact');
    setParams(next, { replace: true });
  };

  return (
    <Card
      data-testid="case-contact-card"
      title={t('contact.title')}
      size="small"
      extra={
        editable ? (
          <Button data-testid="case-contact-add" icon={<PlusOutlined />} onClick={() => setAdding(true)}>
            {t('ui.common.add')}
          </Button>
        ) : null
      }
    >
      <TimedAlerts {...alerts} />
      {rows === null ? (
        <WaitIcon />
      ) : rows.length ? (
        <Flex vertical gap={6} data-testid="contact-list">
          {rows.map((r) => (
            <Card
              key={r.id}
              size="small"
              hoverable
              data-testid="contact-row"
              data-id={r.id}
              role="button"
              tabIndex={0}
              aria-label={r.person.name}
              onClick={() => show(r.id)}
              onKeyDown={(e) => (e.key === 'Enter' || e.key === ' ') && (e.preventDefault(), show(r.id))}
            >
              <Flex justify="space-between" wrap gap={6}>
                <div>
                  <Typography.Text strong data-testid="contact-name">
                    {r.person.name}
                  </Typography.Text>
                  <div>
                    <Typography.Text type="secondary">
                      {[r.age !== null ? t('ui.contacts.age', { count: r.age }) : null, t(`contactType.${r.contactType}`), r.relation ? t(`contactRelation.${r.relation}`) : null].filter(Boolean).join(' · ')}
                    </Typography.Text>
                  </div>
                </div>
                <Flex gap={4} wrap align="start">
                  <EvaluationTag row={r} />
                  <TptTag tpt={r.tpt} />
                </Flex>
              </Flex>
            </Card>
          ))}
        </Flex>
      ) : (
        <EmptyListWarning />
      )}
      <CaseComments caseId={caseId} group="CONTACTS" />
      {adding ? (
        <AddContactDialog
          caseId={caseId}
          onClose={() => setAdding(false)}
          onDone={async (id) => {
            setAdding(false);
            alerts.success(t('ui.msg.created'));
            await load();
            show(id);
          }}
        />
      ) : null}
      {open ? <ContactDrawer contactId={open} tbcase={tbcase} editable={editable} onClose={() => show(null)} onChanged={load} /> : null}
    </Card>
  );
}
