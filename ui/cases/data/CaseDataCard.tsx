/**
 * The case data card of the data tab: the read-only case form
 * (`GET /api/tbl/case/form/readonly/{caseId}`: the patient's and the case's shown fields, named)
 * with an Edit button when the user may edit the case (NEWCASE / NEWSUSP by its diagnosis type);
 * Edit opens the case's edit form in a dialog (`GET /api/cases/case/edit/form/{caseId}`), saved by
 * `POST /api/cases/case/edit/save`; errors are shown beside their fields; on success the dialog
 * closes and the case is reloaded. The DATA comments below.
 *
 * @example <CaseDataCard caseId={caseId} tbcase={tbcase} reload={reload} />
 */
import { useRef, useState } from 'react';
import { Alert, Button, Card, Descriptions, Flex } from 'antd';
import { EditOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import { TimedAlerts, useTimedAlerts, WaitIcon } from '../../generic/index.ts';
import { RemoteFormDialog } from '../../generic/forms/index.ts';
import type { CaseTabProps } from '../case/types.ts';
import CaseComments from '../talk/CaseComments.tsx';
import { caseDataApi } from './api.ts';
import { useData } from '../../generic/data/useData.ts';

export function CaseDataCard({ caseId, tbcase, reload }: CaseTabProps) {
  const { t } = useTranslation();
  const alerts = useTimedAlerts();
  const [editing, setEditing] = useState(false);
  /** Bumped after a save: the patient part may change without the case's version. */
  const [saved, setSaved] = useState(0);
  /** The parts' versions the edit form was read at: a save over a newer change is refused (409). */
  const versions = useRef<Record<string, number> | undefined>(undefined);

  // the case page reloads `tbcase` after any change: read the form again then
  const { data: form, error } = useData((signal) => caseDataApi.readonly(caseId, signal), [caseId, tbcase.version, saved]);

  const parts = form ? Object.keys(form.views) : [];
  return (
    <Card
      data-testid="case-data-card"
      size="small"
      title={t('casedata.title')}
      extra={
        form?.resources?.canEdit ? (
          <Button data-testid="case-data-edit" icon={<EditOutlined />} onClick={() => setEditing(true)}>
            {t('ui.common.edit')}
          </Button>
        ) : null
      }
    >
      <TimedAlerts {...alerts} />
      {error ? <Alert type="error" showIcon title={error} /> : null}
      {!form && !error ? <WaitIcon /> : null}
      <Flex vertical gap={12}>
        {parts.map((part) => (
          <Descriptions key={part} data-testid={`case-data-${part}`} className="tb-words-whole" column={{ xs: 1, sm: 1, md: 2, lg: 2, xl: 2, xxl: 2 }} size="small" bordered>
            {form!.views[part].map((item, i) => (
              <Descriptions.Item key={i} label={item.title}>
                {item.value === null || item.value === undefined ? '' : String(item.value)}
              </Descriptions.Item>
            ))}
          </Descriptions>
        ))}
      </Flex>
      <CaseComments caseId={caseId} group="DATA" />
      <RemoteFormDialog
        open={editing}
        title={t('ui.caseData.editTitle')}
        load={async () => {
          const form = await caseDataApi.editForm(caseId);
          versions.current = (form.resources?.form as { versions?: Record<string, number> } | undefined)?.versions;
          return form;
        }}
        save={(doc) => caseDataApi.save(caseId, tbcase.patientId, doc, versions.current)}
        onSaved={() => {
          setEditing(false);
          setSaved((n) => n + 1);
          alerts.success(t('ui.msg.updated'));
          reload();
        }}
        onClose={() => setEditing(false)}
      />
    </Card>
  );
}
