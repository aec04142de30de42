/** A {@link SchemaForm} in a modal dialog; the form's own buttons save and cancel. */
import type { ReactNode } from 'react';
import { Modal } from 'antd';
import { SchemaForm, type SchemaFormProps } from './SchemaForm.tsx';

export interface FormDialogProps extends SchemaFormProps {
  open: boolean;
  title: ReactNode;
  width?: number;
  onCancel: () => void;
}

export function FormDialog({ open, title, width = 640, ...form }: FormDialogProps) {
  return (
    <Modal open={open} title={title} width={width} footer={null} onCancel={form.onCancel} destroyOnHidden mask={{ closable: false }}>
      <div data-testid="form-dialog">{open ? <SchemaForm {...form} /> : null}</div>
    </Modal>
  );
}
