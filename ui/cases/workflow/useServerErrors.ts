import { useState } from 'react';
import type { FormInstance } from 'antd';
import { errorsOf } from '../../api/index.ts';

/**
 * Puts a refused call's `{field, msg}` errors beside the dialog's fields (`newTags.0` on `newTags`),
 * and those of no field (or of a field the dialog lacks) in `general`, shown above the buttons.
 * @example const { general, show, clear } = useServerErrors(form, ['outcome', 'outcomeDate']); try { … } catch (e) { show(e) }
 */
export function useServerErrors(form: FormInstance, fields: string[]) {
  const [general, setGeneral] = useState<string[]>([]);
  const show = (e: unknown) => {
    const rest: string[] = [];
    const byField = new Map<string, string[]>();
    for (const err of errorsOf(e)) {
      const name = err.field?.split('.')[0];
      if (name && fields.includes(name)) byField.set(name, [...(byField.get(name) ?? []), err.msg]);
      else rest.push(err.msg);
    }
    form.setFields([...byField].map(([name, errors]) => ({ name, errors })));
    setGeneral(rest);
  };
  return { general, show, clear: () => setGeneral([]) };
}
