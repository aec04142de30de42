/**
 * A contact opened from the case's contacts card: who they are and how they are linked
 * (index case, relation, type, the unit following them, the case notified from them), the contact's
 * own form read-only with Edit — registration and evaluation, its fields asked as the outcome needs
 * them (`schemas/tables/contact.json`) —, for a presumptive-TB contact not yet notified the notification
 * started from the contact (the person chosen; the case keeps the link), the TPT course
 * ({@link TptCard}) and Delete.
 *
 * @example <ContactDrawer contactId={id} tbcase={tbcase} editable onClose={close} onChanged={reload} />
 */
import { useState } from 'react';
import { Alert, Button, Descriptions, Drawer, Flex } from 'antd';
import { DeleteOutlined } from '@ant-design/icons';
import { Link, useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import { errorsOf, tableApi } from '../../api/index.ts';
import { useData } from '../../generic/data/useData.ts';
import { useConfirm, WaitIcon } from '../../generic/index.ts';
import { ReadOnlyFormCard } from '../../generic/forms/ReadOnlyFormCard.tsx';
import { hasPermission, useSession } from '../../session/index.ts';
import { dateText } from '../treatment/format.ts';
import type { CaseTabProps } from '../case/types.ts';
import { contactsApi } from './api.ts';
import { EvaluationTag } from './status.tsx';
import { TptCard } from './TptCard.tsx';

export interface ContactDrawerProps {
  contactId: string;
  tbcase: CaseTabProps['tbcase'];
  editable: boolean;
  onClose: () => void;
  /** After the contact changed (its row in the list shows it). */
  onChanged: () => void;
}

/** The notification's classification for a contact of this index case: DR-TB for contacts of RR/MDR/pre-XDR/XDR-TB. */
const classificationFor = (resistance: string | null) => (resistance && ['RR', 'MDR', 'PRE_XDR', 'XDR'].includes(resistance) ? 'DRTB' : 'TB');

export function ContactDrawer({ contactId, tbcase, editable, onClose, onChanged }: ContactDrawerProps) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const session = useSession();
  const [confirm, confirmDialog] = useConfirm();
  const [removeError, setRemoveError] = useState<string | null>(null);
  const { data, error: loadError, refetch: load } = useData(async (signal) => {
    const [rows, form, doc] = await Promise.all([contactsApi.ofCase(String(tbcase.id), signal), tableApi.form('contact', undefined, false, signal), tableApi.read('contact', contactId, signal)]);
    return { row: rows.find((r) => r.id === contactId) ?? null, form, doc };
  }, [contactId, tbcase.id]);
  const { row = null, form = null, doc = null } = data ?? {};
  const error = removeError ?? loadError ?? (data && !row ? t('ui.common.notFound') : null);

  const changed = async () => {
    await load();
    onChanged();
  };
  const remove = async () => {
    if (!(await confirm(t('ui.msg.confirmDelete')))) return;
    try {
      await tableApi.remove('contact', contactId);
      onChanged();
      onClose();
    } catch (e) {
      setRemoveError(errorsOf(e).map((x) => t(x.msg)).join('; '));
    }
  };

  const notify = row && row.evaluationOutcome === 'PRESUMPTIVE_TB' && !row.resultCase && hasPermission(session, 'NEWSUSP');
  return (
    <Drawer open width={960} title={row?.person.name ?? t('contact.title')} onClose={onClose} destroyOnHidden data-testid="contact-drawer">
      {error ? <Alert type="error" showIcon title={error} data-testid="alert-error" style={{ marginBottom: 12 }} /> : null}
      {!row || !form || !doc ? (
        !error ? <WaitIcon /> : null
      ) : (
        <Flex vertical gap={16} data-testid="contact-details" data-id={row.id}>
          <Descriptions size="small" column={2} bordered>
            <Descriptions.Item label={t('contact.person')}>
              {row.person.name}
              {row.person.birthDate ? ` (${dateText(row.person.birthDate)})` : ''}
            </Descriptions.Item>
            <Descriptions.Item label={t('contact.age')}>{row.age ?? '—'}</Descriptions.Item>
            <Descriptions.Item label={t('contact.indexCase')}>
              {[row.indexCase.caseNumber, row.indexCase.patient].filter(Boolean).join(' · ')}
            </Descriptions.Item>
            <Descriptions.Item label={t('contact.indexResistance')}>{row.indexResistance ? t(`indexResistance.${row.indexResistance}`) : '—'}</Descriptions.Item>
            <Descriptions.Item label={t('contact.unit')}>{row.unit?.name ?? '—'}</Descriptions.Item>
            <Descriptions.Item label={t('ui.contacts.evaluation')}>
              <EvaluationTag row={row} />
            </Descriptions.Item>
            {row.resultCase ? (
              <Descriptions.Item label={t('contact.resultCase')} span={2}>
                <Link to={`/sys/case?id=${encodeURIComponent(row.resultCase.id)}`} data-testid="contact-result-case">
                  {row.resultCase.caseNumber ?? t('ui.contacts.openCase')}
                </Link>
              </Descriptions.Item>
            ) : null}
          </Descriptions>
          {notify ? (
            <Alert
              type="warning"
              showIcon
              title={t('ui.contacts.presumptive')}
              action={
                <Button
                  data-testid="contact-notify"
                  onClick={() =>
                    navigate(`/sys/case/new?diag=SUSPECT&cla=${classificationFor(row.indexResistance)}&id=${encodeURIComponent(row.unit?.id ?? String(tbcase.ownerUnitId))}&patientId=${encodeURIComponent(row.person.id)}`)
                  }
                >
                  {t('ui.contacts.notify')}
                </Button>
              }
            />
          ) : null}
          <ReadOnlyFormCard
            key={String(doc.version)}
            title={t('ui.contacts.data')}
            schema={form.schema}
            uiSchema={form.resources?.uiSchema}
            doc={doc}
            canEdit={editable}
            viewOf={{ table: 'contact', id: contactId }}
            loadEdit={() => tableApi.editDoc('contact', contactId)}
            save={async (d) => {
              await tableApi.update('contact', contactId, d);
              const fresh = await tableApi.read('contact', contactId);
              void changed();
              return fresh;
            }}
          />
          <TptCard contactId={contactId} editable={editable} onChanged={onChanged} />
          {editable ? (
            <Flex justify="end">
              <Button danger icon={<DeleteOutlined />} onClick={() => void remove()} data-testid="contact-delete">
                {t('ui.common.delete')}
              </Button>
            </Flex>
          ) : null}
        </Flex>
      )}
      {confirmDialog}
    </Drawer>
  );
}
