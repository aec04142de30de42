/**
 * The filter form of the administrator reports: iniDate required, endDate optional
 * and not before it, searchKey and command type at most 50 characters — checked before sending.
 * Server field errors are shown on their fields. Submits timestamps of the start and end of the days.
 */
import { Button, DatePicker, Form, Input, Select, TreeSelect } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldError, Option } from '../../api/index.ts';
import { reportApi, type CommandTypeNode, type ReportFilter } from './api.ts';
import { datePatterns } from '../../i18n/dates.ts';
import { withAdminUnitPaths } from '../../generic/forms/adminUnitPaths.ts';
import { useData } from '../../generic/data/useData.ts';

export type FilterField = 'userId' | 'type' | 'adminUnitId' | 'searchKey';

/** The longest search key and command type a filter takes (as `reports/admin/filters.ts` on the server). */
export const FILTER_MAX_LENGTH = 50;

interface Values {
  iniDate?: Dayjs;
  endDate?: Dayjs;
  userId?: string;
  type?: string;
  adminUnitId?: string;
  searchKey?: string;
}

export interface FilterFormProps {
  fields: FilterField[];
  loading?: boolean;
  /** Field errors of the last answer, shown on their fields. */
  errors?: FieldError[];
  onSubmit(filter: ReportFilter): void;
}

/** The options a field needs, loaded once when the form opens. */
function useLookups(fields: FilterField[]) {
  const key = fields.join();
  const wanted = (f: FilterField) => ({ enabled: fields.includes(f) });
  // a lookup that cannot be read leaves its list empty
  const { data: users = [] } = useData((signal) => reportApi.users(signal).catch((): Option[] => []), [key], wanted('userId'));
  const { data: types = [] } = useData((signal) => reportApi.commandTypes(signal).catch((): CommandTypeNode[] => []), [key], wanted('type'));
  // admin units by their path from the root, searchable by any part of it
  const { data: units = [] } = useData((signal) => reportApi.adminUnits(signal).then(withAdminUnitPaths).catch((): Option[] => []), [key], wanted('adminUnitId'));
  return { users, types, units };
}

export function FilterForm({ fields, loading, errors = [], onSubmit }: FilterFormProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<Values>();
  const { users, types, units } = useLookups(fields);
  const has = (f: FilterField) => fields.includes(f);

  useEffect(() => {
    const known = ['iniDate', 'endDate', ...fields];
    form.setFields(known.map((name) => ({ name, errors: errors.filter((e) => e.field === name).map((e) => e.msg) })) as never);
  }, [errors, fields, form]);

  const maxRule = { max: FILTER_MAX_LENGTH, message: t('report.maxLength', { max: FILTER_MAX_LENGTH }) };
  const submit = (v: Values) =>
    onSubmit({
      iniDate: v.iniDate!.startOf('day').valueOf(),
      endDate: v.endDate?.endOf('day').valueOf(),
      userId: v.userId || undefined,
      type: v.type || undefined,
      adminUnitId: v.adminUnitId || undefined,
      searchKey: v.searchKey?.trim() || undefined,
    });

  return (
    <Form<Values> form={form} layout="inline" onFinish={submit} initialValues={{ iniDate: dayjs() }} data-testid="report-filter" style={{ rowGap: 8, marginBottom: 12 }}>
      <Form.Item name="iniDate" label={t('report.iniDate')} rules={[{ required: true, message: t('report.required') }]}>
        <DatePicker format={datePatterns()} data-testid="filter-iniDate" />
      </Form.Item>
      <Form.Item
        name="endDate"
        label={t('report.endDate')}
        dependencies={['iniDate']}
        rules={[({ getFieldValue }) => ({
          validator: (_, v?: Dayjs) => {
            const ini = getFieldValue('iniDate') as Dayjs | undefined;
            return !v || !ini || !v.isBefore(ini, 'day') ? Promise.resolve() : Promise.reject(new Error(t('report.endBeforeIni')));
          },
        })]}
      >
        <DatePicker format={datePatterns()} data-testid="filter-endDate" />
      </Form.Item>
      {has('userId') && (
        <Form.Item name="userId" label={t('report.userId')}>
          <Select allowClear showSearch={{ optionFilterProp: 'label' }} options={users.map((u) => ({ value: String(u.value), label: u.label }))} style={{ minWidth: 220 }} data-testid="filter-userId" />
        </Form.Item>
      )}
      {has('type') && (
        <Form.Item name="type" label={t('report.type')} rules={[maxRule]}>
          <TreeSelect allowClear showSearch={{ treeNodeFilterProp: 'name' }} treeData={types} fieldNames={{ label: 'name', value: 'id', children: 'children' }} style={{ minWidth: 240 }} data-testid="filter-type" />
        </Form.Item>
      )}
      {has('adminUnitId') && (
        <Form.Item name="adminUnitId" label={t('report.adminUnitId')}>
          <Select allowClear showSearch={{ optionFilterProp: 'label' }} options={units.map((u) => ({ value: String(u.value), label: u.label }))} style={{ minWidth: 220 }} data-testid="filter-adminUnitId" />
        </Form.Item>
      )}
      {has('searchKey') && (
        <Form.Item name="searchKey" label={t('report.searchKey')} rules={[maxRule]}>
          <Input allowClear data-testid="filter-searchKey" />
        </Form.Item>
      )}
      <Form.Item>
        <Button type="primary" htmlType="submit" loading={loading} data-testid="report-update">
          {t('report.update')}
        </Button>
      </Form.Item>
    </Form>
  );
}
