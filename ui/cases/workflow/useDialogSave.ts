import { useState } from 'react';
import type { FormInstance } from 'antd';
import { useServerErrors } from './useServerErrors.ts';

/**
 * The save step of a hand-written case-workflow dialog (the suspect follow-up): check the form, call
 * the server with its values (`saving` while it runs), then `onDone()`; a refused call's errors go
 * beside the named fields or into `errors.general` (see useServerErrors).
 * @example const { save, saving, errors } = useDialogSave(form, ['outcome', 'date'], (doc) => caseCalls.suspectFollowup(id, doc), onDone);
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
