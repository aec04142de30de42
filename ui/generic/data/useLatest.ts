/**
 * A component's own {@link createLatest}: requests the user starts (open an item to edit, choose a
 * patient) where only the last one's answer may be shown, each cancelled by the next and all of
 * them when the component goes away.
 *
 * @example
 *   const forms = useLatest();
 *   const openEdit = (id: string) =>
 *     forms.ask((signal) => tableApi.editDoc('source', id, signal), (o) => (o.ok ? setEditing(o.data) : showErrors(o.error)));
 */
import { useEffect, useState } from 'react';
import { createLatest, type Latest } from './latestRequest.ts';

export function useLatest(): Latest {
  const [latest] = useState(createLatest);
  useEffect(() => () => latest.drop(), [latest]);
  return latest;
}
