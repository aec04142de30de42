/**
 * Requests made one after another of which only the last one's answer may be shown: a page, a
 * patient or an item to edit chosen again before the first answered (on a slow network the earlier
 * answer may come last). `ask()` marks a new request and gives a check, true while no later one was
 * asked.
 *
 * @example
 *   const ask = useLastRequest();
 *   const open = async (id: string) => {
 *     const isLast = ask();
 *     const doc = await tableApi.editDoc('source', id);
 *     if (isLast()) setEditing(doc);
 *   };
 */
import { useCallback, useRef } from 'react';

export function useLastRequest(): () => () => boolean {
  const last = useRef(0);
  return useCallback(() => {
    const asked = ++last.current;
    return () => asked === last.current;
  }, []);
}
