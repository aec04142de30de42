import { Alert } from 'antd';

/** The errors of a refused call that belong to no field of the dialog. */
export function DialogErrors({ errors }: { errors: string[] }) {
  if (!errors.length) return null;
  return <Alert data-testid="dialog-errors" type="error" showIcon message={errors.join('; ')} style={{ marginBottom: 12 }} />;
}
