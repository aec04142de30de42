/**
 * A case-workflow dialog drawn from the action's declared form (`schemas/forms/case_close.json`, …; loaded
 * by `POST /api/tbl/<form>/form`, the same file the server validates the action's input with) by the
 * generic {@link SchemaForm}: browser checks from the schema, `x-visible` conditions, ref fields with
 * their filters, and the server's refusals beside their fields. `values` start the document (today's
 * date, the case's tags), `omit` leaves fields out (the move date of a case not on treatment), `choices`
 * narrows a field's options (the outcomes that fit the case) and
 * `extra` draws more from the document being edited (the close warning of the chosen outcome).
 *
 * @example
 *   <ActionFormDialog open form="case_close" testId="close-dialog" title={t('ui.casePage.cmd.close')}
 *     values={{ outcomeDate: today() }} save={(doc) => caseCalls.close(id, doc)} onClose={close} onDone={reload}
 *     extra={(doc) => <CloseWarning caseId={id} outcome={doc.outcome as string} />} />
 */
import { useEffect, useState, type ReactNode } from 'react';
import { Modal } from 'antd';
import { errorsOf, tableApi, type Doc, type FieldError, type RemoteForm } from '../../api/index.ts';
import { SchemaForm } from '../../generic/forms/SchemaForm.tsx';
import { WaitIcon } from '../../generic/WaitIcon.tsx';
import { withoutField } from '../treatment/forms.ts';
import { DialogErrors } from './DialogErrors.tsx';
import { useData } from '../../generic/data/useData.ts';

export interface ActionFormDialogProps {
  open: boolean;
  /** The form schema file of the action's input (`case_close`). */
  form: string;
  title: ReactNode;
  /** The dialog's data-testid (the form inside is `<testId>-form`). */
  testId: string;
  /** Starting values over the server's document. */
  values?: Doc;
  /** Fields of the form not asked here. */
  omit?: string[];
  /** A field's choices narrowed to these (the outcomes that fit the case: cases/workflow/rules.ts). */
  choices?: Record<string, readonly string[]>;
  /** Posts the document to the action's route. */
  save: (doc: Doc) => Promise<unknown>;
  onClose: () => void;
  /** After a successful save. */
  onDone: () => void;
  /** More content under the form's fields, drawn from the document being edited. */
  extra?: (doc: Doc) => ReactNode;
}

/** The field's `enum` kept to `allowed` (in the schema's order). */
function narrowed(schema: Record<string, unknown>, field: string, allowed: readonly string[]): Record<string, unknown> {
  const props = (schema.properties as Record<string, Record<string, unknown>> | undefined) ?? {};
  const prop = props[field];
  if (!prop || !Array.isArray(prop.enum)) return schema;
  return { ...schema, properties: { ...props, [field]: { ...prop, enum: prop.enum.filter((v) => allowed.includes(v as string)) } } };
}

/** The remote form with `values` over its document, the `omit`ted fields left out and the `choices` narrowed. */
async function loadForm(form: string, values: Doc = {}, omit: string[] = [], choices: Record<string, readonly string[]> = {}): Promise<RemoteForm> {
  const found = await tableApi.form(form);
  let schema = omit.reduce((s, f) => withoutField(s, f), found.schema);
  for (const [field, allowed] of Object.entries(choices)) schema = narrowed(schema, field, allowed);
  const doc: Doc = { ...(found.doc ?? {}), ...values };
  for (const f of omit) delete doc[f];
  return { ...found, schema, doc };
}

export function ActionFormDialog({ open, form, title, testId, values, omit, choices, save, onClose, onDone, extra }: ActionFormDialogProps) {
  // read when the dialog opens: a form read for an earlier opening is never shown
  const { data: loaded = null, errors: loadErrors } = useData(() => loadForm(form, values, omit, choices), [open, form], { enabled: open, keepPrevious: false });
  const [edited, setEdited] = useState<Doc | null>(null);
  const doc = edited ?? loaded?.doc ?? {};
  const [saveErrors, setSaveErrors] = useState<FieldError[]>([]);
  const errors = saveErrors.length ? saveErrors : loadErrors;
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (!open) return;
    setEdited(null);
    setSaveErrors([]);
  }, [open, form]);

  const submit = async (next: Doc) => {
    setSaving(true);
    try {
      await save(next);
      setSaveErrors([]);
      onDone();
    } catch (e) {
      setSaveErrors(errorsOf(e));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal open={open} title={title} footer={null} onCancel={onClose} destroyOnHidden mask={{ closable: false }}>
      <div data-testid={testId}>
        {loaded ? (
          <>
            {extra?.(doc)}
            <SchemaForm
              testId={`${testId}-form`}
              schema={loaded.schema}
              uiSchema={loaded.resources?.uiSchema}
              options={loaded.resources?.options}
              formData={loaded.doc}
              serverErrors={errors}
              saving={saving}
              onChange={setEdited}
              onSubmit={submit}
              onCancel={onClose}
            />
          </>
        ) : errors.length ? (
          <DialogErrors errors={errors.map((e) => e.msg)} />
        ) : (
          <WaitIcon />
        )}
      </div>
    </Modal>
  );
}
