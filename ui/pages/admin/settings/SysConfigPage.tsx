/**
 * `/sys/admin/settings/sysconfig` — the system configuration:
 * `GET /api/admin/sysconfig` fills the form drawn from `schemas/tables/sysconfig.json` (a table the
 * generic API does not serve), `POST /api/admin/sysconfig` saves it. Workspace, unit and profile
 * show only as the schema's `x-visible` rules allow; the clearing rules of {@link clearDependents}
 * run on every change; unit and profile options are asked for the chosen workspace (the schema's
 * `x-options-params`).
 */
import { useState } from 'react';
import { Alert, Card } from 'antd';
import { useTranslation } from 'react-i18next';
import { api, errorsOf, type Doc, type FieldError } from '../../../api/index.ts';
import { useData } from '../../../generic/data/useData.ts';
import { TimedAlerts } from '../../../generic/TimedAlerts.tsx';
import { useTimedAlerts } from '../../../generic/useTimedAlerts.ts';
import { WaitIcon } from '../../../generic/WaitIcon.tsx';
import { SchemaForm } from '../../../generic/forms/SchemaForm.tsx';
import schema from '../../../../schemas/tables/sysconfig.json' with { type: 'json' };
import { clearDependents } from './sysConfigRules.ts';

const URL = '/api/admin/sysconfig';

export default function SysConfigPage() {
  const { t } = useTranslation();
  const alerts = useTimedAlerts();
  const { data: doc, error: loadError, setData: setDoc } = useData((signal) => api.get<Doc>(URL, signal), []);
  const [errors, setErrors] = useState<FieldError[]>([]);
  const [saving, setSaving] = useState(false);
  const [version, setVersion] = useState(0);

  const save = async (next: Doc) => {
    setSaving(true);
    setErrors([]);
    try {
      await api.post(URL, next);
      setDoc(await api.get<Doc>(URL));
      setVersion((v) => v + 1);
      alerts.success(t('sysconfig.saved'));
    } catch (err) {
      setErrors(errorsOf(err));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Card title={t('sysconfig.title')} data-testid="sysconfig-page">
      <TimedAlerts alerts={alerts.alerts} remove={alerts.remove} />
      {loadError ? (
        <Alert data-testid="alert-error" type="error" showIcon title={loadError} />
      ) : !doc ? (
        <WaitIcon />
      ) : (
        <SchemaForm
          key={version}
          schema={schema as Record<string, unknown>}
          formData={doc}
          serverErrors={errors}
          saving={saving}
          normalize={clearDependents}
          onSubmit={(d) => void save(d)}
        />
      )}
    </Card>
  );
}
