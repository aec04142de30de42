/**
 * 'Новый контакт': the person first — the notification's patient search
 * ({@link PatientSearch}, the programme's guard against recording a person twice) — then the form
 * `contact_new`: for a person found, only the contact's part (the person is linked, not rewritten);
 * for a new one, the person's part too, started with what was typed. Saved by
 * `POST /api/cases/contact/new`; the server's refusals show beside their fields.
 *
 * @example <AddContactDialog caseId={caseId} onClose={close} onDone={(contactId) => …} />
 */
import { useState } from 'react';
import { Alert, Flex, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { errorsOf, tableApi, type Doc, type FieldError, type RemoteForm } from '../../api/index.ts';
import { useData } from '../../generic/data/useData.ts';
import { SchemaForm } from '../../generic/forms/SchemaForm.tsx';
import { WaitIcon } from '../../generic/WaitIcon.tsx';
import { GenderAvatar } from '../case/CaseHeader.tsx';
import type { PatientHit, PatientQuery } from '../notify/api.ts';
import { PatientSearch } from '../notify/PatientSearch.tsx';
import { contactsApi } from './api.ts';

interface Person {
  /** The registered person chosen, or none for a new one. */
  patientId?: string;
  name: string;
  gender?: string;
  typed?: PatientQuery;
}

export interface AddContactDialogProps {
  caseId: string;
  onClose: () => void;
  onDone: (contactId: string) => void;
}

/** The form's schema and uiSchema without the person's part (a person found is only linked). */
function contactPartOnly(form: RemoteForm): RemoteForm {
  const props = (form.schema.properties ?? {}) as Record<string, unknown>;
  const ui = (form.resources?.uiSchema ?? {}) as Record<string, unknown>;
  return {
    ...form,
    schema: { ...form.schema, properties: { contact: props.contact }, required: ['contact'] },
    resources: { ...form.resources, uiSchema: { contact: ui.contact } },
  } as RemoteForm;
}

export function AddContactDialog({ caseId, onClose, onDone }: AddContactDialogProps) {
  const { t } = useTranslation();
  const { data: form, error: loadError } = useData((signal) => tableApi.form('contact_new', undefined, false, signal), []);
  const [person, setPerson] = useState<Person | null>(null);
  const [errors, setErrors] = useState<FieldError[]>([]);
  const [saving, setSaving] = useState(false);

  const choose = (hit: PatientHit) => {
    const p = hit.patient;
    setErrors([]);
    setPerson({ patientId: p.id, name: [p.lastName, p.name, p.middleName].filter(Boolean).join(' '), gender: p.gender });
  };
  const startNew = (typed: PatientQuery) => {
    setErrors([]);
    setPerson({ name: [typed.lastName, typed.name, typed.middleName].filter(Boolean).join(' '), typed });
  };
  const save = async (doc: Doc) => {
    setSaving(true);
    setErrors([]);
    try {
      const id = await contactsApi.add(caseId, person?.patientId ? { contact: doc.contact } : doc, person?.patientId);
      onDone(id);
    } catch (e) {
      setErrors(errorsOf(e));
      setSaving(false);
    }
  };

  const shown = form && person ? (person.patientId ? contactPartOnly(form) : form) : null;
  const start: Doc | undefined = shown ? { ...(shown.doc ?? {}), ...(person?.typed ? { patient: { ...person.typed } } : {}) } : undefined;
  return (
    <Modal open title={t('contact.new')} width={920} footer={null} onCancel={onClose} destroyOnHidden mask={{ closable: false }}>
      <div data-testid="contact-add-dialog">
        {loadError ? <Alert type="error" showIcon title={loadError} data-testid="alert-error" /> : null}
        {!person ? (
          <PatientSearch onChoose={choose} onNew={startNew} onCancel={onClose} />
        ) : !shown ? (
          <WaitIcon />
        ) : (
          <>
            <Flex gap={10} align="center" style={{ marginBottom: 12 }} data-testid="contact-person" data-id={person.patientId ?? ''}>
              <GenderAvatar gender={person.gender} size={32} />
              <Typography.Text strong>
                {person.patientId ? t('ui.notify.chosen') : t('ui.notify.newPatient')}: {person.name}
              </Typography.Text>
              <Typography.Link onClick={() => setPerson(null)} data-testid="contact-back">
                {t('ui.notify.backToSearch')}
              </Typography.Link>
            </Flex>
            <SchemaForm
              schema={shown.schema}
              uiSchema={shown.resources?.uiSchema}
              options={shown.resources?.options}
              formData={start}
              serverErrors={errors}
              saving={saving}
              onSubmit={save}
              onCancel={onClose}
              testId="contact-form"
            />
          </>
        )}
      </div>
    </Modal>
  );
}
