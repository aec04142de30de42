/**
 * The global search box's state: debounced `POST /api/session/search {key, maxResults: 10}`,
 * the highlighted row, and the keyboard (arrows move, Enter selects, Escape clears).
 * A failed search clears the box.
 */
import { useEffect, useState, type KeyboardEvent } from 'react';
import { sysApi, type SearchResult } from '../../api/index.ts';
import { orderResults } from './searchTarget.ts';
import { useLatest } from '../../generic/data/useLatest.ts';

export const SEARCH_MAX_RESULTS = 10;
const DEBOUNCE_MS = 250;

export function useGlobalSearch(onSelect: (r: SearchResult) => void) {
  const [key, setKey] = useState('');
  const [results, setResults] = useState<SearchResult[] | null>(null);
  const [active, setActive] = useState(0);
  const [searching, setSearching] = useState(false);
  // the answer to the text typed last: an earlier, slower one is dropped
  const ask = useLatest();

  useEffect(() => {
    const text = key.trim();
    const req = ask.begin();
    if (!text) {
      setResults(null);
      setSearching(false);
      return;
    }
    setSearching(true);
    const timer = setTimeout(() => {
      sysApi.search(text, SEARCH_MAX_RESULTS).then(
        (list) => {
          if (!req.isLatest()) return;
          setResults(orderResults(Array.isArray(list) ? list : [], SEARCH_MAX_RESULTS));
          setActive(0);
          setSearching(false);
        },
        () => {
          if (!req.isLatest()) return;
          setKey('');
          setResults(null);
          setSearching(false);
        },
      );
    }, DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [key]);

  const clear = () => {
    setKey('');
    setResults(null);
  };

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
