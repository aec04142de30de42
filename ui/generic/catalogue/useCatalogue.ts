/**
 * The state of one generic catalogue screen:
 * list → open a form (new, or edit after fetching the item) → save (create or update) → close and
 * refresh the item. Only one form is open at a time; changing page closes it.
 */
import { useState } from 'react';
import { useLatest } from '../data/useLatest.ts';
import { useData } from '../data/useData.ts';
import { errorsOf, tableApi, type Doc, type FieldError } from '../../api/index.ts';
import { insertOnTop, pageSizeOf, replaceItem, type ListState } from './catalogueModel.ts';

export interface EditState {
  id?: string;
  doc: Doc;
  errors: FieldError[];
  saving: boolean;
}

export type SaveOutcome = 'created' | 'updated' | null;

const EMPTY: ListState = { items: [], count: 0 };

export function useCatalogue(table: string) {
  const [page, setPage] = useState(0);
  const [editing, setEditing] = useState<EditState | null>(null);
  const [opening, setOpening] = useState<string | null>(null);
  const [openErrors, setOpenErrors] = useState<FieldError[]>([]);
  const { data: form = null, errors: formErrors } = useData((signal) => tableApi.form(table, undefined, false, signal), [table]);
  const pageSize = form ? pageSizeOf(form) : undefined;
  // the page asked for last: an answer that comes after a later request's (a page left at once) is dropped
  const {
    data: listRead,
    errors: listErrors,
    loading: listLoading,
    refetch: load,
    setData: setListRead,
  } = useData(
    async (signal): Promise<ListState> => {
      // the API counts pages from 1
      const res = await tableApi.query(table, pageSize ? { page: page + 1, pageSize } : {}, signal);
      return { items: res.list ?? [], count: res.count ?? res.list?.length ?? 0, countCapped: res.countCapped, countEstimated: res.countEstimated };
    },
    [table, pageSize, page],
    { enabled: !!form },
  );
  const list = listRead ?? EMPTY;
  const setList = (change: (s: ListState) => ListState) => setListRead((s) => change(s ?? EMPTY));
  const loading = form ? listLoading : formErrors.length === 0;
  const loadErrors = openErrors.length ? openErrors : formErrors.length ? formErrors : listErrors;
  // the last form asked for: another item's, a new one, a page change or a close drops an earlier answer
  const askForm = useLatest();

  /** An edit form still on its way is not opened: the user went elsewhere. */
  const dropAskedForm = () => {
    askForm.drop();
    setOpening(null);
  };

  const changePage = (p: number) => {
    dropAskedForm();
    setOpenErrors([]);
    setEditing(null);
    setPage(p);
  };

  const openNew = () => {
    dropAskedForm();
    if (form) setEditing({ doc: structuredClone(form.doc ?? {}), errors: [], saving: false });
  };

  const openEdit = async (id: string) => {
    const req = askForm.begin();
    setOpenErrors([]);
    setEditing(null);
    setOpening(id);
    try {
      const doc = await tableApi.editDoc(table, id, req.signal);
      if (req.isLatest()) setEditing({ id, doc: doc ?? {}, errors: [], saving: false });
    } catch (err) {
      if (req.isLatest()) setOpenErrors(errorsOf(err));
    } finally {
      if (req.isLatest()) setOpening(null);
    }
  };

  const close = () => {
    dropAskedForm();
    setEditing(null);
  };

  /** Fetches one row as the list shows it (with joined refs); falls back to the saved doc. */
  const fetchRow = async (id: string, fallback: Doc): Promise<Doc> => {
    try {
      const res = await tableApi.query(table, { id });
      return res.list?.[0] ?? { ...fallback, id };
    } catch {
      return { ...fallback, id };
    }
  };

  /** Re-reads one row and replaces it in the list (after an action outside the form). */
  const refreshItem = async (id: string) => {
    const row = await fetchRow(id, list.items.find((i) => i.id === id) ?? {});
    setList((s) => replaceItem(s, row));
  };

  const save = async (doc: Doc): Promise<SaveOutcome> => {
    if (!editing) return null;
    const id = editing.id;
    setEditing({ ...editing, doc, saving: true });
    try {
      if (id) {
        await tableApi.update(table, id, doc);
        const row = await fetchRow(id, doc);
        setList((s) => replaceItem(s, row));
      } else {
        const newId = await tableApi.create(table, doc);
        const row = await fetchRow(String(newId), doc);
        setList((s) => insertOnTop(s, row, pageSize));
      }
      setEditing(null);
      return id ? 'updated' : 'created';
    } catch (err) {
      setEditing({ id, doc, errors: errorsOf(err), saving: false });
      return null;
    }
  };

  /** Deletes and reloads; resolves to the errors (empty on success). */
  const remove = async (id: string): Promise<FieldError[]> => {
    try {
      await tableApi.remove(table, id);
      if (editing?.id === id) setEditing(null);
      const lastOnPage = list.items.length === 1 && page > 0;
      if (lastOnPage) setPage(page - 1);
      else await load();
      return [];
    } catch (err) {
      return errorsOf(err);
    }
  };

  /** Reads the current page again (rows written elsewhere: an import). */
  const reload = () => load();

  return { form, loadErrors, list, page, pageSize, loading, editing, opening, changePage, openNew, openEdit, close, save, remove, refreshItem, reload };
}

export type CatalogueController = ReturnType<typeof useCatalogue>;
