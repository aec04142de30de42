/** Puts server errors on an antd form's fields; returns the whole-request messages left over. */
import type { FormInstance } from 'antd';
import type { FieldError } from '../../api/index.ts';

export function applyServerErrors(form: FormInstance, fields: string[], errors: FieldError[], t: (k: string) => string): string[] {
  const known = new Set(fields);
  const onFields = errors.filter((e) => e.field && known.has(e.field.split('.')[0]));
  form.setFields(onFields.map((e) => ({ name: e.field!.split('.'), errors: [t(e.msg)] })));
  return errors.filter((e) => !onFields.includes(e)).map((e) => t(e.msg));
}
