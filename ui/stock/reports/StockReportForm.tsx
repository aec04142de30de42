/**
 * A stock report's screen: its declared request form (`schemas/forms/stock_report_*.json`, the
 * same file the server checks the body with) drawn by the generic {@link SchemaForm}, 'Показать'
 * posting it, and the answer drawn by `render` below; the server's refusals return beside their fields.
 *
 * @example <StockReportForm form="stock_report_leadtime" values={{ iniDate, endDate }} run={(doc) => api.post(...)} render={(r) => <Table … />} />
 */
import { useMemo, useState, type ReactNode } from 'react';
import { Card, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { errorsOf, tableApi, type Doc, type FieldError, type RemoteForm } from '../../api/index.ts';
import { useData } from '../../generic/data/useData.ts';
import { SchemaForm } from '../../generic/forms/SchemaForm.tsx';
import { WaitIcon } from '../../generic/WaitIcon.tsx';

export interface StockReportFormProps<T> {
  form: string;
  /** Starting values over the form's defaults. */
  values: Doc;
  run: (doc: Doc) => Promise<T>;
  render: (result: T) => ReactNode;
}

export function StockReportForm<T>({ form, values, run, render }: StockReportFormProps<T>) {
  const { t } = useTranslation();
  const { data: read, errors: loadErrors } = useData((signal) => tableApi.form(form, undefined, false, signal), [form]);
  // the form's document with the caller's values, fixed once read (a new `values` object each render changes nothing)
  const loaded = useMemo<RemoteForm | null>(() => (read ? { ...read, doc: { ...(read.doc ?? {}), ...values } } : null), [read]);
  const [runErrors, setErrors] = useState<FieldError[]>([]);
  const errors = runErrors.length ? runErrors : loadErrors;
  const [running, setRunning] = useState(false);
  const [result, setResult] = useState<T | null>(null);
  const submit = async (doc: Doc) => {
    setRunning(true);
    try {
      setResult(await run(doc));
      setErrors([]);
    } catch (e) {
      setErrors(errorsOf(e));
    } finally {
      setRunning(false);
    }
  };
  if (!loaded) return <WaitIcon />;
  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <Card size="small">
        <SchemaForm
          testId={`${form}-form`}
          schema={loaded.schema}
          uiSchema={loaded.resources?.uiSchema}
          options={loaded.resources?.options}
          formData={loaded.doc}
          serverErrors={errors}
          saving={running}
          onSubmit={submit}
          submitLabel={t('ui.stock.show')}
        />
      </Card>
      {result !== null && <div data-testid={`${form}-result`}>{render(result)}</div>}
    </Space>
  );
}
