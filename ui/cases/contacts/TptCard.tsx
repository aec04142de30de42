/**
 * A contact's TB preventive treatment: none yet — 'Назначить профилактическое лечение'
 * opens the course's form (`schemas/tables/tptcourse.json`: eligibility, contraindications, regimen,
 * weight); else the course — its status or outcome, regimen and dose, start, expected end, the
 * completion deadline and the doses taken of those that complete it —, its commands as its rules
 * allow them (edit before the start, start, change the status, end with an outcome, reopen; each a
 * declared action whose form is its schema file, `tpt_start.json` …, and whose refusal the server
 * words), and once started the intake calendar, the treatment's own ({@link AdherenceCalendar}).
 *
 * @example <TptCard contactId={id} editable onChanged={reload} />
 */
import { useCallback, useEffect, useState } from 'react';
import { Alert, Button, Card, Descriptions, Empty, Flex, Space, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { errorsOf, tableApi, type Doc, type FieldError } from '../../api/index.ts';
import { useData } from '../../generic/data/useData.ts';
import { FormDialog } from '../../generic/forms/FormDialog.tsx';
import { TimedAlerts, useConfirm, useTimedAlerts, WaitIcon } from '../../generic/index.ts';
import { todayIso } from '../treatment/dates.ts';
import { dateText } from '../treatment/format.ts';
import { AdherenceCalendar } from '../treatment/AdherenceCalendar.tsx';
import { ActionFormDialog } from '../workflow/ActionFormDialog.tsx';
import { contactsApi } from './api.ts';

const RUNNING = ['ON_TPT', 'INTERRUPTED', 'ON_HOLD'];

interface Editing {
  doc: Doc;
  errors: FieldError[];
  saving: boolean;
}

export function TptCard({ contactId, editable, onChanged }: { contactId: string; editable: boolean; onChanged: () => void }) {
  const { t } = useTranslation();
  const alerts = useTimedAlerts();
  const [confirm, confirmDialog] = useConfirm();
  const [editing, setEditing] = useState<Editing | null>(null);
  const [dialog, setDialog] = useState<'tptstart' | 'tptstatus' | 'tptclose' | null>(null);

  const showError = useCallback((e: unknown) => alerts.error(errorsOf(e).map((x) => t(x.msg)).join('; ')), []);
  const { data: view = null, error: viewError, refetch: load } = useData((signal) => contactsApi.tpt(contactId, signal), [contactId]);
  const { data: form = null, error: formError } = useData((signal) => tableApi.form('tptcourse', undefined, false, signal), []);
  useEffect(() => void (viewError && alerts.error(viewError)), [viewError]);
  useEffect(() => void (formError && alerts.error(formError)), [formError]);

  const changed = async () => {
    await load();
    onChanged();
  };
  const save = async (doc: Doc) => {
    if (!editing) return;
    setEditing({ ...editing, doc, saving: true });
    try {
      if (view?.course) await tableApi.update('tptcourse', String(view.course.id), doc);
      else await tableApi.create('tptcourse', { ...doc, contactId });
      alerts.success(t(view?.course ? 'ui.msg.updated' : 'ui.msg.created'));
      setEditing(null);
      await changed();
    } catch (e) {
      setEditing({ ...editing, doc, errors: errorsOf(e), saving: false });
    }
  };
  const reopen = async () => {
    if (!view?.course || !(await confirm(t('ui.contacts.tpt.reopenConfirm')))) return;
    try {
      await contactsApi.action(String(view.course.id), 'tptreopen');
      await changed();
    } catch (e) {
      showError(e);
    }
  };

  if (!view || !form) return <WaitIcon />;
  const course = view.course;
  const status = course ? String(course.status) : null;
  const may = editable && view.canChange;
  const running = !!status && RUNNING.includes(status);
  return (
    <Card
      size="small"
      title={t('tptcourse.title')}
      data-testid="tpt-card"
      data-status={status ?? ''}
      extra={
        course ? (
          <Tag color={status === 'COMPLETED' ? 'blue' : running ? 'green' : 'default'} data-testid="tpt-status">
            {status === 'COMPLETED' && course.outcome ? t(`tptOutcome.${course.outcome}`) : t(`tptStatus.${status}`)}
          </Tag>
        ) : null
      }
    >
      <TimedAlerts {...alerts} />
      {!course ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('ui.contacts.tpt.none')}>
          {may ? (
            <Button type="primary" data-testid="tpt-add" onClick={() => setEditing({ doc: { contactId }, errors: [], saving: false })}>
              {t('ui.contacts.tpt.add')}
            </Button>
          ) : null}
        </Empty>
      ) : (
        <Flex vertical gap={12}>
          <Descriptions size="small" column={2} bordered data-testid="tpt-summary">
            <Descriptions.Item label={t('tptcourse.eligible')}>{t(course.eligible ? 'ui.common.yes' : 'ui.common.no')}</Descriptions.Item>
            <Descriptions.Item label={t('tptcourse.regimen')}>{view.regimen ? `${view.regimen.code} — ${view.regimen.name}` : '—'}</Descriptions.Item>
            <Descriptions.Item label={t('tptcourse.weightKg')}>{course.weightKg != null ? String(course.weightKg) : '—'}</Descriptions.Item>
            <Descriptions.Item label={t('tptcourse.dose')}>{course.dose ? String(course.dose) : '—'}</Descriptions.Item>
            <Descriptions.Item label={t('tptcourse.startDate')}>{course.startDate ? dateText(String(course.startDate)) : '—'}</Descriptions.Item>
            <Descriptions.Item label={t('tptcourse.expectedEndDate')}>
              <span data-testid="tpt-expected-end">{course.expectedEndDate ? dateText(String(course.expectedEndDate)) : '—'}</span>
            </Descriptions.Item>
            {view.needed !== null && course.startDate ? (
              <Descriptions.Item label={t('ui.contacts.tpt.doses')} span={2}>
                <span data-testid="tpt-doses" data-taken={view.taken} data-needed={view.needed}>
                  {t('ui.contacts.tpt.dosesOf', { taken: view.taken, needed: view.needed, deadline: view.deadline ? dateText(view.deadline) : '' })}
                </span>
              </Descriptions.Item>
            ) : null}
            {course.outcome ? (
              <Descriptions.Item label={t('tptcourse.outcome')} span={2}>
                {t(`tptOutcome.${course.outcome}`)}
                {course.outcomeDate ? `, ${dateText(String(course.outcomeDate))}` : ''}
              </Descriptions.Item>
            ) : null}
          </Descriptions>
          {may ? (
            <Space wrap data-testid="tpt-commands">
              {status === 'NOT_STARTED' ? (
                <>
                  <Button data-testid="tpt-edit" onClick={async () => setEditing({ doc: await tableApi.editDoc('tptcourse', String(course.id)), errors: [], saving: false })}>
                    {t('ui.common.edit')}
                  </Button>
                  {course.eligible ? (
                    <Button type="primary" data-testid="tpt-start" onClick={() => setDialog('tptstart')}>
                      {t('cmdAction.tptstart')}
                    </Button>
                  ) : null}
                </>
              ) : null}
              {running ? (
                <>
                  <Button data-testid="tpt-change-status" onClick={() => setDialog('tptstatus')}>
                    {t('ui.contacts.tpt.changeStatus')}
                  </Button>
                  <Button data-testid="tpt-close" onClick={() => setDialog('tptclose')}>
                    {t('ui.contacts.tpt.end')}
                  </Button>
                </>
              ) : null}
              {status === 'COMPLETED' ? (
                <Button data-testid="tpt-reopen" onClick={() => void reopen()}>
                  {t('ui.contacts.tpt.reopen')}
                </Button>
              ) : null}
            </Space>
          ) : null}
          {course.startDate && view.followup.length ? (
            <AdherenceCalendar
              save={(m) => contactsApi.saveMonth(String(course.id), m)}
              treatment={view}
              editable={view.editable}
              onTreatment={running}
              title={t('ui.contacts.tpt.calendar')}
              testId="tpt-calendar"
              readOnlyText={running ? t('ui.contacts.tpt.calendarNoRight') : t('ui.contacts.tpt.calendarEnded')}
              reload={load}
              onError={showError}
            />
          ) : course.startDate ? (
            <Alert type="info" showIcon title={t('ui.contacts.tpt.noCalendar')} />
          ) : null}
        </Flex>
      )}
      <FormDialog
        open={!!editing}
        title={t('tptcourse.title')}
        schema={form.schema}
        uiSchema={form.resources?.uiSchema}
        options={form.resources?.options}
        formData={editing?.doc}
        serverErrors={editing?.errors}
        saving={editing?.saving}
        onSubmit={(doc) => void save(doc)}
        onCancel={() => setEditing(null)}
        testId="tpt-form"
      />
      {dialog && course ? (
        <ActionFormDialog
          open
          form={dialog === 'tptstart' ? 'tpt_start' : dialog === 'tptstatus' ? 'tpt_status' : 'tpt_close'}
          testId={`${dialog}-dialog`}
          title={t(`cmdAction.${dialog}`)}
          values={dialog === 'tptstart' ? { startDate: todayIso() } : dialog === 'tptstatus' ? { statusDate: todayIso() } : { outcomeDate: todayIso() }}
          save={(doc) => contactsApi.action(String(course.id), dialog, doc)}
          onClose={() => setDialog(null)}
          onDone={() => {
            setDialog(null);
            alerts.success(t('ui.msg.updated'));
            void changed();
          }}
        />
      ) : null}
      {confirmDialog}
    </Card>
  );
}
