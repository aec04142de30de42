/**
 * The comorbidities card of the case data tab (COMIRBIDITIES to see it,
 * COMIRBIDITIES_EDT to change): the six flags of `tbcase.comorbidities` as Да/Нет; Edit opens
 * them as a form (the case schema's `comorbidities` part) saved by
 * `POST /api/cases/case/comorbidity/{caseId}`, then the case is reloaded.
 *
 * @example <ComorbiditiesCard caseId={caseId} tbcase={tbcase} reload={reload} />
 */
import { useState } from 'react';
import { Button, Card, Descriptions } from 'antd';
import { EditOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { errorsOf, tableApi, type Doc, type FieldError } from '../../api/index.ts';
import { TimedAlerts, useTimedAlerts } from '../../generic/index.ts';
import { FormDialog } from '../../generic/forms/index.ts';
import { canEdit } from '../../session/permissions.ts';
import { useSession } from '../../session/index.ts';
import type { CaseTabProps } from '../case/types.ts';
import CaseComments from '../talk/CaseComments.tsx';
import { caseDataApi } from './api.ts';
import { useCaseReadOnly } from '../case/readOnly.ts';

/** The six flags in the spec's order. */
export const COMORBIDITY_FLAGS = ['alcoholExcessiveUse', 'tobaccoUseWithin', 'aids', 'diabetes', 'anaemia', 'malnutrition'];

export function ComorbiditiesCard({ caseId, tbcase, reload }: CaseTabProps) {
  const { t } = useTranslation();
  const session = useSession();
  const readOnly = useCaseReadOnly();
  const alerts = useTimedAlerts();
  const [schema, setSchema] = useState<Record<string, unknown> | null>(null);
  const [errors, setErrors] = useState<FieldError[]>([]);
  const [saving, setSaving] = useState(false);
  const flags = (tbcase.comorbidities ?? {}) as Record<string, boolean | undefined>;

  const open = async () => {
    setErrors([]);
    try {
      const form = await tableApi.form('tbcase');
      setSchema((form.schema.properties as Record<string, Record<string, unknown>>).comorbidities);
    } catch (err) {
      alerts.error(errorsOf(err).map((e) => t(e.msg)).join('; '));
    }
  };

  const save = async (doc: Doc) => {
    setSaving(true);
    try {
      await caseDataApi.comorbidities(caseId, doc);
      setSchema(null);
      alerts.success(t('ui.msg.updated'));
      reload();
    } catch (err) {
      setErrors(errorsOf(err));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Card
      data-testid="case-comorbidities-card"
      size="small"
      title={t('tbcase.comorbidities')}
      extra={
        canEdit(session, 'COMIRBIDITIES') && !readOnly ? (
          <Button data-testid="case-comorbidities-edit" icon={<EditOutlined />} onClick={() => void open()}>
            {t('ui.common.edit')}
          </Button>
        ) : null
      }
    >
      <TimedAlerts {...alerts} />
      <Descriptions column={1} size="small" bordered>
        {COMORBIDITY_FLAGS.map((k) => (
          <Descriptions.Item key={k} label={t(`tbcase.${k}`)}>
            <span data-testid={`comorbidity-${k}`}>{t(flags[k] ? 'ui.common.yes' : 'ui.common.no')}</span>
          </Descriptions.Item>
        ))}
      </Descriptions>
      <CaseComments caseId={caseId} group="COMORBIDITIES" />
      {schema ? (
        <FormDialog
          open
          title={t('tbcase.comorbidities')}
          schema={schema}
          formData={Object.fromEntries(COMORBIDITY_FLAGS.map((k) => [k, flags[k] === true]))}
          serverErrors={errors}
          saving={saving}
          onSubmit={(doc) => void save(doc)}
          onCancel={() => setSchema(null)}
        />
      ) : null}
    </Card>
  );
}
