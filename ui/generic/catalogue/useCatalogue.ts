/**
 * The state of one generic catalogue screen:
 * list → open a form (new, or edit after fetching the item) → save (create or update) → close and
 * refresh the item. Only one form is open at a time; changing page closes it.
 */
import { useCallback, useEffect, useState } from 'react';
import { useLatest } from '../data/useLatest.ts';
import { errorsOf, tableApi, type Doc, type FieldError, type RemoteForm } from '../../api/index.ts';
import { insertOnTop, pageSizeOf, replaceItem, type ListState } from './catalogueModel.ts';

export interface EditState {
  id?: string;
  doc: Doc;
  errors: FieldError[];
  saving: boolean;
}

export type SaveOutcome = 'created' | 'updated' | null;

export function useCatalogue(table: string) {
  const [form, setForm] = useState<RemoteForm | null>(null);
  const [loadErrors, setLoadErrors] = useState<FieldError[]>([]);
  const [list, setList] = useState<ListState>({ items: [], count: 0 });
  const [page, setPage] = useState(0);
  const [loading, setLoading] = useState(true);
  const [editing, setEditing] = useState<EditState | null>(null);
  const [opening, setOpening] = useState<string | null>(null);
  const pageSize = form ? pageSizeOf(form) : undefined;

  useEffect(() => {
    let live = true;
    tableApi.form(table).then(
      (f) => live && setForm(f),
      (err) => live && (setLoadErrors(errorsOf(err)), setLoading(false)),
    );
    return () => {
      live = false;
    };
  }, [table]);

  // the last list asked for: an answer that comes after a later request's (a page left at once) is dropped
  const askList = useLatest();
  // the last form asked for: another item's, a new one, a page change or a close drops an earlier answer
  const askForm = useLatest();
  const load = useCallback(
    async (p: number) => {
      const req = askList.begin();
      setLoading(true);
      try {
        // the API counts pages from 1
        const res = await tableApi.query(table, pageSize ? { page: p + 1, pageSize } : {}, req.signal);
        if (!req.isLatest()) return;
        setList({ items: res.list ?? [], count: res.count ?? res.list?.length ?? 0, countCapped: res.countCapped, countEstimated: res.countEstimated });
        setLoadErrors([]);
      } catch (err) {
        if (req.isLatest()) setLoadErrors(errorsOf(err));
      } finally {
        if (req.isLatest()) setLoading(false);
      }
    },
    [table, pageSize, askList],
  );

  useEffect(() => {
    if (form) void load(page);
  }, [form, page, load]);

  /** An edit form still on its way is not opened: the user went elsewhere. */
  const dropAskedForm = () => {
    askForm.drop();
    setOpening(null);
  };

  const changePage = (p: number) => {
    dropAskedForm();
    setEditing(null);
    setPage(p);
  };

  const openNew = () => {
    dropAskedForm();
    if (form) setEditing({ doc: structuredClone(form.doc ?? {}), errors: [], saving: false });
  };

  const openEdit = async (id: string) => {
    const req = askForm.begin();
    setEditing(null);
    setOpening(id);
    try {
      const doc = await tableApi.editDoc(table, id, req.signal);
      if (req.isLatest()) setEditing({ id, doc: doc ?? {}, errors: [], saving: false });
    } catch (err) {
      if (req.isLatest()) setLoadErrors(errorsOf(err));
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
      else await load(page);
      return [];
    } catch (err) {
      return errorsOf(err);
    }
  };

  /** Reads the current page again (rows written elsewhere: an import). */
  const reload = () => load(page);

  return { form, loadErrors, list, page, pageSize, loading, editing, opening, changePage, openNew, openEdit, close, save, remove, refreshItem, reload };
}

export type CatalogueController = ReturnType<typeof useCatalogue>;
