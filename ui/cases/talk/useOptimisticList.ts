/**
 * A list whose changes show before the server answers (comments, issues and answers are
 * saved optimistically). A new item appears at once under a temporary id, marked `saving`; when the
 * server has it, it takes the stored row (real id, the author and date the server set). A change or
 * a removal is shown at once the same way. A failed save leaves the item marked `error` ('Ошибка -
 * изменения не сохранены в базе данных'), and the screen hides its edit and delete actions.
 *
 * @example
 *   const list = useOptimisticList(() => talkApi.comments(caseId, group), [caseId, group]);
 *   list.add({ comment, group, caseId, user: { name: me } }, () => talkApi.addComment({ caseId, group, comment }));
 *   list.items.map(({ item, key, state }) => <Comment key={key} … />);
 */
import { useCallback } from 'react';
import { useData } from '../../generic/data/useData.ts';

/** Where an item's last save stands: being saved, or refused / failed (nothing stored). */
export type SaveStatus = 'saving' | 'error';

export interface OptimisticItem<T> {
  /** The item's id (its temporary one, `temp-N`, until the server stored it). */
  key: string;
  item: T;
  state?: SaveStatus;
}

export interface OptimisticList<T> {
  items: OptimisticItem<T>[];
  loading: boolean;
  /** The load failed (the list is empty then). */
  loadError: boolean;
  reload: () => Promise<void>;
  /** Shows `draft` at once; `save` stores it and answers the stored row. */
  add: (draft: T, save: () => Promise<T>) => Promise<boolean>;
  /** Shows the item changed by `patch` at once; `save` stores it (and may answer the stored row). */
  change: (key: string, patch: Partial<T>, save: () => Promise<T | void>) => Promise<boolean>;
  /** Marks the item saving, and drops it once `save` deleted it. */
  remove: (key: string, save: () => Promise<unknown>) => Promise<boolean>;
}

let temp = 0;
/**
 * A temporary id for an item the server has not stored yet, and the test for one.
 * @example isTempId(tempId()) // true
 */
export const tempId = () => `temp-${++temp}`;
export const isTempId = (id: string) => id.startsWith('temp-');

/**
 * The optimistic list of rows `load` reads (again when `deps` change). Items are keyed by their `id`.
 * @example const issues = useOptimisticList(() => talkApi.issues(caseId), [caseId]);
 */
const NONE: never[] = [];

export function useOptimisticList<T extends { id?: string }>(load: (signal: AbortSignal) => Promise<T[]>, deps: unknown[]): OptimisticList<T> {
  // the list of the latest `deps`: an answer for the deps before never overwrites it
  const read = useData(async (signal) => (await load(signal)).map((item): OptimisticItem<T> => ({ key: String(item.id), item })), deps);
  const items = read.data ?? NONE;
  const { loading, refetch: reload, setData } = read;
  const loadError = read.errors.length > 0;
  const setItems = useCallback((change: (list: OptimisticItem<T>[]) => OptimisticItem<T>[]) => setData((list) => change(list ?? [])), [setData]);

  const patchItem = (key: string, f: (x: OptimisticItem<T>) => OptimisticItem<T>) => setItems((list) => list.map((x) => (x.key === key ? f(x) : x)));

  const add = useCallback(async (draft: T, save: () => Promise<T>) => {
    const key = tempId();
    setItems((list) => [...list, { key, item: { ...draft, id: key }, state: 'saving' }]);
    try {
      const stored = await save();
      patchItem(key, () => ({ key: String(stored.id), item: stored }));
      return true;
    } catch {
      patchItem(key, (x) => ({ ...x, state: 'error' }));
      return false;
    }
  }, []);

  const change = useCallback(async (key: string, patch: Partial<T>, save: () => Promise<T | void>) => {
    patchItem(key, (x) => ({ ...x, item: { ...x.item, ...patch }, state: 'saving' }));
    try {
      const stored = await save();
      patchItem(key, (x) => ({ key, item: stored ? stored : x.item }));
      return true;
    } catch {
      patchItem(key, (x) => ({ ...x, state: 'error' }));
      return false;
    }
  }, []);

  const remove = useCallback(async (key: string, save: () => Promise<unknown>) => {
    patchItem(key, (x) => ({ ...x, state: 'saving' }));
    try {
      await save();
      setItems((list) => list.filter((x) => x.key !== key));
      return true;
    } catch {
      patchItem(key, (x) => ({ ...x, state: 'error' }));
      return false;
    }
  }, []);

  return { items, loading, loadError, reload, add, change, remove };
}
