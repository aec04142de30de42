/**
 * The workspace's DHIS2 server (SETUPWS): its address and account. The password is never
 * shown — the screen says whether one is set; leaving the field empty keeps it.
 * @example {maySetUp && <ServerSettingsCard />}
 */
import { useEffect, useState } from 'react';
import { Alert, Button, Card, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { errorsOf, type FieldError } from '../api/index.ts';
import { dhis2Api } from './api.ts';
import { useData } from '../generic/data/useData.ts';

export function ServerSettingsCard() {
  const { t } = useTranslation();
  const [url, setUrl] = useState('');
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [passwordSet, setPasswordSet] = useState(false);
  const [errors, setErrors] = useState<FieldError[]>([]);
  const [saved, setSaved] = useState(false);
  const { data: stored, errors: loadErrors, refetch: load } = useData((signal) => dhis2Api.server(signal), []);
  // what was read (on opening and after a save) fills the fields
  useEffect(() => {
    if (!stored) return;
    setUrl(stored.url ?? '');
    setUsername(stored.username ?? '');
    setPasswordSet(stored.passwordSet);
  }, [stored]);
  useEffect(() => void (loadErrors.length && setErrors(loadErrors)), [loadErrors]);
  const error = (field: string) => errors.find((e) => e.field === field)?.msg;
  const save = async () => {
    setErrors([]);
    setSaved(false);
    try {
      await dhis2Api.saveServer({ url: url.trim(), username: username.trim(), ...(password ? { password } : {}) });
      if (password) setPasswordSet(true); // said with the confirmation, not a reload later
      setPassword('');
      setSaved(true);
      await load();
    } catch (e) {
      setErrors(errorsOf(e));
    }
  };
  return (
    <Card title={t('ui.dhis2.server')} style={{ marginTop: 16 }} data-testid="dhis2-server">
      <Form layout="vertical" style={{ maxWidth: 560 }} onFinish={save}>
        <Form.Item label={t('ui.dhis2.serverUrl')} htmlFor="dhis2-url" validateStatus={error('url') ? 'error' : undefined} help={error('url')}>
          <Input id="dhis2-url" placeholder="https://dhis2.example.org" value={url} onChange={(e) => setUrl(e.target.value)} />
        </Form.Item>
        <Form.Item label={t('ui.dhis2.serverUser')} htmlFor="dhis2-username" validateStatus={error('username') ? 'error' : undefined} help={error('username')}>
          <Input id="dhis2-username" autoComplete="off" value={username} onChange={(e) => setUsername(e.target.value)} />
        </Form.Item>
        <Form.Item label={t('ui.dhis2.serverPassword')} htmlFor="dhis2-password" validateStatus={error('password') ? 'error' : undefined}
          help={error('password') ?? (passwordSet ? t('ui.dhis2.passwordSet') : undefined)}>
          <Input.Password id="dhis2-password" autoComplete="new-password" value={password} onChange={(e) => setPassword(e.target.value)} />
        </Form.Item>
        {errors.some((e) => !e.field) && <Alert type="error" showIcon style={{ marginBottom: 12 }} message={errors.filter((e) => !e.field).map((e) => e.msg).join('; ')} />}
        {saved && <Alert type="success" showIcon style={{ marginBottom: 12 }} data-testid="dhis2-server-saved" message={t('ui.dhis2.serverSaved')} />}
        <Button type="primary" htmlType="submit" data-testid="dhis2-server-save">{t('ui.dhis2.serverSave')}</Button>
      </Form>
    </Card>
  );
}
