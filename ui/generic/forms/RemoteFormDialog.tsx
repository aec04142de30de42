/**
 * A modal form whose schema and document come from the server (by default
 * `POST /api/tbl/{table}/form {id?}`), saved by `save`; server errors return to the form. Escape
 * or the close button ask first when something was changed (`useUnsavedGuard`).
 *
 * @example
 *   <RemoteFormDialog open title="…" table="workspace" id={wsId}
 *     save={(doc) => tableApi.update('workspace', wsId, doc)} onSaved={reload} onClose={close} />
 */
import { useEffect, useState, type ReactNode } from 'react';
import { Modal } from 'antd';
import { errorsOf, tableApi, type Doc, type FieldError, type RemoteForm } from '../../api/index.ts';
import { useData } from '../data/useData.ts';
import { WaitIcon } from '../WaitIcon.tsx';
import { SchemaForm } from './SchemaForm.tsx';
import { useUnsavedGuard } from './useUnsavedGuard.tsx';
import { dialogWidth } from './table/tableColumns.ts';

export interface RemoteFormDialogProps {
  open: boolean;
  title: ReactNode;
  /** Table of the generic form endpoint; or give `load`. */
  table?: string;
  id?: string;
  load?: () => Promise<RemoteForm>;
  save: (doc: Doc) => Promise<unknown>;
  onSaved?: (doc: Doc, result: unknown) => void;
  onClose: () => void;
  width?: number;
  /** Extra client-side checks, as server-style errors (see `SchemaForm`'s `check`). */
  check?: (doc: Doc) => FieldError[];
}

export function RemoteFormDialog({ open, title, table, id, load, save, onSaved, onClose, width, check }: RemoteFormDialogProps) {
  const [saveErrors, setSaveErrors] = useState<FieldError[]>([]);
  const [saving, setSaving] = useState(false);
  const guard = useUnsavedGuard(onClose);
  // read when the dialog opens, for this table and id only: another item's form is never shown
  const { data: form = null, errors: loadErrors } = useData((signal) => (load ? load() : tableApi.form(table!, id, false, signal)), [open, table, id], {
    enabled: open,
    keepPrevious: false,
  });
  const errors = saveErrors.length ? saveErrors : loadErrors;

  useEffect(() => {
    if (!open) return;
    setSaveErrors([]);
    guard.reset();
  }, [open, table, id]);

  const submit = async (doc: Doc) => {
    setSaving(true);
    try {
      const result = await save(doc);
      setSaveErrors([]);
      onSaved?.(doc, result);
    } catch (err) {
      setSaveErrors(errorsOf(err));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal open={open} title={title} width={dialogWidth(form?.schema, width)} footer={null} onCancel={guard.close} destroyOnHidden mask={{ closable: false }}>
      <div data-testid="remote-form-dialog" {...guard.watch}>
        {form ? (
          <SchemaForm
            schema={form.schema}
            uiSchema={form.resources?.uiSchema}
            options={form.resources?.options}
            formData={form.doc}
            serverErrors={errors}
            saving={saving}
            onSubmit={submit}
            onCancel={onClose}
            onChange={guard.changed}
            check={check}
          />
        ) : errors.length ? (
          <SchemaErrors errors={errors} />
        ) : (
          <WaitIcon />
        )}
      </div>
      {guard.dialog}
    </Modal>
  );
}

function SchemaErrors({ errors }: { errors: FieldError[] }) {
  return (
    <ul data-testid="form-errors" style={{ color: '#cf1322' }}>
      {errors.map((e, i) => (
        <li key={i}>{e.msg}</li>
      ))}
    </ul>
  );
}
