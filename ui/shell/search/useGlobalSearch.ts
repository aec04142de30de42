/**
 * The global search box's state: debounced `POST /api/session/search {key, maxResults: 10}`,
 * the highlighted row, and the keyboard (arrows move, Enter selects, Escape clears).
 * A failed search clears the box.
 */
import { useEffect, useState, type KeyboardEvent } from 'react';
import { sysApi, type SearchResult } from '../../api/index.ts';
import { orderResults } from './searchTarget.ts';
import { useData } from '../../generic/data/useData.ts';

export const SEARCH_MAX_RESULTS = 10;
const DEBOUNCE_MS = 250;

export function useGlobalSearch(onSelect: (r: SearchResult) => void) {
  const [key, setKey] = useState('');
  const [active, setActive] = useState(0);
  const text = key.trim();
  // the answer to the text typed last, asked once the typing pauses: an earlier, slower one is dropped
  const found = useData(
    async (signal) => orderResults(await sysApi.search(text, SEARCH_MAX_RESULTS, signal).then((list) => (Array.isArray(list) ? list : [])), SEARCH_MAX_RESULTS),
    [text],
    { enabled: !!text, delayMs: DEBOUNCE_MS },
  );
  // once the box was emptied, the hits of the text before are not shown again: only the next answer's
  const [stale, setStale] = useState(false);
  useEffect(() => void (!text && setStale(true)), [text]);
  useEffect(() => (setStale(false), setActive(0)), [found.data]);
  const results = text && !stale ? (found.data ?? null) : null;
  const searching = !!text && found.loading;
  // a failed search clears the box
  useEffect(() => void (found.error && setKey('')), [found.error]);

  const clear = () => setKey('');

  const select = (r: SearchResult | undefined) => {
    if (!r) return;
    clear();
    onSelect(r);
  };

  const onKeyDown = (e: KeyboardEvent) => {
    const n = results?.length ?? 0;
    if (e.key === 'ArrowDown' && n) {
      e.preventDefault();
      setActive((a) => (a + 1) % n);
    } else if (e.key === 'ArrowUp' && n) {
      e.preventDefault();
      setActive((a) => (a - 1 + n) % n);
    } else if (e.key === 'Enter') {
      e.preventDefault();
      select(results?.[active]);
    } else if (e.key === 'Escape') {
      e.preventDefault();
      clear();
    }
  };

  return { key, setKey, results, active, setActive, searching, select, clear, onKeyDown };
}
