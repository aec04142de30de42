/** Puts server errors on an antd form's fields; returns the whole-request messages left over. */
import type { FormInstance } from 'antd';
import { errorsOf, type FieldError } from '../../api/index.ts';
import type { TimedAlertsApi } from '../../generic/useTimedAlerts.ts';

export function applyServerErrors(form: FormInstance, fields: string[], errors: FieldError[], t: (k: string) => string): string[] {
  const known = new Set(fields);
  const onFields = errors.filter((e) => e.field && known.has(e.field.split('.')[0]));
  form.setFields(onFields.map((e) => ({ name: e.field!.split('.'), errors: [t(e.msg)] })));
  return errors.filter((e) => !onFields.includes(e)).map((e) => t(e.msg));
}

/**
 * A failed save of a page's form: the server's errors on the fields they name, and one error alert
 * with the messages left over (or, when every one went on a field, all of them).
 * @example catch (err) { alertServerErrors(form, ['name', 'email'], err, t, alerts); }
 */
export function alertServerErrors(form: FormInstance, fields: string[], err: unknown, t: (k: string) => string, alerts: TimedAlertsApi): void {
  const rest = applyServerErrors(form, fields, errorsOf(err), t);
  alerts.error(t('ui.form.errorsTitle'), rest.length ? rest : errorsOf(err).map((e) => t(e.msg)));
}
