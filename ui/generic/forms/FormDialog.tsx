/**
 * A {@link SchemaForm} in a modal dialog; the form's own buttons save and cancel. Escape or the
 * close button ask first when the user has changed something ({@link useUnsavedGuard}); a click
 * outside does nothing. A form with a table is drawn wider.
 */
import { useEffect, type ReactNode } from 'react';
import { Modal } from 'antd';
import { SchemaForm, type SchemaFormProps } from './SchemaForm.tsx';
import { useUnsavedGuard } from './useUnsavedGuard.tsx';
import { dialogWidth } from './table/tableColumns.ts';

export interface FormDialogProps extends SchemaFormProps {
  open: boolean;
  title: ReactNode;
  width?: number;
  onCancel: () => void;
}

export function FormDialog({ open, title, width, ...form }: FormDialogProps) {
  const guard = useUnsavedGuard(form.onCancel);
  useEffect(() => {
    if (open) guard.reset();
  }, [open]);
  return (
    <Modal open={open} title={title} width={dialogWidth(form.schema, width)} footer={null} onCancel={guard.close} destroyOnHidden mask={{ closable: false }}>
      <div data-testid="form-dialog" {...guard.watch}>
        {open ? (
          <SchemaForm
            {...form}
            onChange={(doc) => {
              guard.changed();
              form.onChange?.(doc);
            }}
          />
        ) : null}
      </div>
      {guard.dialog}
    </Modal>
  );
}
