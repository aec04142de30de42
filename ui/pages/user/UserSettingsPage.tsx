/**
 * `/sys/user/settings` — 'Пользовательские настройки': name, mobile, email, timeZone
 * (`GET/POST /api/sys/usersettings`). No cancel button. Lengths are checked with sentences before
 * sending; the time zone defaults to the browser's and is found by city or offset; a saved name
 * shows in the toolbar at once (the session is read again).
 */
import { useEffect, useMemo, useState } from 'react';
import { Button, Card, Form, Input, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { sysApi } from '../../api/index.ts';
import { useSessionContext } from '../../session/index.ts';
import { TimedAlerts, useTimedAlerts, WaitIcon } from '../../generic/index.ts';
import { alertServerErrors } from './applyServerErrors.ts';
import { browserTimeZone, timeZoneOptions } from './timeZones.ts';
import { PageTitle } from '../../generic/PageTitle.tsx';
import { useData } from '../../generic/data/useData.ts';

const FIELDS = ['name', 'mobile', 'email', 'timeZone'];

export default function UserSettingsPage() {
  const { t } = useTranslation();
  const [form] = Form.useForm<sysApi.UserSettings>();
  const alerts = useTimedAlerts();
  const [saving, setSaving] = useState(false);
  const zones = useMemo(timeZoneOptions, []);
  const { refresh } = useSessionContext();

  const { data: stored, error: loadError, loading } = useData((signal) => sysApi.fetchUserSettings(signal), []);
  useEffect(() => {
    if (stored !== undefined) form.setFieldsValue({ ...stored, timeZone: stored?.timeZone || browserTimeZone() });
  }, [stored]);
  useEffect(() => void (loadError && alerts.error(loadError)), [loadError]);
  const loaded = !loading;

  const save = async (doc: sysApi.UserSettings) => {
    setSaving(true);
    alerts.clear();
    try {
      await sysApi.saveUserSettings(doc);
      alerts.success(t('ui.msg.userSettingsUpdated'));
      await refresh().catch(() => null);
    } catch (err) {
      alertServerErrors(form, FIELDS, err, t, alerts);
    } finally {
      setSaving(false);
    }
  };

  const required = { required: true, message: t('ui.msg.required') };
  const max = (n: number) => ({ max: n, message: t('ui.register.tooLong', { max: n }) });
  return (
    <Card title={<PageTitle size={16} style={{ margin: 0 }}>{t('ui.user.settingsTitle')}</PageTitle>} data-testid="user-settings-page" style={{ maxWidth: 640 }}>
      <TimedAlerts alerts={alerts.alerts} remove={alerts.remove} />
      {!loaded ? <WaitIcon /> : null}
      <Form form={form} layout="vertical" onFinish={(v) => void save(v)} style={{ display: loaded ? undefined : 'none' }}>
        <Form.Item name="name" label={t('ui.user.name')} rules={[required, max(200)]}>
          <Input data-testid="settings-name" />
        </Form.Item>
        <Form.Item name="mobile" label={t('ui.user.mobile')} rules={[max(50)]}>
          <Input data-testid="settings-mobile" />
        </Form.Item>
        <Form.Item name="email" label={t('ui.user.email')} rules={[required, { type: 'email', message: t('ui.msg.invalidEmail') }, max(100)]}>
          <Input data-testid="settings-email" />
        </Form.Item>
        <Form.Item name="timeZone" label={t('ui.user.timeZone')}>
          <Select data-testid="settings-timezone" showSearch={{ optionFilterProp: 'label' }} options={zones} allowClear placeholder={t('ui.user.timeZoneSearch')} />
        </Form.Item>
        <Button data-testid="settings-save" type="primary" htmlType="submit" loading={saving}>
          {t('ui.common.save')}
        </Button>
      </Form>
    </Card>
  );
}
