/**
 * `/sys/case/new?diag={SUSPECT|CONFIRMED}&cla={TB|DRTB|NTM}&id={unitId}[&patientId=]` — a new case notification:
 * the unit's name and its administrative-unit link, then the patient search; once a
 * patient is chosen (or 'Новый пациент'), the notification form of the variant
 * (`POST /api/cases/case/newnotif/form`) with that patient merged in (`patientId`: started from a
 * presumptive-TB contact, that person without the search; the new case keeps the contact's link). Saving
 * (`POST /api/cases/case/newnotif`) goes to the new case; cancelling to the unit's cases. Server
 * errors show beside their fields.
 */
import { useState } from 'react';
import { Alert, Button, Card, Flex, Typography } from 'antd';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { errorsOf, tableApi, type Doc, type FieldError, type RemoteForm } from '../../api/index.ts';
import { WaitIcon } from '../../generic/WaitIcon.tsx';
import { SchemaForm } from '../../generic/forms/SchemaForm.tsx';
import { useData } from '../../generic/data/useData.ts';
import { GenderAvatar } from '../case/CaseHeader.tsx';
import { notifyApi, type PatientHit, type PatientQuery } from './api.ts';
import { PatientSearch } from './PatientSearch.tsx';
import { PageTitle } from '../../generic/PageTitle.tsx';

interface Chosen {
  /** The registered patient chosen, or none for a new one. */
  patientId?: string;
  patient: Doc;
}

/** The patient part of the form from a chosen hit (their stored row when the user may read it). */
async function patientOf(hit: PatientHit): Promise<Doc> {
  const p = hit.patient;
  const basic: Doc = { name: p.name, lastName: p.lastName ?? undefined, middleName: p.middleName ?? undefined, gender: p.gender, birthDate: p.birthDate ?? undefined };
  const stored = await tableApi.read('patient', p.id).catch(() => null);
  const keep = ['name', 'middleName', 'lastName', 'gender', 'birthDate', 'motherName', 'documentNumber'];
  const doc = stored ? Object.fromEntries(keep.filter((k) => stored[k] != null).map((k) => [k, stored[k]])) : basic;
  return Object.fromEntries(Object.entries(doc).filter(([, v]) => v !== undefined && v !== null && v !== ''));
}

/** The person of a presumptive-TB contact, read by the id the contact's link gives. */
async function presetPatient(patientId: string): Promise<Chosen> {
  const p = await tableApi.read('patient', patientId);
  return { patientId, patient: Object.fromEntries(['name', 'middleName', 'lastName', 'gender', 'birthDate', 'motherName', 'documentNumber'].filter((k) => p[k] != null).map((k) => [k, p[k]])) };
}

export default function NotifyPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const diag = params.get('diag') ?? 'SUSPECT';
  const cla = params.get('cla') ?? 'TB';
  const unitId = params.get('id') ?? '';
  const [errors, setErrors] = useState<FieldError[]>([]);
  const [saving, setSaving] = useState(false);

  const { data: unit, error } = useData(async () => {
    const u = (await tableApi.read('unit', unitId)) as Doc & { name?: string; address?: { adminUnitId?: string } };
    const areaId = u.address?.adminUnitId;
    const area = areaId ? await tableApi.read('adminunit', areaId).catch(() => undefined) : undefined;
    return { id: unitId, name: String(u.name ?? ''), area: area ? { id: areaId!, name: String(area.name ?? '') } : undefined };
  }, [unitId]);

  const cancel = () => navigate(`/sys/unit/cases?id=${encodeURIComponent(unitId)}`);
  // started from a presumptive-TB contact: the contact's person, already found
  const preset = params.get('patientId');
  /** The patient chosen last (a hit, a new one, the preset), as a request; a new object for each choice. */
  const [asked, setAsked] = useState<{ choice: () => Promise<Chosen> } | null>(() => (preset ? { choice: () => presetPatient(preset) } : null));
  // a patient (or a new one) chosen again before the form came: the last choice's form opens
  const opened = useData(
    async () => {
      const [next, f] = await Promise.all([asked!.choice(), notifyApi.form(diag, cla)]);
      return { chosen: next, form: { ...f, doc: { ...f.doc, patient: { ...((f.doc.patient as Doc | undefined) ?? {}), ...next.patient } } } as RemoteForm };
    },
    [asked],
    { enabled: !!asked, keepPrevious: false },
  );
  const chosen = opened.data?.chosen ?? null;
  const form = opened.data?.form ?? null;
  const loadError = opened.error;
  const open = (choice: () => Promise<Chosen>) => {
    setErrors([]);
    setAsked({ choice });
  };
  const choose = (hit: PatientHit) => open(() => patientOf(hit).then((patient) => ({ patientId: hit.patient.id, patient })));
  const startNew = (typed: PatientQuery) => open(async () => ({ patient: { ...typed } }));
  const save = async (doc: Doc) => {
    setSaving(true);
    setErrors([]);
    try {
      const id = await notifyApi.save({ doc, unitId, patientId: chosen?.patientId, diagnosisType: diag, caseClassification: cla });
      void navigate(`/sys/case?id=${encodeURIComponent(id)}`);
    } catch (e) {
      setErrors(errorsOf(e));
      setSaving(false);
    }
  };

  if (error) return <Alert data-testid="alert-error" type="error" showIcon title={error} />;
  if (!unit) return <WaitIcon />;
  const title = form?.schema.title ? t(String(form.schema.title)) : null;
  return (
    <div data-testid="notify-page" data-diag={diag} data-cla={cla}>
      <div style={{ marginBottom: 16 }}>
        <PageTitle style={{ marginBottom: 0 }} data-testid="notify-unit">
          <Link to={`/sys/unit/cases?id=${encodeURIComponent(unit.id)}`}>{unit.name}</Link>
        </PageTitle>
        {unit.area ? (
          <Link to={`/sys/adminunit?id=${encodeURIComponent(unit.area.id)}`} data-testid="notify-unit-area" className="tb-target-link">
            {unit.area.name}
          </Link>
        ) : null}
        <div>
          <Typography.Text type="secondary" data-testid="notify-variant">
            {t(`caseClassification.${cla}`)} — {t(`diagnosisType.${diag}`)}
          </Typography.Text>
        </div>
      </div>
      {loadError ? <Alert style={{ marginBottom: 12 }} type="error" showIcon title={loadError} data-testid="alert-error" /> : null}
      {!chosen || !form ? (
        <PatientSearch onChoose={choose} onNew={startNew} onCancel={cancel} />
      ) : (
        <Card
          data-testid="notify-form"
          title={title}
          extra={
            <Button type="link" onClick={() => setAsked(null)} data-testid="notify-back">
              {t('ui.notify.backToSearch')}
            </Button>
          }
        >
          <Flex gap={10} align="center" style={{ marginBottom: 12 }} data-testid="notify-patient" data-id={chosen.patientId ?? ''}>
            <GenderAvatar gender={chosen.patient.gender as string | undefined} size={32} />
            <Typography.Text strong>
              {chosen.patientId ? t('ui.notify.chosen') : t('ui.notify.newPatient')}:{' '}
              {[chosen.patient.lastName, chosen.patient.name, chosen.patient.middleName].filter(Boolean).join(' ')}
            </Typography.Text>
          </Flex>
          <SchemaForm
            schema={form.schema}
            uiSchema={form.resources?.uiSchema}
            formData={form.doc}
            serverErrors={errors}
            saving={saving}
            onSubmit={save}
            onCancel={cancel}
            testId="notify-schema-form"
          />
        </Card>
      )}
    </div>
  );
}
