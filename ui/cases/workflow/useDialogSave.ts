import { useState } from 'react';
import type { FormInstance } from 'antd';
import { useServerErrors } from './useServerErrors.ts';

/**
 * The save step every case-workflow dialog shares: check the form, call the server with its values
 * (`saving` while it runs), then `onDone()`; a refused call's errors go beside the named fields or into
 * `errors.general` (see useServerErrors).
 * @example const { save, saving, errors } = useDialogSave(form, ['outcome'], (doc) => caseCalls.close(id, doc), onDone);
 */
export function useDialogSave(
  form: FormInstance,
  fields: string[],
  call: (doc: Record<string, any>) => Promise<unknown>,
  onDone: () => void,
) {
  const [saving, setSaving] = useState(false);
  const errors = useServerErrors(form, fields);
  const save = async () => {
    const doc = (await form.validateFields()) as Record<string, any>;
    setSaving(true);
    errors.clear();
    try {
      await call(doc);
      onDone();
    } catch (e) {
      errors.show(e);
    } finally {
      setSaving(false);
    }
  };
  return { save, saving, errors };
}
