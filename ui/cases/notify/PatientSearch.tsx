/**
 * The step 'Поиск пациента' of a new notification: the name parts and the birth
 * date — any one of them is enough (a surname alone, as Russian doctors search; the server says so
 * when none is typed); Search lists 20 patients a page, closest first, with
 * the counter and pager above and below; a click on a row chooses that patient, 'Новый пациент'
 * goes on with the typed values, 'Отменить' leaves.
 * @example <PatientSearch onChoose={(hit) => …} onNew={(typed) => …} onCancel={() => …} />
 */
import { useState } from 'react';
import { Alert, Button, Card, DatePicker, Flex, Form, Input, Table, Typography } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { datePatterns } from '../../i18n/dates.ts';
import { useTranslation } from 'react-i18next';
import { errorsOf } from '../../api/index.ts';
import { useLatest } from '../../generic/data/useLatest.ts';
import { Pager } from '../../generic/Pager.tsx';
import { countText } from '../../generic/countText.ts';
import { GenderAvatar } from '../case/CaseHeader.tsx';
import { notifyApi, type PatientHit, type PatientQuery, type PatientSearchResult } from './api.ts';
import { dateText, LatestCase } from './LatestCase.tsx';

interface Typed {
  name?: string;
  middleName?: string;
  lastName?: string;
  birthDate?: Dayjs | null;
}

export interface PatientSearchProps {
  onChoose: (hit: PatientHit) => void;
  onNew: (typed: PatientQuery) => void;
  onCancel: () => void;
}

const asQuery = (v: Typed): PatientQuery => ({
  ...(v.name?.trim() ? { name: v.name.trim() } : {}),
  ...(v.middleName?.trim() ? { middleName: v.middleName.trim() } : {}),
  ...(v.lastName?.trim() ? { lastName: v.lastName.trim() } : {}),
  ...(v.birthDate ? { birthDate: v.birthDate.format('YYYY-MM-DD') } : {}),
});

export function PatientSearch({ onChoose, onNew, onCancel }: PatientSearchProps) {
  const { t, i18n } = useTranslation();
  const [form] = Form.useForm<Typed>();
  const [query, setQuery] = useState<PatientQuery | null>(null);
  const [result, setResult] = useState<PatientSearchResult | null>(null);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);

  // a search or page asked after this one: its answer shows, this one's is dropped
  const ask = useLatest();
  const run = async (q: PatientQuery, page: number) => {
    const req = ask.begin();
    setLoading(true);
    setError(null);
    try {
      const found = await notifyApi.search(q, page);
      if (!req.isLatest()) return;
      setResult(found);
      setQuery(q);
    } catch (e) {
      if (req.isLatest()) setError(errorsOf(e).map((x) => t(x.msg)).join('; '));
    } finally {
      if (req.isLatest()) setLoading(false);
    }
  };
  const search = async () => {
    const values = await form.validateFields().catch(() => null);
    if (values) await run(asQuery(values), 1);
  };

  const counter = result ? (
    <Typography.Text type="secondary" data-testid="patient-count">
      {t('ui.common.count', { count: countText(result.count, { capped: result.countCapped }, i18n.language) as unknown as number })}
    </Typography.Text>
  ) : null;
  const pager =
    result && query ? <Pager count={result.count} pageSize={result.pageSize} page={result.page - 1} onChange={(p) => run(query, p + 1)} /> : null;
  const name = (p: PatientHit['patient']) => [p.lastName, p.name, p.middleName].filter(Boolean).join(' ');

  return (
    <Card title={<span data-testid="patient-search-title">{t('ui.notify.searchTitle')}</span>} data-testid="patient-search">
      <Form form={form} layout="vertical" onFinish={search}>
        <Flex gap={12} wrap>
          <Form.Item name="lastName" label={t('patient.lastName')} style={{ minWidth: 200, flex: 1 }}>
            <Input data-testid="search-lastName" maxLength={100} />
          </Form.Item>
          <Form.Item name="name" label={t('patient.name')} style={{ minWidth: 200, flex: 1 }}>
            <Input data-testid="search-name" maxLength={100} />
          </Form.Item>
          <Form.Item name="middleName" label={t('patient.middleName')} style={{ minWidth: 200, flex: 1 }}>
            <Input data-testid="search-middleName" maxLength={100} />
          </Form.Item>
          <Form.Item name="birthDate" label={t('patient.birthDate')} style={{ minWidth: 160 }}>
            <DatePicker data-testid="search-birthDate" maxDate={dayjs()} format={datePatterns()} />
          </Form.Item>
        </Flex>
        <Flex gap={8} align="center" wrap>
          <Button type="primary" htmlType="submit" loading={loading} data-testid="patient-search-run">
            {t('ui.notify.search')}
          </Button>
          {result ? (
            <Button onClick={() => onNew(asQuery(form.getFieldsValue()))} data-testid="patient-new">
              {t('ui.notify.newPatient')}
            </Button>
          ) : null}
          <Button type="link" onClick={onCancel} data-testid="notify-cancel">
            {t('ui.notify.cancel')}
          </Button>
        </Flex>
      </Form>
      {error ? <Alert style={{ marginTop: 12 }} type="error" showIcon title={error} data-testid="alert-error" /> : null}
      {result ? (
        <div style={{ marginTop: 16 }} data-testid="patient-results">
          {/* how many were found, and "not found" only when none was */}
          <Alert
            style={{ marginBottom: 12 }}
            type={result.count ? 'info' : 'warning'}
            showIcon
            title={result.count ? t('ui.notify.found', { count: countText(result.count, { capped: result.countCapped }, i18n.language) as unknown as number }) : t('ui.notify.noneFound')}
            data-testid="patient-search-message"
          />
          <Flex justify="space-between" align="center" wrap>
            {counter}
            {pager}
          </Flex>
          <Table<PatientHit>
            rowKey={(h) => h.patient.id}
            dataSource={result.list}
            pagination={false}
            loading={loading}
            size="small"
            locale={{ emptyText: t('ui.common.notFound') }}
            onRow={(h) => ({ onClick: () => onChoose(h), style: { cursor: 'pointer' }, 'data-testid': 'patient-hit', 'data-id': h.patient.id }) as never}
            columns={[
              {
                key: 'patient',
                title: t('ui.notify.colPatient'),
                render: (_, h) => (
                  <Flex gap={10} align="center">
                    <GenderAvatar gender={h.patient.gender} size={32} />
                    <Flex vertical>
                      <b data-testid="patient-hit-name">{name(h.patient)}</b>
                      {h.caseNumber ? <Typography.Text type="secondary">{h.caseNumber}</Typography.Text> : null}
                    </Flex>
                  </Flex>
                ),
              },
              {
                key: 'birthDate',
                title: t('ui.notify.colBirthDate'),
                render: (_, h) => dateText(h.patient.birthDate),
              },
              { key: 'latest', title: t('ui.notify.colLatestCase'), render: (_, h) => <LatestCase hit={h} /> },
            ]}
          />
          <Flex justify="space-between" align="center" wrap style={{ marginTop: 8 }}>
            {counter}
            {pager}
          </Flex>
        </div>
      ) : null}
    </Card>
  );
}
